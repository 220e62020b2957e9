//! `PaintedWorld` and `worldLegend`: the last lab's island, straight from
//! `poisson_live::world::paint_world`.
//!
//! The core paints RGB bytes; a canvas wants RGBA. `rgba()` adds an opaque alpha byte to every
//! pixel and changes nothing else, so the canvas shows the core's exact pixels. `png()` hands over
//! the core's own PNG encoding (`World::to_png`), so "Download PNG" on the page and
//! `poisson paint` on the command line write the same file for the same seed.

use crate::err;
use js_sys::{Array, Object as JsObject, Reflect, Uint8Array, Uint8ClampedArray};
use poisson_live::world::{paint_world, Ground, Object, World};
use wasm_bindgen::prelude::*;

/// The painted `880 × 480` island for one seed: its pixels, its PNG, its object counts and the
/// ground under any point.
#[wasm_bindgen]
pub struct PaintedWorld {
    inner: World,
}

#[wasm_bindgen]
impl PaintedWorld {
    /// Paints the world for `seed` (a whole number in the 32-bit signed range, not
    /// −2147483646). Throws a readable error for any other value.
    #[wasm_bindgen(constructor)]
    pub fn new(seed: f64) -> Result<PaintedWorld, JsError> {
        let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
        Ok(Self {
            inner: paint_world(seed).map_err(err)?,
        })
    }

    /// The picture as RGBA bytes, row-major, ready for `new ImageData(rgba, width, height)`:
    /// the core's RGB bytes with alpha 255 added after each pixel, nothing else changed.
    pub fn rgba(&self) -> Uint8ClampedArray {
        let mut out = Vec::with_capacity(self.inner.width * self.inner.height * 4);
        for px in self.inner.rgb.chunks_exact(3) {
            out.extend_from_slice(&[px[0], px[1], px[2], 255]);
        }
        Uint8ClampedArray::from(&out[..])
    }

    /// The picture as a PNG file (8-bit RGB): the bytes of the core's `World::to_png`.
    pub fn png(&self) -> Result<Uint8Array, JsError> {
        let bytes = self.inner.to_png().map_err(err)?;
        Ok(Uint8Array::from(&bytes[..]))
    }

    fn layer(&self, name: &str) -> Result<&[poisson_live::Point], JsError> {
        let at = Object::ALL
            .iter()
            .position(|o| o.name() == name)
            .ok_or_else(|| {
                JsError::new(&format!(
                    "unknown layer {name:?}: use chests, rocks, trees or flowers"
                ))
            })?;
        Ok(self.inner.layers()[at])
    }

    /// How many objects a layer holds: `"chests"`, `"rocks"`, `"trees"` or `"flowers"`;
    /// throws for any other name.
    pub fn count(&self, layer: &str) -> Result<u32, JsError> {
        Ok(self.layer(layer)?.len() as u32)
    }

    /// A layer's objects as `x, y, r` triplets (r is the layer's spacing); same names as
    /// `count`.
    pub fn points(&self, layer: &str) -> Result<js_sys::Float64Array, JsError> {
        Ok(crate::xyr(self.layer(layer)?))
    }

    /// The name of the ground at `(x, y)` in map units ("deep water" … "rocky peak"), as the
    /// legend names it. Points off the map read the nearest edge.
    #[wasm_bindgen(js_name = groundAt)]
    pub fn ground_at(&self, x: f64, y: f64) -> String {
        self.inner.terrain.ground(x, y).name().to_owned()
    }

    /// The seed it was painted from.
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> i32 {
        self.inner.seed
    }

    /// Width in pixels (880).
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.inner.width as u32
    }

    /// Height in pixels (480).
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.inner.height as u32
    }
}

fn set(target: &JsObject, key: &str, value: JsValue) {
    // Setting a plain property on a fresh plain object cannot fail.
    let _ = Reflect::set(target, &key.into(), &value);
}

fn rgb_array(rgb: [u8; 3]) -> Array {
    rgb.iter().map(|&c| JsValue::from(c)).collect()
}

/// The world's legend, from the core: an array of entries, grounds first (sea to peaks), then
/// the layers in placement order.
///
/// Each entry is `{kind: "ground", name, rgb: [r, g, b], land: true for dry land}` or
/// `{kind: "object", name, rgb, spacing, on: [ground names it may stand on]}`.
#[wasm_bindgen(js_name = worldLegend)]
pub fn world_legend() -> Array {
    let legend = Array::new();
    for g in Ground::ALL {
        let entry = JsObject::new();
        set(&entry, "kind", "ground".into());
        set(&entry, "name", g.name().into());
        set(&entry, "rgb", rgb_array(g.rgb()).into());
        set(&entry, "land", g.is_land().into());
        legend.push(&entry);
    }
    for o in Object::ALL {
        let entry = JsObject::new();
        set(&entry, "kind", "object".into());
        set(&entry, "name", o.name().into());
        set(&entry, "rgb", rgb_array(o.rgb()).into());
        set(&entry, "spacing", o.spacing().into());
        let on: Array = Ground::ALL
            .iter()
            .filter(|&&g| o.allowed_on(g))
            .map(|g| JsValue::from(g.name()))
            .collect();
        set(&entry, "on", on.into());
        legend.push(&entry);
    }
    legend
}
