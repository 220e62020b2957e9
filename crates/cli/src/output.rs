//! Writing points as JSON, CSV or a count, to standard output or a file.
//!
//! JSON and CSV are the core's [`poisson_live::export`] text, the very bytes the page's JSON
//! and CSV downloads hold: numbers in Rust's shortest round-trip form (the fewest digits that
//! parse back to the identical `f64`), so a pipeline that reads them gets exactly the points the
//! sampler made.

use crate::Failure;
use poisson_live::export;
use std::io::{self, Write};
use std::path::Path;

/// The output formats (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// one line: {width: W, height: H, points: [[x, y, r], ...]}, and [x, y] for the points of
    /// random, jittered and darts, which have no radius of their own
    Json,
    /// a header line (x,y,r or x,y), then one point per line
    Csv,
    /// the number of points
    Count,
}

/// Points as written: `[x, y]` or `[x, y, r]`, all the same length.
pub enum Points {
    /// Points without their own radius.
    Xy(Vec<[f64; 2]>),
    /// Points with their own radius.
    Xyr(Vec<poisson_live::Point>),
    /// Rows of `columns` numbers each, flat, under a CSV `header` (`id,x,y,r`).
    Table {
        header: &'static str,
        columns: usize,
        values: Vec<f64>,
    },
    /// Points with a class each, an index into `names` (which need no quoting).
    Classed {
        points: Vec<poisson_live::Point>,
        classes: Vec<u16>,
        names: Vec<String>,
    },
}

impl Points {
    fn len(&self) -> usize {
        match self {
            Points::Xy(p) => p.len(),
            Points::Xyr(p) => p.len(),
            Points::Table {
                columns, values, ..
            } => values.len() / columns,
            Points::Classed { points, .. } => points.len(),
        }
    }
}

/// The points in `format`.
pub fn render(format: Format, width: f64, height: f64, points: &Points) -> String {
    match (format, points) {
        (Format::Count, _) => format!("{}\n", points.len()),
        (Format::Json, Points::Xy(p)) => export::to_json_xy(width, height, p),
        (Format::Json, Points::Xyr(p)) => export::to_json(width, height, p),
        (Format::Csv, Points::Xy(p)) => export::to_csv_xy(p),
        (Format::Csv, Points::Xyr(p)) => export::to_csv(p),
        (
            Format::Json,
            Points::Table {
                columns, values, ..
            },
        ) => export::json_rows(width, height, values.chunks(*columns)),
        (
            Format::Csv,
            Points::Table {
                header,
                columns,
                values,
            },
        ) => export::csv_rows(header, values.chunks(*columns)),
        (Format::Json, Points::Classed { .. }) | (Format::Csv, Points::Classed { .. }) => {
            classed(format, width, height, points)
        }
    }
}

/// [`Points::Classed`] as JSON (`{width, height, classes: [names], points: [[x, y, r, class],
/// …]}`, the class by index) or CSV (`x,y,r,class`, the class by name): the numbers written
/// by the core's export, the names added around them.
fn classed(format: Format, width: f64, height: f64, points: &Points) -> String {
    let Points::Classed {
        points,
        classes,
        names,
    } = points
    else {
        unreachable!("only called for classed points")
    };
    if format == Format::Json {
        let rows: Vec<[f64; 4]> = points
            .iter()
            .zip(classes)
            .map(|(p, &c)| [p.x, p.y, p.r, f64::from(c)])
            .collect();
        let text = export::json_rows(width, height, rows.iter().map(|r| &r[..]));
        let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
        let list = format!(", \"classes\": [{}], \"points\": [", quoted.join(", "));
        return text.replacen(", \"points\": [", &list, 1);
    }
    let rows: Vec<[f64; 3]> = points.iter().map(|p| [p.x, p.y, p.r]).collect();
    let text = export::csv_rows("x,y,r,class", rows.iter().map(|r| &r[..]));
    let mut out = String::with_capacity(text.len() + 8 * points.len());
    let mut lines = text.lines();
    out.extend(lines.next().map(|h| format!("{h}\n")));
    for (line, &c) in lines.zip(classes) {
        out.push_str(line);
        out.push(',');
        out.push_str(&names[c as usize]);
        out.push('\n');
    }
    out
}

/// Writes `bytes` to standard output; a reader that went away (`| head -1`) ends the run
/// quietly.
pub fn to_stdout(bytes: &[u8]) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| match e.kind() {
            io::ErrorKind::BrokenPipe => Failure::BrokenPipe,
            _ => Failure::Input(format!("cannot write to standard output: {e}")),
        })
}

/// Writes `bytes` to a new file at `path` (replacing one that is there).
pub fn to_file(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let shown = path.display();
    let mut file = std::fs::File::create(path)
        .map_err(|e| Failure::Input(format!("cannot create {shown}: {e}")))?;
    file.write_all(bytes)
        .map_err(|e| Failure::Input(format!("cannot write {shown}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_and_csv_are_the_pages_export_bytes() {
        let pts = poisson_live::poisson_disk(120.0, 80.0, 9.5, 30, 7).unwrap();
        let xy: Vec<[f64; 2]> = pts.iter().map(|p| [p.x, p.y]).collect();
        let xyr = Points::Xyr(pts.clone());
        let plain = Points::Xy(xy.clone());
        let run = |format, points| render(format, 120.0, 80.0, points);
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
        assert_eq!(
            render(Format::Json, 1.0, 2.0, &Points::Xy(vec![])),
            "{\"width\": 1, \"height\": 2, \"points\": []}\n"
        );
    }
}
