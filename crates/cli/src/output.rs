//! Writing points as JSON, CSV or a count.
//!
//! Numbers use Rust's shortest round-trip formatting: the fewest digits that parse back to the
//! identical `f64`, so a pipeline that reads the JSON gets exactly the points the sampler made.

use std::fmt::Write as _;
use std::io::{self, Write};

/// The output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `{"width": W, "height": H, "points": [[x, y, r], ...]}`.
    Json,
    /// A header line, then `x,y,r` (or `x,y`) per point.
    Csv,
    /// The number of points.
    Count,
}

impl Format {
    /// Reads `json`, `csv` or `count`.
    pub fn parse(s: &str) -> Result<Self, String> {
        match s {
            "json" => Ok(Format::Json),
            "csv" => Ok(Format::Csv),
            "count" => Ok(Format::Count),
            _ => Err(format!("--format must be json, csv or count, got '{s}'")),
        }
    }
}

/// Points as written: `[x, y]` or `[x, y, r]`, all the same length.
pub enum Points {
    /// Points without their own radius.
    Xy(Vec<[f64; 2]>),
    /// Points with their own radius.
    Xyr(Vec<poisson_live::Point>),
}

impl Points {
    fn len(&self) -> usize {
        match self {
            Points::Xy(p) => p.len(),
            Points::Xyr(p) => p.len(),
        }
    }

    /// The numbers of point `i` and how many of them there are (2 or 3).
    fn row(&self, i: usize) -> ([f64; 3], usize) {
        match self {
            Points::Xy(p) => ([p[i][0], p[i][1], 0.0], 2),
            Points::Xyr(p) => ([p[i].x, p[i].y, p[i].r], 3),
        }
    }

    fn header(&self) -> &'static str {
        match self {
            Points::Xy(_) => "x,y",
            Points::Xyr(_) => "x,y,r",
        }
    }
}

/// Appends `v` in the shortest form that parses back to the same `f64`: whole numbers without a
/// fraction (`720`), others as Rust's `Debug` prints them (`0.1`, `1e-7`), both valid JSON.
/// Only finite numbers reach here: the core validates every input.
pub fn number(out: &mut String, v: f64) {
    if v == v.trunc() && v.abs() < 1e15 {
        // Exact: |v| < 1e15 fits an i64 without rounding; -0.0 prints as 0, which reads back equal.
        let _ = write!(out, "{}", v as i64);
    } else {
        let _ = write!(out, "{v:?}");
    }
}

/// Writes the points in `format` to `w`.
pub fn write(
    w: &mut dyn Write,
    format: Format,
    width: f64,
    height: f64,
    points: &Points,
) -> io::Result<()> {
    // Formatted in blocks into one reusable String: far fewer calls into the writer than one
    // `write!` per number.
    let mut buf = String::with_capacity(1 << 16);
    let flush = |w: &mut dyn Write, buf: &mut String| -> io::Result<()> {
        w.write_all(buf.as_bytes())?;
        buf.clear();
        Ok(())
    };
    match format {
        Format::Count => {
            let _ = writeln!(buf, "{}", points.len());
        }
        Format::Json => {
            buf.push_str("{\"width\": ");
            number(&mut buf, width);
            buf.push_str(", \"height\": ");
            number(&mut buf, height);
            buf.push_str(", \"points\": [");
            for i in 0..points.len() {
                buf.push_str(if i == 0 { "\n  [" } else { ",\n  [" });
                let (row, n) = points.row(i);
                for (j, &v) in row[..n].iter().enumerate() {
                    if j > 0 {
                        buf.push_str(", ");
                    }
                    number(&mut buf, v);
                }
                buf.push(']');
                if buf.len() > 60_000 {
                    flush(w, &mut buf)?;
                }
            }
            buf.push_str(if points.len() == 0 { "]}\n" } else { "\n]}\n" });
        }
        Format::Csv => {
            buf.push_str(points.header());
            buf.push('\n');
            for i in 0..points.len() {
                let (row, n) = points.row(i);
                for (j, &v) in row[..n].iter().enumerate() {
                    if j > 0 {
                        buf.push(',');
                    }
                    number(&mut buf, v);
                }
                buf.push('\n');
                if buf.len() > 60_000 {
                    flush(w, &mut buf)?;
                }
            }
        }
    }
    flush(w, &mut buf)?;
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(v: f64) -> String {
        let mut s = String::new();
        number(&mut s, v);
        s
    }

    #[test]
    fn numbers_read_back_identically() {
        for v in [
            0.0,
            720.0,
            0.1,
            1.0 / 3.0,
            123.456_789_012_345_67,
            1e-7,
            1e300,
            5e-324,
            1e15,
            2f64.powi(60),
        ] {
            assert_eq!(show(v).parse::<f64>().unwrap(), v, "{}", show(v));
        }
        assert_eq!(show(720.0), "720");
        assert_eq!(show(-3.0), "-3");
        assert_eq!(show(0.5), "0.5");
    }

    #[test]
    fn empty_json_is_valid() {
        let mut out = Vec::new();
        write(&mut out, Format::Json, 1.0, 2.0, &Points::Xy(vec![])).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"width\": 1, \"height\": 2, \"points\": []}\n"
        );
    }
}
