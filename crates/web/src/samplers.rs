//! `SamplerRun`: one run of one of the better samplers (classic, parent cone, Roberts, maximal)
//! with the figures the samplers lab's table shows; `SamplerJob` makes it a few steps per call.

use crate::job::job_class;
use crate::js::{err, getters, named, tries, Params};
use poisson_live::samplers::{self, Method, SamplerParams};
use wasm_bindgen::prelude::*;

/// A class over a finished run of the core (`$run`, with `points`, `coverage`, `candidates` and
/// `candidates_per_point()`) and the samplers lab's figures of it, the same getters for every
/// row of the table; `$method` gives the row's name from the run.
macro_rules! run_class {
    ($(#[$doc:meta])* $class:ident, $run:ty, |$r:ident| $method:expr) => {
        $(#[$doc])*
        #[wasm_bindgen]
        pub struct $class {
            run: $run,
        }

        #[wasm_bindgen]
        impl $class {
            /// The points as `x, y, r` triplets.
            pub fn points(&self) -> js_sys::Float64Array {
                $crate::js::xyr(&self.run.points)
            }
        }

        $crate::js::getters!($class, self {
            /// The method's name, as the samplers lab's table names the row.
            method "method": String = {
                let $r = &self.run;
                $method.to_owned()
            };
            /// How many points the run placed.
            point_count "pointCount": u32 = self.run.points.len() as u32;
            /// The fraction of the map covered by disks of radius `r / 2` (0 to 1), measured
            /// the same way for every sampler (`metrics::coverage`).
            coverage "coverage": f64 = self.run.coverage;
            /// Candidates tested.
            candidates "candidates": f64 = self.run.candidates as f64;
            /// Candidates tested per placed point.
            candidates_per_point "candidatesPerPoint": f64 = self.run.candidates_per_point();
        });
    };
}
pub(crate) use run_class;

run_class!(
    /// A finished run of one sampler. `points()` is `x, y, r` per point, in placement order;
    /// `candidates` counts the first point too.
    SamplerRun,
    samplers::SamplerRun,
    |run| run.method.name()
);

job_class!(
    /// One sampler's run, a few steps per unit of work (one active point's turn, or in the
    /// maximal sampler's gap filling one square listed, one dart or one square split); `take()`
    /// hands over the `SamplerRun`, equal to the one-call run to the bit.
    SamplerJob,
    samplers::SamplerJob,
    SamplerRun,
    |run| SamplerRun { run }
);

#[wasm_bindgen]
impl SamplerJob {
    /// `{method, width, height, radius, k, seed, exponent?}`: `method` is `"classic"`,
    /// `"parent-cone"`, `"roberts"` or `"maximal"`, on a `width × height` map with spacing
    /// `radius`, `k` tries and a seed. `exponent` (the parent cone only) replaces its default
    /// radius exponent. Checks everything and places the first point; throws on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(params: &JsValue) -> Result<SamplerJob, JsError> {
        let p = Params::new("SamplerJob", params)?;
        let method = named("sampler", &p.text("method")?, &Method::ALL, Method::name)?;
        let (width, height, radius, k, seed) = p.bridson()?;
        let params = SamplerParams {
            width,
            height,
            radius,
            k,
            seed,
        };
        let job = match p.optional("exponent")? {
            None => samplers::SamplerJob::new(method, params),
            Some(c) if method == Method::ParentCone => samplers::SamplerJob::parent_cone(params, c),
            Some(_) => return Err(JsError::new("exponent is for the parent-cone sampler only")),
        };
        Ok(Self {
            job: job.map_err(err)?,
        })
    }
}

getters!(SamplerJob, self {
    /// Points placed so far.
    point_count "pointCount": u32 = self.job.point_count() as u32;
});

/// The parent cone's default radius exponent for `k` tries: `−1.4 − 17 / √k`.
#[wasm_bindgen(js_name = defaultExponent)]
pub fn default_exponent(k: f64) -> Result<f64, JsError> {
    Ok(samplers::default_exponent(tries(k)?))
}
