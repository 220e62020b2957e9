//! `poisson variable`: a spacing that follows fBm noise.

use crate::options::{number, Checked, MapSize, Shared, TriesOption};
use crate::output::Points;
use crate::progress::{self, Progress};
use crate::Failure;
use poisson_live::density::{DensityField, ForestJob};

/// Dense woods next to open savanna: a spacing that follows fBm noise
///
/// Bridson's algorithm with a radius from the core's density field (the page's density lab):
/// each point keeps its own radius, between --min-radius and --max-radius. A patch of wood or
/// savanna is about patch-size × max-radius across.
#[derive(clap::Args)]
pub struct Variable {
    #[command(flatten)]
    map: MapSize,
    /// spacing in the densest woods (> 0)
    #[arg(long, value_name = "R", value_parser = Checked(number))]
    min_radius: f64,
    /// spacing on the most open ground (≥ min radius)
    #[arg(long, value_name = "R", value_parser = Checked(number))]
    max_radius: f64,
    /// patch size, in max-radius spacings (> 0)
    #[arg(long, value_name = "P", default_value = "5", value_parser = Checked(number))]
    patch_size: f64,
    #[command(flatten)]
    k: TriesOption,
    #[command(flatten)]
    shared: Shared,
}

impl Variable {
    pub fn run(self) -> Result<(), Failure> {
        let MapSize { width, height } = self.map;
        let seed = self.shared.seed();
        let field = DensityField::new(seed, self.min_radius, self.max_radius, self.patch_size)?;
        let forest = ForestJob::new(field, width, height, self.k.k, seed)?;
        let mut progress = Progress::new("variable");
        let points = progress::finish(forest.into_sampler(), &mut progress, None)?;
        progress.clear();
        self.shared.write(width, height, &Points::Xyr(points))
    }
}
