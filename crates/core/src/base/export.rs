//! Point sets as text a game's tools can read: JSON and CSV.
//!
//! Numbers are written with Rust's shortest round-trip formatting (`{}` on an `f64`): reading
//! the text back gives the same `f64`, bit for bit. That form never uses an exponent and whole
//! numbers print without a decimal point (`720`), so every finite value is valid JSON and plain
//! CSV. A value that is not finite has no JSON number: it is written as `null` in JSON and left
//! empty in CSV.

use crate::base::point::Point;
use std::fmt::Write;

/// One number in JSON: the shortest round-trip decimal, or `null` when it is not finite.
fn json_number(out: &mut String, value: f64) {
    if value.is_finite() {
        write!(out, "{value}").expect("writing to a String never fails");
    } else {
        out.push_str("null");
    }
}

/// One number in CSV: the shortest round-trip decimal, or nothing when it is not finite.
fn csv_number(out: &mut String, value: f64) {
    if value.is_finite() {
        write!(out, "{value}").expect("writing to a String never fails");
    }
}

/// The two text formats, a piece at a time: what comes before the rows, each row, and what
/// comes after. The one-call functions below are these pieces joined; a writer that streams a
/// set too big to hold (`poisson endless`) writes the same pieces as they come, so its bytes are
/// the same.
///
/// ```
/// use poisson_live::export::{to_json_xy, Text};
/// let points = [[1.5, 2.0], [3.0, 4.25]];
/// let mut out = String::new();
/// Text::Json.head(&mut out, 10.0, 5.0, "x,y");
/// for (i, p) in points.iter().enumerate() {
///     Text::Json.row(&mut out, p, i == 0);
/// }
/// Text::Json.tail(&mut out);
/// assert_eq!(out, to_json_xy(10.0, 5.0, &points));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Text {
    /// `{"width": W, "height": H, "points": [[a, b, …], …]}` and a newline.
    Json,
    /// A header line, then one line per row, numbers separated by commas.
    Csv,
}

impl Text {
    /// What comes before the first row: JSON's `{"width": W, "height": H, "points": [`, or CSV's
    /// `header` line (each format ignores what the other needs).
    pub fn head(self, out: &mut String, width: f64, height: f64, header: &str) {
        match self {
            Text::Json => {
                out.push_str("{\"width\": ");
                json_number(out, width);
                out.push_str(", \"height\": ");
                json_number(out, height);
                out.push_str(", \"points\": [");
            }
            Text::Csv => {
                out.push_str(header);
                out.push('\n');
            }
        }
    }

    /// One row of numbers; `first` for the set's first row (JSON separates the others from the
    /// row before).
    pub fn row(self, out: &mut String, row: &[f64], first: bool) {
        match self {
            Text::Json => {
                if !first {
                    out.push_str(", ");
                }
                out.push('[');
                for (j, &value) in row.iter().enumerate() {
                    if j > 0 {
                        out.push_str(", ");
                    }
                    json_number(out, value);
                }
                out.push(']');
            }
            Text::Csv => {
                for (j, &value) in row.iter().enumerate() {
                    if j > 0 {
                        out.push(',');
                    }
                    csv_number(out, value);
                }
                out.push('\n');
            }
        }
    }

    /// What comes after the last row.
    pub fn tail(self, out: &mut String) {
        if self == Text::Json {
            out.push_str("]}\n");
        }
    }

    /// The whole text of a set, in one string.
    fn whole<'a>(
        self,
        width: f64,
        height: f64,
        header: &str,
        rows: impl Iterator<Item = &'a [f64]>,
    ) -> String {
        let mut out = String::new();
        self.head(&mut out, width, height, header);
        for (i, row) in rows.enumerate() {
            self.row(&mut out, row, i == 0);
        }
        self.tail(&mut out);
        out
    }
}

/// JSON rows of numbers, each row `[a, b, …]`, inside `{"width": W, "height": H, "points": […]}`:
/// the shape of every JSON export, for rows of any columns (`poisson refill`'s `[id, x, y, r]`).
pub fn json_rows<'a>(width: f64, height: f64, rows: impl Iterator<Item = &'a [f64]>) -> String {
    Text::Json.whole(width, height, "", rows)
}

/// CSV with a header line, then one line per row, each ending in `\n`: the shape of every CSV
/// export, for rows of any columns.
pub fn csv_rows<'a>(header: &str, rows: impl Iterator<Item = &'a [f64]>) -> String {
    Text::Csv.whole(0.0, 0.0, header, rows)
}

/// Points with their radii as `{"width": W, "height": H, "points": [[x, y, r], …]}`.
pub fn to_json(width: f64, height: f64, points: &[Point]) -> String {
    let rows: Vec<[f64; 3]> = points.iter().map(|p| [p.x, p.y, p.r]).collect();
    json_rows(width, height, rows.iter().map(|r| &r[..]))
}

/// Points with their radii as CSV: the header `x,y,r`, then one line per point.
pub fn to_csv(points: &[Point]) -> String {
    let rows: Vec<[f64; 3]> = points.iter().map(|p| [p.x, p.y, p.r]).collect();
    csv_rows("x,y,r", rows.iter().map(|r| &r[..]))
}

/// Positions without radii as `{"width": W, "height": H, "points": [[x, y], …]}`.
pub fn to_json_xy(width: f64, height: f64, points: &[[f64; 2]]) -> String {
    json_rows(width, height, points.iter().map(|p| &p[..]))
}

/// Positions without radii as CSV: the header `x,y`, then one line per point.
pub fn to_csv_xy(points: &[[f64; 2]]) -> String {
    csv_rows("x,y", points.iter().map(|p| &p[..]))
}
