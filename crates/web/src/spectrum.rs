//! `Spectrum`: the spectrum lab's point sets and their power spectrum, averaged over maps;
//! `SpectrumJob` makes it a little per call; `spectrumOf` measures points made elsewhere.

use crate::job::job_class;
use crate::js::{err, getters, named, numbers, whole_in, xy, Params};
use js_sys::Float64Array;
use poisson_live::spectrum::{self, Averaged, Kind, Periodogram, RadialAverage, SpectrumParams};
use poisson_live::spectrum::{MAX_FREQUENCY, MAX_MAPS};
use poisson_live::Point;
use wasm_bindgen::prelude::*;

/// Point sets of one kind on several maps and their mean periodogram.
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

impl Spectrum {
    fn from_averaged(averaged: Averaged) -> Self {
        Self {
            radial: averaged.periodogram.radial_average(),
            points: averaged.points,
            periodogram: averaged.periodogram,
        }
    }
}

#[wasm_bindgen]
impl Spectrum {
    /// The first map's points as `x, y` pairs.
    pub fn points(&self) -> Float64Array {
        xy(&self.points)
    }
    /// The mean periodogram, row by row (see the type's docs).
    pub fn power(&self) -> Float64Array {
        Float64Array::from(self.periodogram.power())
    }
    /// The mean power in each ring of `|f|`.
    pub fn radial(&self) -> Float64Array {
        Float64Array::from(&self.radial.mean[..])
    }
    /// The mean of the ring averages below `cutoff` cycles per map unit (the lab passes
    /// `0.5 / r`), or NaN when no ring lies below it.
    #[wasm_bindgen(js_name = lowFrequencyPower)]
    pub fn low_frequency_power(&self, cutoff: f64) -> f64 {
        self.radial.low_frequency_power(cutoff).unwrap_or(f64::NAN)
    }
}

getters!(Spectrum, self {
    /// How many points the first map holds.
    point_count "pointCount": u32 = self.points.len() as u32;
    /// Columns of `power()`: `2 · fxMax + 1`.
    cols "cols": u32 = self.periodogram.cols() as u32;
    /// Rows of `power()`: `2 · fyMax + 1`.
    rows "rows": u32 = self.periodogram.rows() as u32;
    /// The width of each ring, in cycles per map unit.
    bin_width "binWidth": f64 = self.radial.bin_width;
});

job_class!(
    /// The spectrum made a little per unit of work (a sampler step or a dart while a map's set is
    /// made, then one of its points added to the sums); `take()` hands over the `Spectrum`.
    /// `run` throws if a point set is refused (too many points for the frequencies).
    SpectrumJob,
    spectrum::SpectrumJob,
    Spectrum,
    |averaged| Spectrum::from_averaged(averaged)
);

#[wasm_bindgen]
impl SpectrumJob {
    /// `{kind, width, height, radius, seed, maps, fxMax, fyMax}`: the `kind` point set
    /// (`"random"`, `"jittered"`, `"darts"` or `"bridson"`) on `maps` maps of `width × height`
    /// with spacing `radius`, the first from `seed` and the others from the seeds after it (the
    /// core's `spectrum::seeds`), and their mean spectrum for `|fx| ≤ fxMax`, `|fy| ≤ fyMax`.
    /// Checks everything and places one point; throws on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(params: &JsValue) -> Result<SpectrumJob, JsError> {
        let p = Params::new("SpectrumJob", params)?;
        let kind = named("point set", &p.text("kind")?, &Kind::ALL, Kind::name)?;
        let fx_max = whole_in("frequencies across", p.number("fxMax")?, 0, MAX_FREQUENCY)?;
        let fy_max = whole_in("frequencies down", p.number("fyMax")?, 0, MAX_FREQUENCY)?;
        let maps = whole_in("maps", p.number("maps")?, 1, MAX_MAPS)?;
        let seed = p.seed()?;
        let (width, height) = (p.number("width")?, p.number("height")?);
        let params = SpectrumParams {
            kind,
            width,
            height,
            radius: p.number("radius")?,
            seed,
            maps,
            fx_max,
            fy_max,
        };
        Ok(Self {
            job: spectrum::SpectrumJob::new(params).map_err(err)?,
        })
    }
}

getters!(SpectrumJob, self {
    /// How many maps are averaged.
    maps "maps": u32 = self.job.maps() as u32;
});

/// The spectrum of points made elsewhere (`x, y` pairs on a `width × height` map) for
/// `|fx| ≤ fxMax`, `|fy| ≤ fyMax`, in one call: the relax lab measures each iteration's few
/// hundred points this way. Costs points × frequencies. Throws on an odd count of numbers, and
/// with the core's words past its work limit, on a coordinate that is not finite or a bad size.
#[wasm_bindgen(js_name = spectrumOf)]
pub fn spectrum_of(
    #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")] points: &JsValue,
    width: f64,
    height: f64,
    fx_max: f64,
    fy_max: f64,
) -> Result<Spectrum, JsError> {
    let fx_max = whole_in("frequencies across", fx_max, 0, MAX_FREQUENCY)?;
    let fy_max = whole_in("frequencies down", fy_max, 0, MAX_FREQUENCY)?;
    let flat = numbers("points", points)?;
    crate::export::stride(&flat, 2.0)?;
    let points: Vec<Point> = flat
        .chunks_exact(2)
        .map(|c| Point {
            x: c[0],
            y: c[1],
            r: 0.0,
        })
        .collect();
    let periodogram = Periodogram::new(&points, width, height, fx_max, fy_max).map_err(err)?;
    Ok(Spectrum {
        radial: periodogram.radial_average(),
        points,
        periodogram,
    })
}
