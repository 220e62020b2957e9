//! `poisson relax`: a saved point set moved towards an even spread, by Lloyd's method or
//! farthest-point optimisation.

use super::table::PointsOnMap;
use crate::options::{whole, Checked};
use crate::output;
use crate::progress::Progress;
use crate::Failure;
use poisson_live::export::Text;
use poisson_live::job::Job;
use poisson_live::relax::{Method, Relaxation, MAX_MOVES};
use std::path::PathBuf;

/// Relax a point set: Lloyd's method or farthest-point optimisation
///
/// Reads a CSV of points and moves them by --iterations of --method on the map W × H (a torus
/// with --wrap, where the opposite edges meet), the core's relax::Relaxation:
///
/// - lloyd: every point to the centroid of its Voronoi cell (clipped to the map, or on the
///   torus), all at once each iteration. A few iterations even out the gaps; many make an
///   almost hexagonal lattice.
/// - fpo: farthest-point optimisation (Schlömer, Heck and Deussen 2011), each point in turn to
///   the centre of the largest empty circle the others leave. The smallest pair distance never
///   decreases, and the set stays irregular.
///
/// Input: plain CSV (no quoted fields) whose header row names its columns, x and y among them,
/// in any order. Every point must be on the map, [0, W) × [0, H), and no two at one place. At
/// most 1 GiB, 16777216 rows and 16 MiB a line.
///
/// Output: CSV, the input's header and rows in the input's order, x and y replaced and every
/// other column as it was written; or with --format json, {width, height, points: [[x, y], …]}.
/// The same input and options give the same output.
#[derive(clap::Args)]
pub struct Relax {
    #[command(flatten)]
    points: PointsOnMap,
    /// how the points move
    #[arg(short, long, value_name = "METHOD")]
    method: MethodArg,
    /// how many iterations (points × iterations at most 2^30)
    #[arg(short = 'n', long, value_name = "N")]
    #[arg(value_parser = Checked(whole("iterations", 0, MAX_MOVES as u64)))]
    iterations: u64,
    /// how the points are written
    #[arg(short, long, value_name = "FMT", default_value = "csv")]
    format: Format,
    /// write to FILE instead of standard output ('-' is standard output)
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// `--method`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum MethodArg {
    /// every point to the centroid of its Voronoi cell
    Lloyd,
    /// farthest-point optimisation
    Fpo,
}

/// `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// the input's columns, x and y replaced
    Csv,
    /// one line: {width: W, height: H, points: [[x, y], ...]}
    Json,
}

impl Relax {
    pub fn run(self) -> Result<(), Failure> {
        let on = &self.points;
        let table = on.read("relax")?;
        let method = match self.method {
            MethodArg::Lloyd => Method::Lloyd,
            MethodArg::Fpo => Method::Fpo,
        };
        let (width, height) = (on.size.width, on.size.height);
        let mut job = Relaxation::new(
            &table.points,
            width,
            height,
            method,
            self.iterations as usize,
            on.wrap,
        )
        .map_err(|e| on.refusal(e))?;
        let mut progress = Progress::new("relax");
        while !job.run(20_000)? {
            let done = 100.0 * job.progress();
            progress.show(|| format!("{done:.0} %, iteration {}", job.iterations() + 1));
        }
        progress.clear();
        let moved = job.take().expect("the job is finished");
        let text = match self.format {
            Format::Json => poisson_live::export::to_json_xy(width, height, &moved),
            Format::Csv => {
                let mut out = String::with_capacity(32 * moved.len());
                out.push_str(&table.header);
                out.push('\n');
                for (row, p) in table.rows.iter().zip(&moved) {
                    for (i, field) in row.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        if i == table.x || i == table.y {
                            // The export's own number, without its line end.
                            let mut number = String::new();
                            Text::Csv.row(&mut number, &[p[usize::from(i == table.y)]], true);
                            out.push_str(number.trim_end());
                        } else {
                            out.push_str(field);
                        }
                    }
                    out.push('\n');
                }
                out
            }
        };
        match self.output.as_deref().filter(|p| p.as_os_str() != "-") {
            None => output::to_stdout(text.as_bytes()),
            Some(path) => output::to_file(path, text.as_bytes()),
        }
    }
}
