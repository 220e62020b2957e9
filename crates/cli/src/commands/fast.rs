//! `poisson fast`: the fastest fill, for games that do not need the tutorial's draws.

use crate::options::{number, Checked, MapSize, Shared};
use crate::output::Points;
use crate::progress;
use crate::Failure;
use poisson_live::fast::FastSampler;
use poisson_live::space::FastSampler3d;
use poisson_live::Job;

/// The fast sampler for games: denser than Bridson, many times quicker
///
/// Fills the map with points at least --radius apart, about 0.88 per r² (classic Bridson
/// leaves about 0.62). Deterministic from --seed, the same points natively and in the page,
/// but not the tutorial's draws: see poisson_live::fast for the method. --depth D fills the
/// box W × H × D instead, about 0.69 points per r³ (poisson_live::space::fast_poisson_3d):
/// CSV columns x,y,z, JSON {width, height, depth, points: [[x, y, z], ...]}.
#[derive(clap::Args)]
pub struct Fast {
    #[command(flatten)]
    map: MapSize,
    /// minimum distance between two points (> 0)
    #[arg(short, long, value_name = "R", value_parser = Checked(number))]
    radius: f64,
    /// fill the box W × H × D in 3D instead of the map (> 0)
    #[arg(short = 'D', long, value_name = "D", value_parser = Checked(number))]
    depth: Option<f64>,
    #[command(flatten)]
    shared: Shared,
}

impl Fast {
    pub fn run(self) -> Result<(), Failure> {
        let MapSize { width, height } = self.map;
        if let Some(depth) = self.depth {
            let mut s =
                FastSampler3d::new([width, height, depth], self.radius, self.shared.seed())?;
            progress::run_job("fast", &mut s, 1 << 12, |s| s.points().len())?;
            let points = s.into_points();
            return self
                .shared
                .write(width, height, &Points::xyz(points, depth));
        }
        let mut s = FastSampler::new(width, height, self.radius, self.shared.seed())?;
        progress::run_job("fast", &mut s, 1 << 12, |s| s.points().len())?;
        let points = s.take().unwrap_or_default();
        self.shared.write(width, height, &Points::Xy(points))
    }
}
