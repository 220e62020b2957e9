//! `poisson measure`: the quality figures of a saved point set.

use super::table::PointsOnMap;
use crate::output;
use crate::Failure;
use poisson_live::error::{MAX_LENGTH, MIN_LENGTH};
use poisson_live::export::Text;
use poisson_live::quality::{hexagonal_distance, pair_correlation, quality};
use std::path::PathBuf;

/// Measure a point set: δX, mean δX, the smallest distance
///
/// Reads a CSV of points (x and y columns; others ignored) on the map W × H (a torus with
/// --wrap) and prints one line of JSON, the core's quality::quality:
///
/// {"points": N, "min_distance": D, "mean_distance": M, "delta_x": D / h, "mean_delta_x":
/// M / h, "per_r2": N · D² / (W · H), "hexagonal_distance": h, "pair_correlation": [g, …]},
/// where D is the smallest distance between two points, M the mean distance from a point to its
/// nearest neighbour, and h = sqrt(2 · W · H / (√3 · N)) the spacing of N points on a hexagonal
/// lattice filling the map. δX is near 0 for white noise, about 0.75 for Bridson's points,
/// above 0.9 after farthest-point optimisation. The pair correlation function g has 30 bins of
/// h / 10 from 0 to 3h: how many pairs sit at each distance over what white noise of the same
/// density gives (quality::pair_correlation; without --wrap, pairs across the edge are missing,
/// so g dips below 1 on a small map; null for a set clustered so tightly that it would check
/// too many pairs). Fewer than two points have no pair: the figures are 0.
///
/// Every point must be on the map, [0, W) × [0, H); copies are allowed (D is then 0).
#[derive(clap::Args)]
pub struct Measure {
    #[command(flatten)]
    points: PointsOnMap,
    /// write to FILE instead of standard output ('-' is standard output)
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

impl Measure {
    pub fn run(self) -> Result<(), Failure> {
        let on = &self.points;
        let table = on.read("measure")?;
        let (w, h) = (on.size.width, on.size.height);
        let q = quality(&table.points, w, h, on.wrap).map_err(|e| on.refusal(e))?;
        let hex = hexagonal_distance(q.points, w * h);
        // A set clustered far tighter than its map would check every pair: g is then null.
        let reach = (3.0 * hex).clamp(MIN_LENGTH, MAX_LENGTH);
        let g = pair_correlation(&table.points, w, h, on.wrap, reach, 30).ok();
        let number = |v: f64| {
            // The export's JSON number (shortest digits that read back), without the brackets.
            let mut s = String::new();
            Text::Json.row(&mut s, &[v], true);
            s.trim_matches(|c| c == '[' || c == ']').to_string()
        };
        let text = format!(
            "{{\"points\": {}, \"min_distance\": {}, \"mean_distance\": {}, \"delta_x\": {}, \
             \"mean_delta_x\": {}, \"per_r2\": {}, \"hexagonal_distance\": {}, \
             \"pair_correlation\": {}}}\n",
            q.points,
            number(q.min_distance),
            number(q.mean_distance),
            number(q.delta_x),
            number(q.mean_delta_x),
            number(q.per_r2),
            number(hex),
            g.map_or("null".to_string(), |g| format!(
                "[{}]",
                g.iter().map(|&v| number(v)).collect::<Vec<_>>().join(", ")
            ))
        );
        match self.output.as_deref().filter(|p| p.as_os_str() != "-") {
            None => output::to_stdout(text.as_bytes()),
            Some(path) => output::to_file(path, text.as_bytes()),
        }
    }
}
