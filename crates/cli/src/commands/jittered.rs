//! `poisson jittered`: one point in each cell of a square grid.

use crate::options::{number, Checked, MapSize, Shared};
use crate::output::Points;
use crate::Failure;

/// One point at a random spot in each cell of a square grid
///
/// The grid has floor(width / spacing) columns and floor(height / spacing) rows.
#[derive(clap::Args)]
pub struct Jittered {
    #[command(flatten)]
    map: MapSize,
    /// side of a grid cell (> 0)
    #[arg(long, value_name = "D", value_parser = Checked(number))]
    spacing: f64,
    #[command(flatten)]
    shared: Shared,
}

impl Jittered {
    pub fn run(self) -> Result<(), Failure> {
        let (width, height, seed) = (self.map.width, self.map.height, self.shared.seed());
        let points = poisson_live::jittered_grid(self.spacing, width, height, seed)?;
        self.shared
            .write(width, height, &Points::Xy(poisson_live::point::xy(&points)))
    }
}
