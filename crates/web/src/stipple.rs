//! The stipple lab's bindings: pictures handed over as pixels, stipples and masks handed back
//! as flat `x, y, r` arrays.

use crate::err;
use js_sys::{Array, Float64Array, Uint8Array, Uint8ClampedArray};
use poisson_live::stipple::{self, Image, Ink, Picture, Rendering, StippleParams, Stippling};
use poisson_live::Job;
use wasm_bindgen::prelude::*;

/// A picture the crate can read: RGB pixels, laid over white if they came with alpha.
/// Map units are pixels (pixel `(i, j)` covers `[i, i + 1) × [j, j + 1)`).
#[wasm_bindgen]
pub struct StippleImage {
    image: Image,
}

#[wasm_bindgen]
impl StippleImage {
    /// A picture from RGBA bytes (a canvas's `getImageData().data`: a Uint8ClampedArray or
    /// Uint8Array of `width · height · 4` bytes). Throws on a zero size or a wrong byte count.
    #[wasm_bindgen(constructor)]
    pub fn new(width: f64, height: f64, rgba: &[u8]) -> Result<StippleImage, JsError> {
        let (w, h) = size(width, height)?;
        Ok(Self {
            image: Image::from_rgba(w, h, rgba).map_err(err)?,
        })
    }

    /// A built-in picture (`sphere`, `gradient`, `tree`, `rings`; see `pictureNames()`) drawn
    /// at `width × height`.
    #[wasm_bindgen(js_name = builtIn)]
    pub fn built_in(name: &str, width: f64, height: f64) -> Result<StippleImage, JsError> {
        let picture = Picture::from_name(name).map_err(err)?;
        let (w, h) = size(width, height)?;
        Ok(Self {
            image: picture.render(w, h).map_err(err)?,
        })
    }

    /// Width in pixels (and map units).
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.image.width() as u32
    }

    /// Height in pixels (and map units).
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.image.height() as u32
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
        Ok(stipple::mask_from_image(&self.image, threshold)
            .map_err(err)?
            .allows(x, y))
    }

    /// Share of the picture a mask with this threshold allows, in `[0, 1]`.
    #[wasm_bindgen(js_name = maskCoverage)]
    pub fn mask_coverage(&self, threshold: f64) -> Result<f64, JsError> {
        Ok(stipple::mask_from_image(&self.image, threshold)
            .map_err(err)?
            .coverage())
    }
}

/// A built-in picture being drawn a few rows at a time, so that a page drawing a large one
/// never blocks: `run` in slices, then `image()`. The same pixels as `StippleImage.builtIn`.
#[wasm_bindgen]
pub struct PictureRender {
    inner: Rendering,
}

#[wasm_bindgen]
impl PictureRender {
    /// Starts drawing built-in picture `name` at `width × height`; throws as `builtIn` does.
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, width: f64, height: f64) -> Result<PictureRender, JsError> {
        let picture = Picture::from_name(name).map_err(err)?;
        let (w, h) = size(width, height)?;
        Ok(Self {
            inner: picture.rendering(w, h).map_err(err)?,
        })
    }

    /// Draws up to `maxRows` more rows; true once the picture is complete.
    pub fn run(&mut self, max_rows: f64) -> bool {
        self.inner
            .draw_rows(if max_rows > 0.0 { max_rows as usize } else { 0 })
    }

    /// Rows drawn so far.
    #[wasm_bindgen(getter, js_name = rowsDone)]
    pub fn rows_done(&self) -> u32 {
        self.inner.rows_done() as u32
    }

    /// Rows in all.
    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> u32 {
        self.inner.rows() as u32
    }

    /// The finished picture (any rows left are drawn first). Consumes this object: no `free()`
    /// is needed afterwards.
    pub fn image(self) -> Result<StippleImage, JsError> {
        Ok(StippleImage {
            image: self.inner.into_image().map_err(err)?,
        })
    }
}

fn size(width: f64, height: f64) -> Result<(usize, usize), JsError> {
    Ok((
        crate::whole("width", width)? as usize,
        crate::whole("height", height)? as usize,
    ))
}

fn k_seed(k: f64, seed: f64) -> Result<(u32, i32), JsError> {
    let k = crate::whole_in("k", k, 1, poisson_live::bridson::MAX_K)?;
    let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
    Ok((k, seed))
}

/// The stipple parameters from the page's numbers (`k` and the seed checked as JS numbers).
fn params(
    min_radius: f64,
    max_radius: f64,
    k: f64,
    seed: f64,
    gamma: Option<f64>,
) -> Result<StippleParams, JsError> {
    let (k, seed) = k_seed(k, seed)?;
    Ok(StippleParams {
        min_radius,
        max_radius,
        gamma,
        k,
        seed,
    })
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
pub fn picture_label(name: &str) -> Result<String, JsError> {
    Ok(Picture::from_name(name).map_err(err)?.label().to_owned())
}

/// The colour mode's inks in set order, each `[name, "#rrggbb"]`: cyan, magenta, yellow.
#[wasm_bindgen]
pub fn inks() -> Array {
    Ink::ALL
        .iter()
        .map(|ink| {
            let [r, g, b] = ink.color();
            let pair = Array::new();
            pair.push(&JsValue::from_str(ink.name()));
            pair.push(&JsValue::from_str(&format!("#{r:02x}{g:02x}{b:02x}")));
            JsValue::from(pair)
        })
        .collect()
}

/// The stipple lab's sampler: one set of dots (mono, mask) or three (colour: cyan, magenta,
/// yellow), to be run in slices (`run`) or at once (`finish`).
#[wasm_bindgen]
pub struct Stippler {
    inner: Stippling,
}

#[wasm_bindgen]
impl Stippler {
    /// Black dots whose spacing runs from `minRadius` on black to `maxRadius` on white;
    /// `gamma` (optional, 1/16 to 8, default 1) bends the mid-tones. The first dot is placed.
    pub fn mono(
        image: &StippleImage,
        min_radius: f64,
        max_radius: f64,
        k: f64,
        seed: f64,
        gamma: Option<f64>,
    ) -> Result<Stippler, JsError> {
        let params = params(min_radius, max_radius, k, seed, gamma)?;
        Ok(Self {
            inner: Stippling::mono(&image.image, params).map_err(err)?,
        })
    }

    /// Three ink sets, cyan from 1 − R, magenta from 1 − G, yellow from 1 − B, each with its
    /// own seed derived from `seed`.
    pub fn colour(
        image: &StippleImage,
        min_radius: f64,
        max_radius: f64,
        k: f64,
        seed: f64,
        gamma: Option<f64>,
    ) -> Result<Stippler, JsError> {
        let params = params(min_radius, max_radius, k, seed, gamma)?;
        Ok(Self {
            inner: Stippling::colour(&image.image, params).map_err(err)?,
        })
    }

    /// An even Poisson set of spacing `radius`, allowed only where the picture is darker than
    /// `threshold` (in `[0, 1]`); every 2r block is seeded first so no dark island stays empty.
    /// Cheap to make: the seeding is done by the first `run` calls (a block counts as a step).
    pub fn masked(
        image: &StippleImage,
        threshold: f64,
        radius: f64,
        k: f64,
        seed: f64,
    ) -> Result<Stippler, JsError> {
        let (k, seed) = k_seed(k, seed)?;
        Ok(Self {
            inner: Stippling::masked(&image.image, threshold, radius, k, seed).map_err(err)?,
        })
    }

    /// Up to `maxSteps` steps in all, shared between the sets; true when every set is full.
    pub fn run(&mut self, max_steps: f64) -> bool {
        self.inner
            .run_steps(if max_steps > 0.0 { max_steps as u64 } else { 0 })
    }

    /// Runs every set to the end.
    pub fn finish(&mut self) {
        self.inner.run_steps(u64::MAX);
    }

    /// True when every set is full.
    #[wasm_bindgen(getter, js_name = isFinished)]
    pub fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }

    /// How many point sets: 1, or 3 in colour mode.
    #[wasm_bindgen(getter)]
    pub fn sets(&self) -> u32 {
        self.inner.sets().len() as u32
    }

    /// `mono`, `colour` or `mask`.
    #[wasm_bindgen(getter)]
    pub fn mode(&self) -> String {
        match self.inner.mode() {
            stipple::Mode::Mono => "mono",
            stipple::Mode::Colour => "colour",
            stipple::Mode::Mask => "mask",
        }
        .to_owned()
    }

    /// Set `set`'s points as `x, y, r` triplets (empty for a set that does not exist).
    pub fn points(&self, set: u32) -> Float64Array {
        crate::xyr(self.inner.points(set as usize))
    }

    /// Set `set`'s points from index `from` on, as `x, y, r` triplets: what a page that draws
    /// while the sampler grows has not drawn yet.
    #[wasm_bindgen(js_name = pointsFrom)]
    pub fn points_from(&self, set: u32, from: u32) -> Float64Array {
        let points = self.inner.points(set as usize);
        crate::xyr(&points[(from as usize).min(points.len())..])
    }

    /// Set `set`'s points with indices in `from..to` (clamped to the set), as `x, y, r`
    /// triplets: a fixed batch of dots, whatever else has been placed since.
    #[wasm_bindgen(js_name = pointsBetween)]
    pub fn points_between(&self, set: u32, from: u32, to: u32) -> Float64Array {
        let points = self.inner.points(set as usize);
        let end = (to as usize).min(points.len());
        crate::xyr(&points[(from as usize).min(end)..end])
    }

    /// Points in set `set`.
    pub fn count(&self, set: u32) -> u32 {
        self.inner.points(set as usize).len() as u32
    }

    /// Points in all sets.
    #[wasm_bindgen(getter, js_name = pointCount)]
    pub fn point_count(&self) -> u32 {
        self.inner.total() as u32
    }
}

/// A picture stippled in one call (`x, y, r` triplets): what `Stippler.mono` holds when finished.
#[wasm_bindgen(js_name = stipple)]
pub fn stipple_flat(
    image: &StippleImage,
    min_radius: f64,
    max_radius: f64,
    k: f64,
    seed: f64,
    gamma: Option<f64>,
) -> Result<Float64Array, JsError> {
    let params = params(min_radius, max_radius, k, seed, gamma)?;
    let dots = stipple::stipple(&image.image, params).map_err(err)?;
    Ok(crate::xyr(&dots))
}

/// The colour stipple in one call: an array of three `x, y, r` arrays (cyan, magenta, yellow).
#[wasm_bindgen(js_name = stippleColour)]
pub fn stipple_colour_flat(
    image: &StippleImage,
    min_radius: f64,
    max_radius: f64,
    k: f64,
    seed: f64,
    gamma: Option<f64>,
) -> Result<Array, JsError> {
    let params = params(min_radius, max_radius, k, seed, gamma)?;
    let sets = stipple::stipple_colour(&image.image, params).map_err(err)?;
    Ok(sets.iter().map(|s| JsValue::from(crate::xyr(s))).collect())
}

/// An even Poisson set only where the picture is darker than `threshold`, in one call
/// (`x, y, r` triplets): what `Stippler.masked` holds when finished.
#[wasm_bindgen(js_name = maskedPoisson)]
pub fn masked_poisson_flat(
    image: &StippleImage,
    threshold: f64,
    radius: f64,
    k: f64,
    seed: f64,
) -> Result<Float64Array, JsError> {
    let (k, seed) = k_seed(k, seed)?;
    let dots = stipple::masked_poisson(&image.image, threshold, radius, k, seed).map_err(err)?;
    Ok(crate::xyr(&dots))
}
