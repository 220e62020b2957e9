//! Pictures as ground rules: a point may stand only where a picture is dark.
//!
//! An [`ImageMask`] reads a picture's brightness pixel by pixel (no interpolation, so its edge is
//! the picture's), and works with any sampler ([`crate::bridson::Sampler::with_allowed`]) or layer
//! ([`crate::layers::Layer::with_allowed`]): the stipple lab's even set on dark ground, the
//! CLI's `--mask`, a level designer's hand-painted "trees here" map.

use crate::base::error::{in_range, Result};
use crate::classic::bridson::AllowedFn;
use crate::pictures::image::{Plane, StippleImage};

/// Allowed ground from a picture: a point may stand where the pixel under it is darker than the
/// threshold. Works with [`crate::bridson::Sampler::with_allowed`] and
/// [`crate::layers::Layer::with_allowed`].
///
/// ```
/// use poisson_live::stipple::{mask_from_image, Picture};
/// use poisson_live::layers::{place_layers, Layer};
/// let tree = Picture::Tree.render(360, 200)?;
/// let mask = mask_from_image(&tree, 0.5)?;
/// let layers = vec![Layer::new(6.0, 30, 7).with_allowed(mask.clone().into_allowed())];
/// let placed = place_layers(360.0, 200.0, layers)?;
/// assert!(placed[0].iter().all(|p| mask.allows(p.x, p.y)));
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct ImageMask {
    plane: Plane,
    threshold: f64,
    allowed: [bool; 256],
}

/// A mask from a picture's brightness: a point at `(x, y)` is allowed when the luma of the pixel
/// that holds it, over 255, is below `threshold` (`luma / 255 < threshold`). The threshold must
/// lie in `[0, 1]`: 0 allows nothing, 1 everything but pure white.
pub fn mask_from_image(image: &StippleImage, threshold: f64) -> Result<ImageMask> {
    let threshold = in_range("threshold", threshold, 0.0, 1.0)?;
    let mut allowed = [false; 256];
    for (v, a) in allowed.iter_mut().enumerate() {
        *a = (v as f64) / 255.0 < threshold;
    }
    Ok(ImageMask {
        plane: image.luma_plane(),
        threshold,
        allowed,
    })
}

impl ImageMask {
    /// Whether a point may stand at `(x, y)`: on the picture (`0 ≤ x < width`, `0 ≤ y < height`)
    /// and darker than the threshold there.
    #[inline]
    pub fn allows(&self, x: f64, y: f64) -> bool {
        x >= 0.0
            && y >= 0.0
            && x < self.plane.width() as f64
            && y < self.plane.height() as f64
            && self.allowed[usize::from(self.plane.nearest(x, y))]
    }
    /// The threshold.
    pub fn threshold(&self) -> f64 {
        self.threshold
    }
    /// The brightness plane the mask reads.
    pub fn plane(&self) -> &Plane {
        &self.plane
    }
    /// Share of pixels allowed, in `[0, 1]`.
    pub fn coverage(&self) -> f64 {
        let n = self
            .plane
            .values()
            .iter()
            .filter(|&&v| self.allowed[usize::from(v)])
            .count();
        n as f64 / self.plane.values().len() as f64
    }
    /// The mask as a boxed ground rule.
    pub fn into_allowed(self) -> AllowedFn {
        Box::new(move |x, y| self.allows(x, y))
    }
}
