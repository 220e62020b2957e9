//! `poisson refill`: a patch of a saved point set rerolled, every other point kept with its id.

use crate::options::{number, Checked, Shared, TriesOption};
use crate::output::Points;
use crate::{number_text, Failure};
use poisson_live::edit::{EditableSet, Item, Stroke, Tool};
use poisson_live::error::{Advice, Bound, MAX_LENGTH, MIN_LENGTH};
use poisson_live::Error;
use poisson_live::Point;
use poisson_live::SamplerParams;
use std::collections::HashSet;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// The largest input read, in bytes (1 GiB): past it the input is refused, not read on.
pub const MAX_INPUT_BYTES: u64 = 1 << 30;
/// The most rows of points read (16 M, about the most one map holds at the work limit).
pub const MAX_INPUT_ROWS: usize = 1 << 24;
/// The longest line read, in bytes (16 MiB), the header included.
pub const MAX_LINE_BYTES: usize = 1 << 24;
/// How much of a field or a header a message quotes, in characters.
const QUOTED: usize = 40;

/// Refill a circle of a point set, keeping every other point and its id
///
/// Reads a CSV of points, removes those under --circle (closer than R to X,Y) and fills that
/// patch again with points at least --radius apart and from every kept point (the core's
/// edit::EditableSet, Tool::Refill; Bridson's algorithm seeded from --seed). Kept points keep
/// their id and coordinates to the bit, in the input's order; the new points follow, with ids
/// above the largest in the input. The same input, circle and seed give the same output.
///
/// Input: plain CSV (no quoted fields) whose header row names its columns, in any order: x and
/// y, and optionally id (whole numbers from 0, unique; without it the rows are numbered from 0)
/// and r (each point's own spacing: a pair keeps the smaller of its two; without it every point
/// keeps --radius). Other columns are ignored and not written. The input must keep its spacing
/// already, and every point must be on the map. At most 1 GiB, 16777216 rows of points and
/// 16 MiB a line: a larger input is refused.
///
/// Output: the columns id,x,y (and r when the input had it); in JSON
/// {width, height, points: [[id, x, y, r], …]}, the CSV's columns in the CSV's order.
#[derive(clap::Args)]
pub struct Refill {
    /// CSV of the points to edit ('-' reads standard input)
    #[arg(short, long, value_name = "FILE")]
    input: PathBuf,
    /// the patch to refill: centre X,Y and radius R in map units; it must reach the map
    #[arg(short, long, value_name = "X,Y,R", value_parser = Checked(circle))]
    circle: [f64; 3],
    /// minimum distance between two new points, and from a new point to a kept one (> 0)
    #[arg(short, long, value_name = "R", value_parser = Checked(number))]
    radius: f64,
    /// map width (> 0); without it the map ends at the input's largest x, so no new point lands
    /// beyond the input's points
    #[arg(short = 'W', long, value_name = "W", value_parser = Checked(number))]
    width: Option<f64>,
    /// map height (> 0); without it the map ends at the input's largest y
    #[arg(short = 'H', long, value_name = "H", value_parser = Checked(number))]
    height: Option<f64>,
    #[command(flatten)]
    k: TriesOption,
    #[command(flatten)]
    shared: Shared,
}

/// `X,Y,R`: three numbers.
fn circle(name: &str, text: &str) -> Result<[f64; 3], String> {
    let parts: Vec<&str> = text.split(',').collect();
    let bad = || format!("--{name} must be X,Y,R (three numbers), got '{text}'");
    let [x, y, r] = parts[..] else {
        return Err(bad());
    };
    let read = |v: &str| number(name, v).map_err(|_| bad());
    Ok([read(x)?, read(y)?, read(r)?])
}

impl Refill {
    pub fn run(self) -> Result<(), Failure> {
        let name = self.input.display().to_string();
        let table = read_input(&self.input)?;
        let (width, height) = (
            self.width.map_or_else(|| table.extent(0, "width"), Ok)?,
            self.height.map_or_else(|| table.extent(1, "height"), Ok)?,
        );
        let [cx, cy, cr] = self.circle;
        let circle_text = || self.circle.map(number_text).join(",");
        let stroke = Stroke::circle(cx, cy, cr)
            .map_err(|e| Failure::Input(format!("--circle {}: {e}", circle_text())))?;
        // The options first, in the core's words; then the points, in the file's name.
        let (radius, k, seed) = (self.radius, self.k.k, self.shared.seed());
        EditableSet::new(SamplerParams {
            width,
            height,
            radius,
            k,
            seed,
        })?;
        let items = table.items(radius);
        let mut set = EditableSet::with_items(
            SamplerParams {
                width,
                height,
                radius,
                k,
                seed,
            },
            items,
        )
        .map_err(|e| at(&name, e.to_string()))?;
        let (nx, ny) = (cx.clamp(0.0, width), cy.clamp(0.0, height));
        let (dx, dy) = (cx - nx, cy - ny);
        if dx * dx + dy * dy >= cr * cr {
            return Err(Failure::Input(format!(
                "the circle {} does not reach the map [0, {}) × [0, {}); nothing to refill",
                circle_text(),
                number_text(width),
                number_text(height)
            )));
        }
        set.apply(Tool::Refill, &stroke).map_err(in_options)?;
        let columns = if table.r.is_some() { 4 } else { 3 };
        let mut values = Vec::with_capacity(columns * set.len());
        for Item { id, point, .. } in set.items() {
            values.extend(
                [f64::from(id), point.x, point.y, point.r]
                    .iter()
                    .take(columns),
            );
        }
        let header = if columns == 4 { "id,x,y,r" } else { "id,x,y" };
        let points = Points::Table {
            header,
            columns,
            values,
        };
        self.shared.write(width, height, &points)
    }
}

/// The core's refusal of an edit, with advice about the brush put as the option that sets it.
fn in_options(mut e: Error) -> Failure {
    if let Error::TooMuchWork { hint, .. } = &mut e {
        if let (Some("brush radius"), Some(Bound::AtMost(most))) = (hint.parameter, &hint.bound) {
            *hint = Advice::from(format!("use a --circle radius R ≤ {}", number_text(*most)));
        }
    }
    e.into()
}

/// The input's table, from a file or standard input, read a line at a time.
fn read_input(path: &Path) -> Result<Table, Failure> {
    let (name, reader) = open_input(path)?;
    Table::read(reader).map_err(|e| match e {
        Bad::Io(e) => cannot_read(&name, e),
        Bad::Text(message) => at(&name, message),
    })
}

/// The CSV at `path` ('-' for standard input), buffered, and its name as messages give it: how
/// `refill`, `relax` and `measure` open their input.
pub(super) fn open_input(path: &Path) -> Result<(String, BufReader<Box<dyn Read>>), Failure> {
    let name = path.display().to_string();
    let reader: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(path).map_err(|e| cannot_read(&name, e))?)
    };
    Ok((name, BufReader::with_capacity(1 << 16, reader)))
}

/// An input that could not be read, as its one line.
pub(super) fn cannot_read(name: &str, e: std::io::Error) -> Failure {
    Failure::Input(format!("cannot read {name}: {e}"))
}

/// Why the input was refused: it could not be read, or what it holds is wrong.
enum Bad {
    Io(std::io::Error),
    Text(String),
}

impl From<String> for Bad {
    fn from(message: String) -> Self {
        Bad::Text(message)
    }
}

impl From<&str> for Bad {
    fn from(message: &str) -> Self {
        Bad::Text(message.into())
    }
}

/// Lines of the input, numbered from 1, each at most [`MAX_LINE_BYTES`], all of them at most
/// [`MAX_INPUT_BYTES`]: memory for one line at a time, whatever the input holds.
struct Lines<R> {
    reader: R,
    line: Vec<u8>,
    number: usize,
    read: u64,
}

impl<R: BufRead> Lines<R> {
    /// The next line without its end (`\n` or `\r\n`), or `None` at the end of the input.
    fn next(&mut self) -> Result<Option<(usize, &str)>, Bad> {
        self.line.clear();
        let room = (MAX_LINE_BYTES as u64 + 2).min(MAX_INPUT_BYTES - self.read + 1);
        let n = (&mut self.reader)
            .take(room)
            .read_until(b'\n', &mut self.line)
            .map_err(Bad::Io)?;
        if n == 0 {
            return Ok(None);
        }
        self.number += 1;
        self.read += n as u64;
        if self.read > MAX_INPUT_BYTES {
            return Err(format!(
                "larger than {} bytes (1 GiB), the most refill reads",
                MAX_INPUT_BYTES
            )
            .into());
        }
        let mut text = &self.line[..];
        text = text.strip_suffix(b"\n").unwrap_or(text);
        text = text.strip_suffix(b"\r").unwrap_or(text);
        if text.len() > MAX_LINE_BYTES {
            return Err(format!(
                "line {} is longer than {} bytes (16 MiB), the longest refill reads",
                self.number, MAX_LINE_BYTES
            )
            .into());
        }
        let text = std::str::from_utf8(text)
            .map_err(|_| format!("line {} is not UTF-8 text", self.number))?;
        Ok(Some((self.number, text)))
    }
}

/// `text` as a message quotes it: whole when short, else its first [`QUOTED`] characters and
/// how long it is.
fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        None => format!("'{text}'"),
        Some((end, _)) => format!("'{}…' ({} bytes)", &text[..end], text.len()),
    }
}

/// A message about the input, prefixed with its name.
fn at(name: &str, message: String) -> Failure {
    Failure::Input(format!("{name}: {message}"))
}

/// The columns of the input that matter, one value per row.
struct Table {
    x: Vec<f64>,
    y: Vec<f64>,
    id: Option<Vec<u32>>,
    r: Option<Vec<f64>>,
}

impl Table {
    /// Reads CSV text: a header row naming the columns, then one row per point (blank lines
    /// skipped). Every message says where the input is wrong, and quotes at most a few dozen
    /// characters of it.
    fn read(reader: impl BufRead) -> Result<Self, Bad> {
        let mut lines = Lines {
            reader,
            line: Vec::new(),
            number: 0,
            read: 0,
        };
        let header = loop {
            match lines.next()? {
                None => {
                    return Err("empty: it needs a header row naming its columns (x,y and \
                                optionally id and r)"
                        .into())
                }
                Some((_, l)) if l.trim().is_empty() => continue,
                Some((_, l)) => break l.trim().trim_start_matches('\u{feff}').to_string(),
            }
        };
        let names: Vec<&str> = header.split(',').map(str::trim).collect();
        let mut seen = HashSet::with_capacity(names.len());
        if let Some(n) = names.iter().find(|&&n| !seen.insert(n)) {
            return Err(format!("the header names column {} twice", quoted(n)).into());
        }
        let column = |want: &str| names.iter().position(|&n| n == want);
        let (Some(xi), Some(yi)) = (column("x"), column("y")) else {
            let missing = if column("x").is_none() { "x" } else { "y" };
            return Err(format!(
                "no {missing} column; the header is {} and must name x and y",
                quoted(&header)
            )
            .into());
        };
        let (idi, ri) = (column("id"), column("r"));
        let mut table = Table {
            x: Vec::new(),
            y: Vec::new(),
            id: idi.map(|_| Vec::new()),
            r: ri.map(|_| Vec::new()),
        };
        while let Some((line, row)) = lines.next()? {
            let row = row.trim();
            if row.is_empty() {
                continue;
            }
            if table.x.len() == MAX_INPUT_ROWS {
                return Err(format!(
                    "more than {MAX_INPUT_ROWS} rows of points, the most refill reads"
                )
                .into());
            }
            let fields: Vec<&str> = row.split(',').map(str::trim).collect();
            if fields.len() != names.len() {
                return Err(format!(
                    "line {line} has {} fields; the header has {}",
                    fields.len(),
                    names.len()
                )
                .into());
            }
            let value = |i: usize| {
                fields[i]
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| {
                        format!(
                            "line {line}: {} is {}, not a finite number",
                            names[i],
                            quoted(fields[i])
                        )
                    })
            };
            table.x.push(value(xi)?);
            table.y.push(value(yi)?);
            if let (Some(i), Some(ids)) = (idi, table.id.as_mut()) {
                let id = value(i)?;
                if !(id == id.trunc() && (0.0..=f64::from(u32::MAX)).contains(&id)) {
                    return Err(format!(
                        "line {line}: id must be a whole number from 0 to {}, got {}",
                        u32::MAX,
                        quoted(fields[i])
                    )
                    .into());
                }
                ids.push(id as u32);
            }
            if let (Some(i), Some(radii)) = (ri, table.r.as_mut()) {
                radii.push(value(i)?);
            }
        }
        Ok(table)
    }

    /// The map's size along `axis` (0: x, 1: y) when no option gives it: the largest coordinate,
    /// nudged up so that the point there is on the map.
    fn extent(&self, axis: usize, name: &str) -> Result<f64, Failure> {
        let values = if axis == 0 { &self.x } else { &self.y };
        let largest = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let coordinate = if axis == 0 { "x" } else { "y" };
        if largest > MAX_LENGTH {
            // Every point must be on the map, and no map is that large: no option helps.
            return Err(Failure::Input(format!(
                "the input has a point at {coordinate} = {}, beyond the largest map {name} \
                 ({}); no map holds it",
                number_text(largest),
                number_text(MAX_LENGTH)
            )));
        }
        if largest.next_up() >= MIN_LENGTH {
            Ok(largest.next_up())
        } else {
            let why = match values.len() {
                0 => "it has no points".to_string(),
                _ => format!("its largest {coordinate} is {}", number_text(largest)),
            };
            Err(Failure::Input(format!(
                "the input gives no map {name} ({why}); give --{name} (from {} to {})",
                number_text(MIN_LENGTH),
                number_text(MAX_LENGTH)
            )))
        }
    }

    /// The points with their ids (or row numbers), class 0, and their own r or `radius`.
    fn items(&self, radius: f64) -> impl Iterator<Item = Item> + '_ {
        (0..self.x.len()).map(move |i| Item {
            id: self.id.as_ref().map_or(i as u32, |ids| ids[i]),
            class: 0,
            point: Point {
                x: self.x[i],
                y: self.y[i],
                r: self.r.as_ref().map_or(radius, |r| r[i]),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table in `text`, or the message refusing it.
    fn read(text: &str) -> Result<Table, String> {
        Table::read(text.as_bytes()).map_err(|e| match e {
            Bad::Io(e) => panic!("{e}"),
            Bad::Text(message) => message,
        })
    }

    #[test]
    fn columns_in_any_order_and_extra_ones_ignored() {
        let t = read("\u{feff}name, r ,y,x,id\r\na,2,3,4,9\n\nb,5,6,7,1\n").unwrap();
        assert_eq!((t.x, t.y), (vec![4.0, 7.0], vec![3.0, 6.0]));
        assert_eq!(t.id, Some(vec![9, 1]));
        assert_eq!(t.r, Some(vec![2.0, 5.0]));
        let plain = read("x,y\n1,2\n").unwrap();
        assert_eq!(plain.items(3.0).next().unwrap().point.r, 3.0);
        assert_eq!((plain.id, plain.r), (None, None));
    }

    #[test]
    fn bad_tables_say_where() {
        for (text, message) in [
            ("", "empty"),
            ("x,z\n1,2\n", "no y column"),
            ("x,y,x\n", "column 'x' twice"),
            ("x,y\n1,2\n3\n", "line 3 has 1 fields; the header has 2"),
            ("x,y\n1,two\n", "line 2: y is 'two', not a finite number"),
            ("x,y\n1,\n", "line 2: y is '', not a finite number"),
            ("x,y\n1,inf\n", "not a finite number"),
            ("id,x,y\n1.5,1,2\n", "line 2: id must be a whole number"),
            ("id,x,y\n-1,1,2\n", "id must be a whole number"),
        ] {
            let e = read(text).err().unwrap();
            assert!(e.contains(message), "{text:?}: {e}");
        }
    }

    #[test]
    fn circles_are_three_numbers() {
        assert_eq!(circle("circle", "1,2.5,-3"), Ok([1.0, 2.5, -3.0]));
        for bad in ["1,2", "1,2,3,4", "a,2,3", ""] {
            assert!(circle("circle", bad).unwrap_err().contains("X,Y,R"));
        }
    }
}
