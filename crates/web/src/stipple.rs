//! The stipple lab's bindings: pictures handed over as pixels, stipples and masks handed back
//! as flat `x, y, r` arrays.

use crate::job::job_class;
use crate::js::{self, checked_index, err, getters, named, sets, xyr, Params};
use js_sys::{Array, Float64Array, Uint8Array, Uint8ClampedArray};
use poisson_live::stipple::{self, Ink, Mode, Picture, StippleParams};
use wasm_bindgen::prelude::*;

/// A picture the crate can read: RGB pixels, laid over white if they came with alpha.
/// Map units are pixels (pixel `(i, j)` covers `[i, i + 1) × [j, j + 1)`).
#[wasm_bindgen]
pub struct StippleImage {
    image: stipple::StippleImage,
}

#[wasm_bindgen]
impl StippleImage {
    /// A picture from RGBA bytes (a canvas's `getImageData().data`: a Uint8ClampedArray or
    /// Uint8Array of `width · height · 4` bytes). Throws on a zero size or a wrong byte count.
    #[wasm_bindgen(constructor)]
    pub fn new(
        width: f64,
        height: f64,
        #[wasm_bindgen(unchecked_param_type = "Uint8ClampedArray | Uint8Array")] rgba: &JsValue,
    ) -> Result<StippleImage, JsError> {
        let (w, h) = size(width, height)?;
        // The size first (the core's message for a zero or too large picture), then the bytes,
        // checked against it before they are copied.
        let pixels = (w as u64) * (h as u64);
        if pixels == 0 || pixels > stipple::MAX_PIXELS as u64 {
            return Err(err(stipple::StippleImage::from_rgba(w, h, &[])
                .err()
                .unwrap_or_else(|| poisson_live::Error::Invalid {
                    message: format!("a {w} × {h} picture is not allowed"),
                })));
        }
        let bytes = pixels as usize * 4;
        let rgba = js::bytes("rgba", rgba, bytes, |got| {
            format!("a {w} × {h} RGBA image needs {bytes} bytes, got {got}")
        })?;
        Ok(Self {
            image: stipple::StippleImage::from_rgba(w, h, &rgba).map_err(err)?,
        })
    }

    /// The picture as RGBA bytes (alpha 255), for `new ImageData(rgba, width, height)`.
    pub fn rgba(&self) -> Uint8ClampedArray {
        Uint8ClampedArray::from(&self.image.to_rgba()[..])
    }

    /// The brightness byte (luma, 0 black to 255 white) of every pixel, row by row.
    #[wasm_bindgen(js_name = lumaPlane)]
    pub fn luma_plane(&self) -> Uint8Array {
        Uint8Array::from(self.image.luma_plane().values())
    }

    /// The brightness at map point `(x, y)` in `[0, 1]`, interpolated between pixel centres:
    /// what the stipple's radius rule reads.
    #[wasm_bindgen(js_name = brightnessAt)]
    pub fn brightness_at(&self, x: f64, y: f64) -> f64 {
        self.image.brightness_at(x, y)
    }

    /// Whether a mask with this threshold allows a point at `(x, y)`: on the picture and the
    /// pixel under it darker than the threshold (`luma / 255 < threshold`). Throws for a
    /// threshold outside `[0, 1]`.
    #[wasm_bindgen(js_name = maskAllows)]
    pub fn mask_allows(&self, threshold: f64, x: f64, y: f64) -> Result<bool, JsError> {
        let mask = stipple::mask_from_image(&self.image, threshold).map_err(err)?;
        Ok(mask.allows(x, y))
    }

    /// Share of the picture a mask with this threshold allows, in `[0, 1]`.
    #[wasm_bindgen(js_name = maskCoverage)]
    pub fn mask_coverage(&self, threshold: f64) -> Result<f64, JsError> {
        let mask = stipple::mask_from_image(&self.image, threshold).map_err(err)?;
        Ok(mask.coverage())
    }
}

getters!(StippleImage, self {
    /// Width in pixels (and map units).
    width "width": u32 = self.image.width() as u32;
    /// Height in pixels (and map units).
    height "height": u32 = self.image.height() as u32;
});

fn size(width: f64, height: f64) -> Result<(usize, usize), JsError> {
    Ok((
        js::whole("width", width)? as usize,
        js::whole("height", height)? as usize,
    ))
}

job_class!(
    /// A built-in picture drawn a row per unit of work; `take()` hands over the `StippleImage`.
    PictureJob,
    stipple::PictureJob,
    StippleImage,
    |image| StippleImage { image }
);

#[wasm_bindgen]
impl PictureJob {
    /// Starts drawing built-in picture `name` (see `pictureNames()`) at `width × height`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] name: &JsValue,
        width: f64,
        height: f64,
    ) -> Result<PictureJob, JsError> {
        let name = js::text("name", name)?;
        let picture = js::named("picture", &name, &Picture::ALL, Picture::name)?;
        let (w, h) = size(width, height)?;
        Ok(Self {
            job: picture.rendering(w, h).map_err(err)?,
        })
    }
}

/// The built-in pictures' names, in menu order.
#[wasm_bindgen(js_name = pictureNames)]
pub fn picture_names() -> Array {
    Picture::ALL
        .iter()
        .map(|p| JsValue::from_str(p.name()))
        .collect()
}

/// A built-in picture's label for a menu ("Shaded sphere"); throws for an unknown name.
#[wasm_bindgen(js_name = pictureLabel)]
pub fn picture_label(
    #[wasm_bindgen(unchecked_param_type = "string")] name: &JsValue,
) -> Result<String, JsError> {
    let name = js::text("name", name)?;
    Ok(js::named("picture", &name, &Picture::ALL, Picture::name)?
        .label()
        .to_owned())
}

/// The colour mode's inks in set order, each `[name, "#rrggbb"]`: cyan, magenta, yellow.
#[wasm_bindgen]
pub fn inks() -> Array {
    Ink::ALL
        .iter()
        .map(|ink| {
            let [r, g, b] = ink.color();
            let pair: Array = [ink.name().to_owned(), format!("#{r:02x}{g:02x}{b:02x}")]
                .iter()
                .map(JsValue::from)
                .collect();
            JsValue::from(pair)
        })
        .collect()
}

const MODES: [Mode; 3] = [Mode::Mono, Mode::Colour, Mode::Mask];

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Mono => "mono",
        Mode::Colour => "colour",
        Mode::Mask => "mask",
    }
}

job_class!(
    /// The stipple lab's dots, one sampler step per unit of work, shared between the sets: one
    /// set of dots (mono, mask) or three (colour: cyan, magenta, yellow). The dots so far can be
    /// read between calls; `take()` hands over every set, an array of `x, y, r` arrays, and keeps
    /// none of them.
    Stippling,
    stipple::Stippling,
    Array,
    |dots| sets(dots.iter().map(Vec::as_slice))
);

impl Stippling {
    /// The points of set number `set` (none for a set that does not exist).
    fn set(&self, set: &JsValue) -> Result<&[poisson_live::Point], JsError> {
        let set = js::whole_arg("set", set, 0, u32::MAX)?;
        Ok(self.job.points(set as usize))
    }
}

#[wasm_bindgen]
impl Stippling {
    /// Dots for `image` from `{mode, k, seed, …}`. `mode` `"mono"` (black dots) or `"colour"`
    /// (three inks, each with its own seed derived from `seed`) takes `minRadius` (the spacing
    /// on black) and `maxRadius` (on white), and optionally `gamma` (1/16 to 8, default 1) to bend
    /// the mid-tones. `"mask"` takes `threshold` (in `[0, 1]`) and `radius`: an even set allowed
    /// only where the picture is darker than the threshold, every 2r block seeded first (a block
    /// counts as a step) so no dark island stays empty. Throws on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(image: &StippleImage, params: &JsValue) -> Result<Stippling, JsError> {
        let p = Params::new("Stippling", params)?;
        let mode = named("mode", &p.text("mode")?, &MODES, mode_name)?;
        let (k, seed) = (p.tries()?, p.seed()?);
        let image = &image.image;
        let stippling = if mode == Mode::Mask {
            stipple::Stippling::masked(image, p.number("threshold")?, p.number("radius")?, k, seed)
        } else {
            let params = StippleParams {
                min_radius: p.number("minRadius")?,
                max_radius: p.number("maxRadius")?,
                gamma: p.optional("gamma")?,
                k,
                seed,
            };
            if mode == Mode::Mono {
                stipple::Stippling::mono(image, params)
            } else {
                stipple::Stippling::colour(image, params)
            }
        };
        Ok(Self {
            job: stippling.map_err(err)?,
        })
    }

    /// Set `set`'s points so far as `x, y, r` triplets (empty for a set that does not exist;
    /// throws for a set number that is not a whole number from 0 to 2^32 − 1).
    pub fn points(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] set: &JsValue,
    ) -> Result<Float64Array, JsError> {
        Ok(xyr(self.set(set)?))
    }

    /// Set `set`'s points with indices in `from..to` (whole numbers ≥ 0, clamped to the set),
    /// as `x, y, r` triplets: a fixed batch of dots, whatever else has been placed since.
    #[wasm_bindgen(js_name = pointsBetween)]
    pub fn points_between(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] set: &JsValue,
        from: f64,
        to: f64,
    ) -> Result<Float64Array, JsError> {
        let points = self.set(set)?;
        let end = checked_index("to", to, points.len())?;
        let start = checked_index("from", from, end)?;
        Ok(xyr(&points[start..end]))
    }

    /// Points in set `set` so far.
    pub fn count(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] set: &JsValue,
    ) -> Result<u32, JsError> {
        Ok(self.set(set)?.len() as u32)
    }
}

getters!(Stippling, self {
    /// How many point sets: 1, or 3 in colour mode.
    sets "sets": u32 = self.job.sets().len() as u32;
    /// `mono`, `colour` or `mask`.
    mode "mode": String = mode_name(self.job.mode()).to_owned();
    /// Points in all sets so far.
    point_count "pointCount": u32 = self.job.total() as u32;
});
