//! `Spectrum`: the spectrum lab's point sets and their power spectrum, averaged over maps;
//! `SpectrumBuilder` makes the same spectrum a little per call.

use crate::err;
use js_sys::Float64Array;
use poisson_live::spectrum::{
    Averaged, Kind, Periodogram, RadialAverage, SpectrumJob, SpectrumParams,
};
use poisson_live::{Job, Point};
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
    points: Vec<Point>,
    periodogram: Periodogram,
    radial: RadialAverage,
}

/// Checks the lab's arguments as JS numbers (whole counts, a seed), then the rest as the core
/// does, and starts the staged spectrum.
#[allow(clippy::too_many_arguments)]
fn staged(
    kind: &str,
    width: f64,
    height: f64,
    radius: f64,
    seed: f64,
    maps: f64,
    fx_max: f64,
    fy_max: f64,
) -> Result<SpectrumJob, JsError> {
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
    SpectrumJob::new(SpectrumParams {
        kind,
        width,
        height,
        radius,
        seed,
        maps,
        fx_max,
        fy_max,
    })
    .map_err(err)
}

impl Spectrum {
    fn from_averaged(averaged: Averaged) -> Self {
        let radial = averaged.periodogram.radial_average();
        Self {
            points: averaged.points,
            periodogram: averaged.periodogram,
            radial,
        }
    }
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
        let mut staged = staged(kind, width, height, radius, seed, maps, fx_max, fy_max)?;
        while !staged.run(u64::MAX).map_err(err)? {}
        let averaged = staged
            .take()
            .ok_or_else(|| JsError::new("the spectrum was not finished"))?;
        Ok(Self::from_averaged(averaged))
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

/// The same spectrum as `new Spectrum(…)`, made a little per call so that the page keeps
/// drawing: `run(maxWork)` until it returns true, then `spectrum()` hands over the finished
/// `Spectrum` (once), equal to the one-call spectrum to the bit. Throws like `Spectrum` for bad
/// input, at construction.
#[wasm_bindgen]
pub struct SpectrumBuilder {
    inner: SpectrumJob,
}

#[wasm_bindgen]
impl SpectrumBuilder {
    /// Checks the input like `Spectrum`; makes no points yet.
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
    ) -> Result<SpectrumBuilder, JsError> {
        Ok(Self {
            inner: staged(kind, width, height, radius, seed, maps, fx_max, fy_max)?,
        })
    }

    /// Up to `maxWork` units of work (at least one): sampler steps or darts while a map's point
    /// set is being made, then its points added to the sums. True when the mean spectrum is
    /// ready. Throws if a point set is refused (too many points for the frequencies).
    pub fn run(&mut self, max_work: f64) -> Result<bool, JsError> {
        let work = if max_work > 0.0 { max_work as u64 } else { 0 };
        self.inner.run(work).map_err(err)
    }

    /// True once the mean spectrum is ready.
    #[wasm_bindgen(getter, js_name = isFinished)]
    pub fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }

    /// How far along the work is, from 0 to 1.
    #[wasm_bindgen(getter)]
    pub fn progress(&self) -> f64 {
        self.inner.progress()
    }

    /// How many maps are averaged.
    #[wasm_bindgen(getter)]
    pub fn maps(&self) -> u32 {
        self.inner.maps() as u32
    }

    /// The finished spectrum; throws before the end, or when it was already taken.
    pub fn spectrum(&mut self) -> Result<Spectrum, JsError> {
        self.inner
            .take()
            .map(Spectrum::from_averaged)
            .ok_or_else(|| JsError::new("the spectrum is not finished yet, or was already taken"))
    }
}
