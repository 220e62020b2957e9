//! A CSV of points read whole for the commands that move or measure them (`relax`, `measure`):
//! the `x,y` columns as numbers, every field of every row kept as written, so the other
//! columns go back out unchanged and in order. The same limits as `refill`'s reader.

use super::refill::{cannot_read, open_input, MAX_INPUT_BYTES, MAX_INPUT_ROWS, MAX_LINE_BYTES};
use crate::options::MapSize;
use crate::Failure;
use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};

/// `--input`, the map's size and `--wrap`: the points `relax` and `measure` read and the map
/// they lie on.
#[derive(clap::Args)]
pub struct PointsOnMap {
    /// CSV of the points ('-' reads standard input)
    #[arg(short, long, value_name = "FILE")]
    pub input: PathBuf,
    #[command(flatten)]
    pub size: MapSize,
    /// the map is a torus: its opposite edges meet, and distances and moves cross them
    #[arg(long)]
    pub wrap: bool,
}

impl PointsOnMap {
    /// The input, read for `command` ([`Table::read`]).
    pub fn read(&self, command: &str) -> Result<Table, Failure> {
        Table::read(&self.input, command)
    }

    /// The core's refusal of the input's points: an invalid set is the input's fault, named.
    pub fn refusal(&self, e: poisson_live::Error) -> Failure {
        match e {
            poisson_live::Error::Invalid { message } => {
                Failure::Input(format!("{}: {message}", self.input.display()))
            }
            e => e.into(),
        }
    }
}

/// How much of a field or a header a message quotes, in characters.
const QUOTED: usize = 40;

/// The input's header, its rows as fields, and the positions read from its x and y columns.
pub struct Table {
    pub header: String,
    pub rows: Vec<Vec<String>>,
    pub x: usize,
    pub y: usize,
    pub points: Vec<[f64; 2]>,
}

/// `text` as a message quotes it: whole when short, else its first [`QUOTED`] characters.
fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        None => format!("'{text}'"),
        Some((end, _)) => format!("'{}…' ({} bytes)", &text[..end], text.len()),
    }
}

impl Table {
    /// Reads the CSV at `path` ('-' for standard input) for `command`, which messages name.
    pub fn read(path: &Path, command: &str) -> Result<Table, Failure> {
        let (name, mut reader) = open_input(path)?;
        let cannot = |e: std::io::Error| cannot_read(&name, e);
        let at = |message: String| Failure::Input(format!("{name}: {message}"));
        let (mut line, mut number, mut read) = (Vec::new(), 0usize, 0u64);
        let mut header: Option<(String, usize, usize)> = None;
        let mut table = Table {
            header: String::new(),
            rows: Vec::new(),
            x: 0,
            y: 0,
            points: Vec::new(),
        };
        let mut columns = 0;
        loop {
            line.clear();
            let room = (MAX_LINE_BYTES as u64 + 2).min(MAX_INPUT_BYTES - read + 1);
            let n = (&mut reader)
                .take(room)
                .read_until(b'\n', &mut line)
                .map_err(cannot)?;
            if n == 0 {
                break;
            }
            number += 1;
            read += n as u64;
            if read > MAX_INPUT_BYTES {
                return Err(at(format!(
                    "larger than {MAX_INPUT_BYTES} bytes (1 GiB), the most {command} reads"
                )));
            }
            let mut bytes = &line[..];
            bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
            bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
            if bytes.len() > MAX_LINE_BYTES {
                return Err(at(format!(
                    "line {number} is longer than {MAX_LINE_BYTES} bytes (16 MiB), the longest \
                     {command} reads"
                )));
            }
            let text = std::str::from_utf8(bytes)
                .map_err(|_| at(format!("line {number} is not UTF-8 text")))?
                .trim();
            if text.is_empty() {
                continue;
            }
            let Some((_, xi, yi)) = &header else {
                let text = text.trim_start_matches('\u{feff}');
                let names: Vec<&str> = text.split(',').map(str::trim).collect();
                let column = |want: &str| names.iter().position(|&n| n == want);
                let (Some(xi), Some(yi)) = (column("x"), column("y")) else {
                    let missing = if column("x").is_none() { "x" } else { "y" };
                    return Err(at(format!(
                        "no {missing} column; the header is {} and must name x and y",
                        quoted(text)
                    )));
                };
                columns = names.len();
                header = Some((text.to_string(), xi, yi));
                continue;
            };
            let (xi, yi) = (*xi, *yi);
            if table.rows.len() == MAX_INPUT_ROWS {
                return Err(at(format!(
                    "more than {MAX_INPUT_ROWS} rows of points, the most {command} reads"
                )));
            }
            let fields: Vec<String> = text.split(',').map(|f| f.trim().to_string()).collect();
            if fields.len() != columns {
                return Err(at(format!(
                    "line {number} has {} fields; the header has {columns}",
                    fields.len()
                )));
            }
            let value = |i: usize, axis: &str| {
                fields[i]
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| {
                        at(format!(
                            "line {number}: {axis} is {}, not a finite number",
                            quoted(&fields[i])
                        ))
                    })
            };
            table.points.push([value(xi, "x")?, value(yi, "y")?]);
            table.rows.push(fields);
        }
        let Some((text, x, y)) = header else {
            return Err(at(
                "empty: it needs a header row naming its columns (x and y among them)".into(),
            ));
        };
        table.header = text;
        table.x = x;
        table.y = y;
        Ok(table)
    }
}
