//! `poisson stipple IMAGE`: dots close together where a picture is dark.

use crate::options::{number, Checked, Shared, TriesOption};
use crate::output::Points;
use crate::picture::read_png;
use crate::progress::{self, Progress};
use crate::Failure;
use poisson_live::stipple::{stipple_sampler, StippleParams};
use std::path::PathBuf;

/// Stipple a PNG picture: dots close together where it is dark
///
/// Decodes IMAGE (any PNG: grey, RGB, with alpha over white, any bit depth) and stipples it like
/// the page's stipple lab (poisson_live::stipple::stipple): map units are pixels, the radius
/// runs from --min-radius on black to --max-radius on white through a --gamma curve, and each
/// point keeps its own radius.
#[derive(clap::Args)]
pub struct Stipple {
    /// the PNG file to stipple
    #[arg(value_name = "IMAGE")]
    image: PathBuf,
    /// spacing on black (> 0)
    #[arg(long, value_name = "R", default_value = "2", value_parser = Checked(number))]
    min_radius: f64,
    /// spacing on white (≥ min radius)
    #[arg(long, value_name = "R", default_value = "24", value_parser = Checked(number))]
    max_radius: f64,
    /// tone curve (1/16 to 8; above 1 darkens the mid-tones)
    #[arg(long, value_name = "G", default_value = "1", value_parser = Checked(number))]
    gamma: f64,
    #[command(flatten)]
    k: TriesOption,
    #[command(flatten)]
    shared: Shared,
}

impl Stipple {
    pub fn run(self) -> Result<(), Failure> {
        let image = read_png(&self.image)?;
        let params = StippleParams {
            min_radius: self.min_radius,
            max_radius: self.max_radius,
            gamma: Some(self.gamma),
            k: self.k.k,
            seed: self.shared.seed(),
        };
        let s = stipple_sampler(&image, params)?;
        let mut progress = Progress::new("stipple");
        let points = progress::finish(s, &mut progress, None)?;
        progress.clear();
        let (width, height) = (image.width() as f64, image.height() as f64);
        self.shared.write(width, height, &Points::Xyr(points))
    }
}
