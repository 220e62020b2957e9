//! `poisson endless`: a map of any size, streamed a row of chunks at a time on every core.

use crate::options::{number, whole, Checked, MapSize, Shared};
use crate::output::{Format, Sink};
use crate::progress::{grouped, Progress};
use crate::Failure;
use poisson_live::export::Text;
use poisson_live::stream::ChunkRows;
use poisson_live::Point;

/// The most threads --threads accepts: more than any machine's cores, fewer than a mistake.
const MAX_THREADS: u64 = 1024;

/// A map of any size: the chunked world, streamed, on every core
///
/// Fills [0, W) × [0, H) with points at least --radius apart: the endless lab's chunked world
/// with chunks 16 radii across (poisson_live::stream::ChunkRows::for_map), built a row of chunks
/// at a time and written as it goes, so memory grows with the width only (under 1 KB per W/r)
/// and any height fits. The points, and the bytes written, are the same for every --threads.
/// Points come row of chunks by row of chunks, not sorted by y. With -o FILE the file appears
/// only once it is complete.
#[derive(clap::Args)]
pub struct Endless {
    #[command(flatten)]
    map: MapSize,
    /// minimum distance between two points (> 0)
    #[arg(short, long, value_name = "R", value_parser = Checked(number))]
    radius: f64,
    /// threads that build chunks (1 to 1024) [default: every core]
    #[arg(short = 'j', long, value_name = "N")]
    #[arg(value_parser = Checked(whole("threads", 1, MAX_THREADS)))]
    threads: Option<u64>,
    #[command(flatten)]
    shared: Shared,
}

impl Endless {
    pub fn run(self) -> Result<(), Failure> {
        let MapSize { width, height } = self.map;
        // Everything is checked before a thread starts or a file is created.
        let rows = ChunkRows::for_map(width, height, self.radius, self.shared.seed())?;
        let threads = match self.threads {
            Some(n) => n as usize,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Failure::Input(format!("cannot start {threads} threads: {e}")))?;
        let sink = Sink::open(self.shared.output.as_deref())?;
        pool.install(|| stream(rows, self.shared.format, [width, height], sink))
    }
}

/// Writes the rows as they come; the next row is built while this one is written.
fn stream(
    mut rows: ChunkRows,
    format: Format,
    [width, height]: [f64; 2],
    mut sink: Sink,
) -> Result<(), Failure> {
    let text = match format {
        Format::Json => Some(Text::Json),
        Format::Csv => Some(Text::Csv),
        Format::Count => None,
    };
    let mut buffer = String::new();
    if let Some(text) = text {
        text.head(&mut buffer, width, height, "x,y");
    }
    let mut progress = Progress::new("endless");
    let total = rows.chunk_rows();
    let mut count: u64 = 0;
    let mut next = rows.next();
    while let Some(row) = next {
        let first = count == 0;
        count += row.len() as u64;
        let written;
        (next, written) = rayon::join(
            || rows.next(),
            || {
                if let Some(text) = text {
                    write_rows(text, &row, first, &mut buffer);
                }
                sink.write(buffer.as_bytes())
            },
        );
        written?;
        buffer.clear();
        progress.show(|| {
            let done = total - rows.len() as u64 - u64::from(next.is_some());
            progress_line(done, total, count)
        });
    }
    match text {
        Some(text) => text.tail(&mut buffer),
        None => buffer.push_str(&format!("{count}\n")),
    }
    progress.clear();
    sink.write(buffer.as_bytes())?;
    sink.finish()
}

/// The progress line after `done` of `total` chunk rows, `count` points written: capped below
/// 100 % until the last bytes are out.
fn progress_line(done: u64, total: u64, count: u64) -> String {
    format!(
        "{:.0}% · {} points · chunk row {done} of {total}",
        (100.0 * done as f64 / total as f64).min(99.0),
        grouped(count as usize)
    )
}

/// One row of chunks' points as `[x, y]` rows of `text`.
fn write_rows(text: Text, points: &[Point], first: bool, out: &mut String) {
    for (i, p) in points.iter().enumerate() {
        text.row(out, &[p.x, p.y], first && i == 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_line_counts_chunk_rows_and_points() {
        assert_eq!(
            progress_line(1, 625, 99_412),
            "0% · 99 412 points · chunk row 1 of 625"
        );
        assert_eq!(
            progress_line(313, 625, 31_075_898),
            "50% · 31 075 898 points · chunk row 313 of 625"
        );
        // Every row written, the file not yet renamed: not 100 % yet.
        assert_eq!(
            progress_line(625, 625, 62_151_797),
            "99% · 62 151 797 points · chunk row 625 of 625"
        );
    }
}
