//! Writing points as JSON, CSV or a count, to standard output or a file.
//!
//! JSON and CSV are the core's [`poisson_live::export`] text, the very bytes the page's JSON
//! and CSV downloads hold: numbers in Rust's shortest round-trip form (the fewest digits that
//! parse back to the identical `f64`), so a pipeline that reads them gets exactly the points the
//! sampler made.

use crate::Failure;
use poisson_live::export;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// The output formats (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// one line: {width: W, height: H, points: [[x, y, r], ...]}, and [x, y] for the points of
    /// random, jittered and darts, which have no radius of their own, and of fast and endless,
    /// whose points all have --radius; a box (--depth D) adds depth: D after the height and
    /// writes [x, y, z]
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
    /// Points of a box `depth` deep, `x, y, z` rows under the CSV header `x,y,z`; JSON gives
    /// the depth beside the width and height.
    Xyz { depth: f64, points: Vec<[f64; 3]> },
    /// Points with a class each, an index into `names`.
    Classed {
        points: Vec<poisson_live::Point>,
        classes: Vec<u16>,
        names: Vec<String>,
    },
}

impl Points {
    /// Points of a box `depth` deep.
    pub fn xyz(points: Vec<[f64; 3]>, depth: f64) -> Self {
        Points::Xyz { depth, points }
    }

    fn len(&self) -> usize {
        match self {
            Points::Xy(p) => p.len(),
            Points::Xyr(p) => p.len(),
            Points::Table {
                columns, values, ..
            } => values.len() / columns,
            Points::Xyz { points, .. } => points.len(),
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
        (Format::Json, Points::Xyz { depth, points }) => {
            export::to_json_xyz(width, height, *depth, points)
        }
        (Format::Csv, Points::Xyz { points, .. }) => export::to_csv_xyz(points),
        (
            Format::Json,
            Points::Classed {
                points,
                classes,
                names,
            },
        ) => export::to_json_classed(width, height, points, classes, names),
        (
            Format::Csv,
            Points::Classed {
                points,
                classes,
                names,
            },
        ) => export::to_csv_classed(points, classes, names),
    }
}

/// Writes `bytes` to standard output; a reader that went away (`| head -1`) ends the run
/// quietly. (This and [`to_file`] go through [`Sink`], as every output of every command does.)
pub fn to_stdout(bytes: &[u8]) -> Result<(), Failure> {
    let mut sink = Sink::open(None)?;
    sink.write(bytes)?;
    sink.finish()
}

/// Writes `bytes` to a new file at `path` (replacing one that is there), whole or not at all.
pub fn to_file(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let mut sink = Sink::open(Some(path))?;
    sink.write(bytes)?;
    sink.finish()
}

/// Where output goes, written as it comes: standard output, or a file that appears only once it
/// is complete.
///
/// A file is written to a temporary file beside it (`.NAME.PID.partial`, in the same folder so
/// the rename cannot cross file systems) and renamed over `path` by [`Sink::finish`]. If the run
/// stops on an error first, the temporary file is removed: a pipeline never reads half a point
/// set under the name it asked for. (A replaced file gets the permissions of a new one. A run
/// killed by a signal can leave the `.partial` file, never a partial `path`.) A path that is not
/// a regular file, such as `/dev/null` or a named pipe, is written directly. A symbolic link is
/// followed, even to a file not there yet: the file it names is written, never the link.
pub struct Sink {
    out: BufWriter<Box<dyn Write + Send>>,
    /// `None` for standard output.
    file: Option<Partial>,
}

/// The temporary file behind a [`Sink`] and the path it becomes.
struct Partial {
    /// `None` when writing straight to `target`.
    temp: Option<PathBuf>,
    target: PathBuf,
}

impl Sink {
    /// Standard output (`None`, or `-`) or a new file at `path`.
    pub fn open(path: Option<&Path>) -> Result<Self, Failure> {
        let out: Box<dyn Write + Send>;
        let file = match path.filter(|p| p.as_os_str() != "-") {
            None => {
                out = Box::new(io::stdout());
                None
            }
            Some(path) => {
                let target = followed(path)?;
                let regular = std::fs::metadata(&target).map_or(true, |m| m.is_file());
                let temp = regular.then(|| partial_path(&target));
                let opened = temp.as_deref().unwrap_or(&target);
                let created = std::fs::File::create(opened).map_err(|e| {
                    Failure::Input(match &temp {
                        Some(temp) => format!(
                            "cannot create the temporary file {} to write {} through: {e}",
                            temp.display(),
                            path.display()
                        ),
                        None => format!("cannot create {}: {e}", path.display()),
                    })
                })?;
                out = Box::new(created);
                Some(Partial { temp, target })
            }
        };
        Ok(Self {
            out: BufWriter::with_capacity(1 << 20, out),
            file,
        })
    }

    /// Writes `bytes`; a reader of standard output that went away is [`Failure::BrokenPipe`].
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        let result = self.out.write_all(bytes);
        result.map_err(|e| self.failure(e))
    }

    /// Flushes everything and, for a file, gives it its name.
    pub fn finish(mut self) -> Result<(), Failure> {
        let result = self.out.flush();
        result.map_err(|e| self.failure(e))?;
        if let Some(Partial {
            temp: Some(temp),
            target,
        }) = self.file.take()
        {
            std::fs::rename(&temp, &target).map_err(|e| {
                let _ = std::fs::remove_file(&temp);
                Failure::Input(format!("cannot write {}: {e}", target.display()))
            })?;
        }
        Ok(())
    }

    fn failure(&self, e: io::Error) -> Failure {
        match &self.file {
            None if e.kind() == io::ErrorKind::BrokenPipe => Failure::BrokenPipe,
            None => Failure::Input(format!("cannot write to standard output: {e}")),
            Some(file) => Failure::Input(format!("cannot write {}: {e}", file.target.display())),
        }
    }
}

/// A run that stops before [`Sink::finish`] leaves no file behind.
impl Drop for Sink {
    fn drop(&mut self) {
        if let Some(Partial {
            temp: Some(temp), ..
        }) = &self.file
        {
            let _ = std::fs::remove_file(temp);
        }
    }
}

/// The file `path` names: a link is followed, so the file it names is the one replaced, or
/// made when it does not exist yet (as a shell's `>` does), and the link stays a link.
fn followed(path: &Path) -> Result<PathBuf, Failure> {
    if let Ok(real) = std::fs::canonicalize(path) {
        return Ok(real);
    }
    // Not there, or a link to something not there: follow the links as far as they go.
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::read_link(&at) {
            // A relative link is read from its own folder; `join` keeps an absolute one whole.
            Ok(to) => at = at.parent().map_or_else(|| to.clone(), |dir| dir.join(&to)),
            Err(_) => return Ok(at),
        }
    }
    Err(Failure::Input(format!(
        "cannot write {}: its symbolic links go round in a loop",
        path.display()
    )))
}

/// `.NAME.PID.partial` beside `target`.
fn partial_path(target: &Path) -> PathBuf {
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    target.with_file_name(format!(".{name}.{}.partial", std::process::id()))
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
    fn a_file_appears_whole_or_not_at_all() {
        let dir = std::env::temp_dir().join(format!("poisson-sink-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("points.csv");
        let listing = || -> Vec<_> {
            let mut names: Vec<_> = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().file_name())
                .collect();
            names.sort();
            names
        };
        // Stopped part way (an error elsewhere drops the sink): nothing is left.
        let mut sink = Sink::open(Some(&path)).unwrap();
        sink.write(b"x,y\n1,2\n").unwrap();
        assert_eq!(listing().len(), 1, "the partial file is beside the target");
        assert!(!path.exists());
        drop(sink);
        assert!(listing().is_empty());
        // Finished: the file, and only the file, with every byte.
        let mut sink = Sink::open(Some(&path)).unwrap();
        sink.write(b"x,y\n").unwrap();
        sink.write(b"1,2\n").unwrap();
        sink.finish().unwrap();
        assert_eq!(listing(), ["points.csv"]);
        assert_eq!(std::fs::read(&path).unwrap(), b"x,y\n1,2\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn empty_json_is_valid() {
        assert_eq!(
            render(Format::Json, 1.0, 2.0, &Points::Xy(vec![])),
            "{\"width\": 1, \"height\": 2, \"points\": []}\n"
        );
    }
}
