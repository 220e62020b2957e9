//! `poisson darts`: dart throwing, the slow classic.

use crate::options::{number, whole, Checked, MapSize, Shared};
use crate::output::Points;
use crate::progress::{grouped, Progress};
use crate::Failure;
use clap::builder::TypedValueParser;
use poisson_live::darts::{DartThrower, MAX_MISSES};
use poisson_live::{DartParams, Job};

/// Dart throwing: keep a random point if it is far enough from every kept one
///
/// Throws darts until --misses darts in a row have landed too close to a kept one.
#[derive(clap::Args)]
pub struct Darts {
    #[command(flatten)]
    map: MapSize,
    /// minimum distance between two points (> 0)
    #[arg(short, long, value_name = "R", value_parser = Checked(number))]
    radius: f64,
    /// stop after this many misses in a row (0 to 1000000)
    #[arg(short, long, value_name = "N", default_value = "500")]
    #[arg(value_parser = Checked(whole("misses", 0, MAX_MISSES.into())).map(|m| m as u32))]
    misses: u32,
    #[command(flatten)]
    shared: Shared,
}

impl Darts {
    pub fn run(self) -> Result<(), Failure> {
        let MapSize { width, height } = self.map;
        let (radius, misses) = (self.radius, self.misses);
        let mut d = DartThrower::new(DartParams {
            width,
            height,
            radius,
            max_misses: misses,
            seed: self.shared.seed(),
        })?;
        let mut progress = Progress::new("darts");
        while !Job::run(&mut d, 1 << 16)? {
            progress.show(|| {
                format!(
                    "{} darts thrown, {} kept, {} of {} misses in a row",
                    grouped(d.thrown() as usize),
                    grouped(d.kept().len()),
                    grouped(d.misses_in_a_row() as usize),
                    grouped(misses as usize)
                )
            });
        }
        progress.clear();
        self.shared.write(
            width,
            height,
            &Points::Xy(poisson_live::point::xy(d.kept())),
        )
    }
}
