//! `WorldJob`, `PaintedWorld` and `worldLegend`: the last lab's island, straight from
//! `poisson_live::world`.
//!
//! `new WorldJob(seed)` paints the island a budget of work per call, so that no animation frame
//! waits for all of it, and hands over the `PaintedWorld` (`paint_world`'s, to the byte).
//!
//! The core paints RGB bytes; a canvas wants RGBA. `rgbaRows()` adds an opaque alpha byte to
//! every pixel and changes nothing else, so the canvas shows the core's exact pixels. `png()`
//! hands over the core's own PNG encoding (`World::to_png`), so "Download PNG" on the page and
//! `poisson paint` on the command line write the same file for the same seed.

use crate::job::job_class;
use crate::js::{self, err, getters, index, set, xyr};
use crate::layers::object;
use js_sys::{Array, Object as JsObject, Uint8Array, Uint8ClampedArray};
use poisson_live::world::{Ground, Object, World, WorldPainter};
use wasm_bindgen::prelude::*;

/// The painted `880 × 480` island for one seed: its pixels, its PNG, its object counts and the
/// ground under any point.
#[wasm_bindgen]
pub struct PaintedWorld {
    inner: World,
}

#[wasm_bindgen]
impl PaintedWorld {
    /// Rows `from..to` of the picture (clamped to it) as RGBA bytes, row-major, ready for
    /// `new ImageData(bytes, width, to - from)`: the core's RGB bytes with alpha 255 added after
    /// each pixel, nothing else changed. A band at a time, so a page can copy it over frames.
    #[wasm_bindgen(js_name = rgbaRows)]
    pub fn rgba_rows(&self, from: f64, to: f64) -> Uint8ClampedArray {
        let (width, height) = (self.inner.width, self.inner.height);
        let from = index(from, height);
        let to = index(to, height).max(from);
        let mut out = Vec::with_capacity((to - from) * width * 4);
        for px in self.inner.rgb[from * width * 3..to * width * 3].chunks_exact(3) {
            out.extend_from_slice(&[px[0], px[1], px[2], 255]);
        }
        Uint8ClampedArray::from(&out[..])
    }

    /// The picture as a PNG file (8-bit RGB): the bytes of the core's `World::to_png`.
    pub fn png(&self) -> Result<Uint8Array, JsError> {
        let bytes = self.inner.to_png().map_err(err)?;
        Ok(Uint8Array::from(&bytes[..]))
    }

    fn layer(&self, name: &JsValue) -> Result<&[poisson_live::Point], JsError> {
        let at = object(name)?;
        let i = Object::ALL.iter().position(|&o| o == at).unwrap_or(0);
        Ok(self.inner.layers()[i])
    }

    /// How many objects a layer holds: `"chests"`, `"rocks"`, `"trees"` or `"flowers"`;
    /// throws for any other name.
    pub fn count(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] layer: &JsValue,
    ) -> Result<u32, JsError> {
        Ok(self.layer(layer)?.len() as u32)
    }

    /// A layer's objects as `x, y, r` triplets (r is the layer's spacing); same names as
    /// `count`.
    pub fn points(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] layer: &JsValue,
    ) -> Result<js_sys::Float64Array, JsError> {
        Ok(xyr(self.layer(layer)?))
    }

    /// The name of the ground at `(x, y)` in map units ("deep water" … "rocky peak"), as the
    /// legend names it. Points off the map read the nearest edge.
    #[wasm_bindgen(js_name = groundAt)]
    pub fn ground_at(&self, x: f64, y: f64) -> String {
        self.inner.terrain.ground(x, y).name().to_owned()
    }
}

getters!(PaintedWorld, self {
    /// The seed it was painted from.
    seed "seed": i32 = self.inner.seed;
    /// Width in pixels (880).
    width "width": u32 = self.inner.width as u32;
    /// Height in pixels (480).
    height "height": u32 = self.inner.height as u32;
});

job_class!(
    /// The island painted a slice at a time: a unit of work is about one sampler step (a terrain
    /// row is 36, a ground row 9); `stage` says what it is doing ("shaping the terrain",
    /// "painting the ground", "placing chests" …, "stamping objects"); `take()` hands over the
    /// `PaintedWorld`.
    WorldJob,
    WorldPainter,
    PaintedWorld,
    |inner| PaintedWorld { inner }
);

#[wasm_bindgen]
impl WorldJob {
    /// Starts painting the world for `seed` (a whole number in the 32-bit signed range, not
    /// −2147483646); paints nothing yet. Throws a readable error for any other value.
    #[wasm_bindgen(constructor)]
    pub fn new(seed: f64) -> Result<WorldJob, JsError> {
        Ok(Self {
            job: WorldPainter::new(js::seed(seed)?).map_err(err)?,
        })
    }
}

fn rgb_array(rgb: [u8; 3]) -> Array {
    rgb.iter().map(|&c| JsValue::from(c)).collect()
}

/// The world's legend, from the core: an array of entries, grounds first (sea to peaks), then
/// the layers in placement order.
///
/// Each entry is `{kind: "ground", name, rgb: [r, g, b], land: true for dry land}` or
/// `{kind: "object", name, rgb, spacing, on: [ground names it may stand on], palette: {role:
/// [r, g, b]}}`, the palette the core draws the object in, `body` its main colour.
#[wasm_bindgen(js_name = worldLegend)]
pub fn world_legend() -> Array {
    let legend = Array::new();
    let entry = |kind: &str, name: &str, rgb: [u8; 3]| {
        let e = JsObject::new();
        set(&e, "kind", kind);
        set(&e, "name", name);
        set(&e, "rgb", rgb_array(rgb));
        legend.push(&e);
        e
    };
    for g in Ground::ALL {
        set(&entry("ground", g.name(), g.rgb()), "land", g.is_land());
    }
    for o in Object::ALL {
        let e = entry("object", o.name(), o.rgb());
        set(&e, "spacing", o.spacing());
        let palette = JsObject::new();
        for &(role, rgb) in o.palette() {
            set(&palette, role, rgb_array(rgb));
        }
        set(&e, "palette", palette);
        let on: Array = (Ground::ALL.iter())
            .filter(|&&g| o.allowed_on(g))
            .map(|g| JsValue::from(g.name()))
            .collect();
        set(&e, "on", on);
    }
    legend
}
