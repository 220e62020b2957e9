//! `Spectrum`: the spectrum lab's point sets and their power spectrum, averaged over maps.

use crate::err;
use js_sys::Float64Array;
use poisson_live::spectrum::{point_set, seeds, Kind, Periodogram, RadialAverage};
use wasm_bindgen::prelude::*;

/// Point sets of one kind (`"random"`, `"jittered"`, `"darts"` or `"bridson"`) on several maps
/// and their mean periodogram.
///
/// Layouts: `points()` is `x, y` per point of the first map; `power()` is the periodogram row
/// by row, `rows` rows of `cols` values, row `j` holding `fy = j − fyMax` and column `i` holding
/// `fx = i − fxMax` (frequency `(fx / width, fy / height)` cycles per map unit); entry `i` of
/// `radial()` is the mean power in the ring of `|f|` centred on `(i + 1) · binWidth`, one
/// `binWidth` wide (the origin is left out).
#[wasm_bindgen]
pub struct Spectrum {
    points: Vec<[f64; 2]>,
    periodogram: Periodogram,
    radial: RadialAverage,
}

#[wasm_bindgen]
impl Spectrum {
    /// Builds the `kind` point set on `maps` maps of `width × height` with spacing `radius`, the
    /// first from `seed` and the others from the seeds after it (the core's `spectrum::seeds`),
    /// then their mean spectrum for `|fx| ≤ fx_max`, `|fy| ≤ fy_max`. Throws on bad input.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        kind: &str,
        width: f64,
        height: f64,
        radius: f64,
        seed: f64,
        maps: f64,
        fx_max: f64,
        fy_max: f64,
    ) -> Result<Spectrum, JsError> {
        let kind = Kind::from_name(kind).ok_or_else(|| {
            JsError::new(&format!(
                "unknown point set {kind:?}: use random, jittered, darts or bridson"
            ))
        })?;
        let max = poisson_live::spectrum::MAX_FREQUENCY;
        let fx_max = crate::whole_in("frequencies across", fx_max, 0, max)?;
        let fy_max = crate::whole_in("frequencies down", fy_max, 0, max)?;
        let maps = crate::whole_in("maps", maps, 1, poisson_live::spectrum::MAX_MAPS)?;
        let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
        let mut points = Vec::new();
        let mut parts = Vec::new();
        for s in seeds(seed, maps).map_err(err)? {
            let set = point_set(kind, width, height, radius, s).map_err(err)?;
            parts.push(Periodogram::new(&set, width, height, fx_max, fy_max).map_err(err)?);
            if points.is_empty() {
                points = set;
            }
        }
        let periodogram = Periodogram::average(&parts).map_err(err)?;
        let radial = periodogram.radial_average();
        Ok(Self {
            points,
            periodogram,
            radial,
        })
    }

    /// The first map's points as `x, y` pairs.
    pub fn points(&self) -> Float64Array {
        crate::xy(&self.points)
    }
    /// How many points the first map holds.
    #[wasm_bindgen(getter, js_name = pointCount)]
    pub fn point_count(&self) -> u32 {
        self.points.len() as u32
    }
    /// The mean periodogram, row by row (see the type's docs).
    pub fn power(&self) -> Float64Array {
        Float64Array::from(self.periodogram.power())
    }
    /// Columns of `power()`: `2 · fxMax + 1`.
    #[wasm_bindgen(getter)]
    pub fn cols(&self) -> u32 {
        self.periodogram.cols() as u32
    }
    /// Rows of `power()`: `2 · fyMax + 1`.
    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> u32 {
        self.periodogram.rows() as u32
    }
    /// The mean power in each ring of `|f|`.
    pub fn radial(&self) -> Float64Array {
        Float64Array::from(&self.radial.mean[..])
    }
    /// The width of each ring, in cycles per map unit.
    #[wasm_bindgen(getter, js_name = binWidth)]
    pub fn bin_width(&self) -> f64 {
        self.radial.bin_width
    }
    /// The mean of the ring averages below `cutoff` cycles per map unit (the lab passes
    /// `0.5 / r`), or NaN when no ring lies below it.
    #[wasm_bindgen(js_name = lowFrequencyPower)]
    pub fn low_frequency_power(&self, cutoff: f64) -> f64 {
        self.radial.low_frequency_power(cutoff).unwrap_or(f64::NAN)
    }
}
