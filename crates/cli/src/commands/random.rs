//! `poisson random`: uniform random points.

use crate::options::{whole, Checked, MapSize, Shared};
use crate::output::Points;
use crate::Failure;
use clap::builder::TypedValueParser;

/// Uniform random points (they clump and leave holes)
///
/// Draws --count points uniformly: x, then y, for each point.
#[derive(clap::Args)]
pub struct Random {
    #[command(flatten)]
    map: MapSize,
    /// how many points
    // The core refuses more than its work limit, with a hint; only nonsense stops here.
    #[arg(short = 'n', long, value_name = "N")]
    #[arg(value_parser = Checked(whole("count", 0, 1 << 53)).map(|n| n as usize))]
    count: usize,
    #[command(flatten)]
    shared: Shared,
}

impl Random {
    pub fn run(self) -> Result<(), Failure> {
        let MapSize { width, height } = self.map;
        let points = poisson_live::random_points(self.count, width, height, self.shared.seed())?;
        self.shared
            .write(width, height, &Points::Xy(poisson_live::point::xy(&points)))
    }
}
