//! Point sets as text a game's tools can read: JSON and CSV.
//!
//! Numbers are written with Rust's shortest round-trip formatting (`{}` on an `f64`): reading
//! the text back gives the same `f64`, bit for bit. That form never uses an exponent and whole
//! numbers print without a decimal point (`720`), so every finite value is valid JSON and plain
//! CSV. A value that is not finite has no JSON number: it is written as `null` in JSON and left
//! empty in CSV.

use crate::Point;
use std::fmt::Write;

/// One number in JSON: the shortest round-trip decimal, or `null` when it is not finite.
fn json_number(out: &mut String, value: f64) {
    if value.is_finite() {
        let _ = write!(out, "{value}");
    } else {
        out.push_str("null");
    }
}

/// One number in CSV: the shortest round-trip decimal, or nothing when it is not finite.
fn csv_number(out: &mut String, value: f64) {
    if value.is_finite() {
        let _ = write!(out, "{value}");
    }
}

/// JSON rows of numbers, each row `[a, b, …]`, inside `{"width": W, "height": H, "points": […]}`:
/// the shape of every JSON export, for rows of any columns (`poisson refill`'s `[id, x, y, r]`).
pub fn json_rows<'a>(width: f64, height: f64, rows: impl Iterator<Item = &'a [f64]>) -> String {
    let mut out = String::from("{\"width\": ");
    json_number(&mut out, width);
    out.push_str(", \"height\": ");
    json_number(&mut out, height);
    out.push_str(", \"points\": [");
    for (i, row) in rows.enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push('[');
        for (j, &value) in row.iter().enumerate() {
            if j > 0 {
                out.push_str(", ");
            }
            json_number(&mut out, value);
        }
        out.push(']');
    }
    out.push_str("]}\n");
    out
}

/// CSV with a header line, then one line per row, each ending in `\n`: the shape of every CSV
/// export, for rows of any columns.
pub fn csv_rows<'a>(header: &str, rows: impl Iterator<Item = &'a [f64]>) -> String {
    let mut out = String::from(header);
    out.push('\n');
    for row in rows {
        for (j, &value) in row.iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            csv_number(&mut out, value);
        }
        out.push('\n');
    }
    out
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
