//! `poisson fast`: the fastest fill, for games that do not need the tutorial's draws.

use crate::options::{number, Checked, MapSize, Shared};
use crate::output::Points;
use crate::progress;
use crate::Failure;
use poisson_live::fast::FastSampler;
use poisson_live::Job;

/// The fast sampler for games: denser than Bridson, many times quicker
///
/// Fills the map with points at least --radius apart, about 0.88 per r² (classic Bridson
/// leaves about 0.62). Deterministic from --seed, the same points natively and in the page,
/// but not the tutorial's draws: see poisson_live::fast for the method.
#[derive(clap::Args)]
pub struct Fast {
    #[command(flatten)]
    map: MapSize,
    /// minimum distance between two points (> 0)
    #[arg(short, long, value_name = "R", value_parser = Checked(number))]
    radius: f64,
    #[command(flatten)]
    shared: Shared,
}

impl Fast {
    pub fn run(self) -> Result<(), Failure> {
        let MapSize { width, height } = self.map;
        let mut s = FastSampler::new(width, height, self.radius, self.shared.seed())?;
        progress::run_job("fast", &mut s, 1 << 12, |s| s.points().len())?;
        let points = s.take().unwrap_or_default();
        self.shared.write(width, height, &Points::Xy(points))
    }
}
