//! `poisson bridson`: Bridson's algorithm, plain, masked by a picture, or tileable, in the order
//! the sampler placed the points or in progressive order.

use crate::options::{number, Checked, Shared, TriesOption};
use crate::output::Points;
use crate::picture::read_png;
use crate::progress::{self, Progress};
use crate::Failure;
use poisson_live::job::{Job, BRIDSON_DENSITY};
use poisson_live::progressive::ProgressiveOrder;
use poisson_live::space::poisson_disk_3d;
use poisson_live::stipple::masked_sampler;
use poisson_live::wrap::poisson_disk_wrapped;
use poisson_live::SamplerParams;
use poisson_live::{Point, Sampler};
use std::path::PathBuf;

/// Poisson disk points with Bridson's algorithm (the classic method)
///
/// Fills the map with points at least --radius apart. The output is bit for bit the same as
/// poisson_live::poisson_disk and the page's Bridson lab for the same seed. --mask IMAGE keeps
/// points where the picture is darker than --threshold (the core's masked_poisson; the map is
/// the picture's size). --wrap makes the set tileable (the core's wrap::poisson_disk_wrapped).
/// --order progressive prints the same points reordered so that any first N of them are spread
/// over the map (the core's progressive::progressive). --depth D fills the box W × H × D
/// instead, in the shell from r to 2r around each point (the core's space::poisson_disk_3d):
/// CSV columns x,y,z, JSON {width, height, depth, points: [[x, y, z], ...]}.
#[derive(clap::Args)]
pub struct Bridson {
    /// map width in map units (> 0); required unless --mask gives it
    #[arg(short = 'W', long, value_name = "W", value_parser = Checked(number))]
    #[arg(required_unless_present = "mask")]
    width: Option<f64>,
    /// map height in map units (> 0); required unless --mask gives it
    #[arg(short = 'H', long, value_name = "H", value_parser = Checked(number))]
    #[arg(required_unless_present = "mask")]
    height: Option<f64>,
    /// minimum distance between two points (> 0)
    #[arg(short, long, value_name = "R", value_parser = Checked(number))]
    radius: f64,
    #[command(flatten)]
    k: TriesOption,
    /// fill the box W × H × D in 3D instead of the map (> 0)
    #[arg(short = 'D', long, value_name = "D", value_parser = Checked(number))]
    #[arg(conflicts_with_all = ["mask", "wrap", "order"])]
    depth: Option<f64>,
    /// PNG: points only where it is dark (1 pixel = 1 map unit)
    #[arg(long, value_name = "IMAGE")]
    mask: Option<PathBuf>,
    /// with --mask: allowed where brightness / 255 < T (0 to 1) [default: 0.5]
    #[arg(long, value_name = "T", value_parser = Checked(number))]
    threshold: Option<f64>,
    /// tileable: the distance holds across the edges (torus); a mask is not tileable
    #[arg(long, conflicts_with = "mask")]
    wrap: bool,
    /// the order the points are written in
    #[arg(long, value_name = "ORDER", default_value = "placement")]
    order: Order,
    #[command(flatten)]
    shared: Shared,
}

/// The orders the points can be written in (`--order`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Order {
    /// as the sampler placed them, each next to an earlier one
    Placement,
    /// any first N of them spread over the map (farthest point first), for levels of detail
    Progressive,
}

impl Bridson {
    pub fn run(self) -> Result<(), Failure> {
        let (radius, k, seed) = (self.radius, self.k.k, self.shared.seed());
        if self.threshold.is_some() && self.mask.is_none() {
            return Err(Failure::Usage("--threshold needs --mask IMAGE".into()));
        }
        if let Some(depth) = self.depth {
            // Both are there: clap requires them without --mask, which --depth excludes.
            let (width, height) = (self.width.unwrap_or(0.0), self.height.unwrap_or(0.0));
            let points = poisson_disk_3d(width, height, depth, radius, k, seed)?;
            return self
                .shared
                .write(width, height, &Points::xyz(points, depth));
        }
        let mut progress = Progress::new("bridson");
        let (width, height, points) = match &self.mask {
            Some(mask) => {
                let image = read_png(mask)?;
                let (width, height) = self.size_of(image.width() as f64, image.height() as f64)?;
                let threshold = self.threshold.unwrap_or(0.5);
                let s = masked_sampler(&image, threshold, radius, k, seed)?;
                (width, height, progress::finish(s, &mut progress, None)?)
            }
            None => {
                // Both are there: clap requires them without --mask.
                let (width, height) = (self.width.unwrap_or(0.0), self.height.unwrap_or(0.0));
                let points = if self.wrap {
                    poisson_disk_wrapped(SamplerParams {
                        width,
                        height,
                        radius,
                        k,
                        seed,
                    })?
                } else {
                    let mut s = Sampler::new(width, height, radius, k, seed)?;
                    s.start_random();
                    // The estimate only drives the percentage.
                    let expected = (BRIDSON_DENSITY * width / radius * height / radius).max(1.0);
                    progress::finish(s, &mut progress, Some(expected))?
                };
                (width, height, points)
            }
        };
        let points = match self.order {
            Order::Placement => points,
            Order::Progressive => in_progressive_order(points, &mut progress)?,
        };
        progress.clear();
        self.shared.write(width, height, &Points::Xyr(points))
    }

    /// The map's size with a mask: the picture's, and `--width`/`--height` must agree if given.
    fn size_of(&self, iw: f64, ih: f64) -> Result<(f64, f64), Failure> {
        let (width, height) = (self.width.unwrap_or(iw), self.height.unwrap_or(ih));
        if (width, height) != (iw, ih) {
            return Err(Failure::Input(format!(
                "the mask is {iw} × {ih} pixels but the map is {} × {}; \
                 give a matching --width and --height, or leave them out",
                crate::number_text(width),
                crate::number_text(height)
            )));
        }
        Ok((width, height))
    }
}

/// The points in progressive order, run in slices under the progress line: the same order as
/// `poisson_live::progressive::progressive`.
fn in_progressive_order(
    points: Vec<Point>,
    progress: &mut Progress,
) -> Result<Vec<Point>, Failure> {
    let xy: Vec<[f64; 2]> = points.iter().map(|p| [p.x, p.y]).collect();
    let mut job = ProgressiveOrder::new(&xy)?;
    while !job.run(1 << 15)? {
        progress.show(|| format!("ordering · {:.0}%", 100.0 * job.progress()));
    }
    // Finished already: `finish` only hands the order over.
    let order = job.run_to_end()?;
    Ok(order.into_iter().map(|i| points[i]).collect())
}
