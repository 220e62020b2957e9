//! Writing points as JSON, CSV or a count.
//!
//! JSON and CSV are the core's [`poisson_live::export`] text, the very bytes the page's JSON
//! and CSV downloads hold: numbers in Rust's shortest round-trip form (the fewest digits that
//! parse back to the identical `f64`), so a pipeline that reads them gets exactly the points the
//! sampler made.

use poisson_live::export;
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
}

/// Writes the points in `format` to `w`.
pub fn write(
    w: &mut dyn Write,
    format: Format,
    width: f64,
    height: f64,
    points: &Points,
) -> io::Result<()> {
    let text = match (format, points) {
        (Format::Count, _) => format!("{}\n", points.len()),
        (Format::Json, Points::Xy(p)) => export::to_json_xy(width, height, p),
        (Format::Json, Points::Xyr(p)) => export::to_json(width, height, p),
        (Format::Csv, Points::Xy(p)) => export::to_csv_xy(p),
        (Format::Csv, Points::Xyr(p)) => export::to_csv(p),
    };
    w.write_all(text.as_bytes())?;
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_and_csv_are_the_pages_export_bytes() {
        let pts = poisson_live::poisson_disk(120.0, 80.0, 9.5, 30, 7).unwrap();
        let xy: Vec<[f64; 2]> = pts.iter().map(|p| [p.x, p.y]).collect();
        let run = |format, points: &Points| {
            let mut out = Vec::new();
            write(&mut out, format, 120.0, 80.0, points).unwrap();
            String::from_utf8(out).unwrap()
        };
        let xyr = Points::Xyr(pts.clone());
        let plain = Points::Xy(xy.clone());
        assert_eq!(run(Format::Json, &xyr), export::to_json(120.0, 80.0, &pts));
        assert_eq!(run(Format::Csv, &xyr), export::to_csv(&pts));
        assert_eq!(
            run(Format::Json, &plain),
            export::to_json_xy(120.0, 80.0, &xy)
        );
        assert_eq!(run(Format::Csv, &plain), export::to_csv_xy(&xy));
        assert_eq!(run(Format::Count, &plain), format!("{}\n", xy.len()));
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
