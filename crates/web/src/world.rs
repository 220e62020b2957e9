//! `PaintedWorld`, `WorldPainter` and `worldLegend`: the last lab's island, straight from
//! `poisson_live::world`.
//!
//! `new PaintedWorld(seed)` paints the whole island in one call (`paint_world`); the page uses
//! `WorldPainter` instead, which paints the same island a budget of work per call, so that no
//! animation frame waits for all of it, and hands over the same `PaintedWorld` at the end.
//!
//! The core paints RGB bytes; a canvas wants RGBA. `rgba()` adds an opaque alpha byte to every
//! pixel and changes nothing else, so the canvas shows the core's exact pixels. `png()` hands over
//! the core's own PNG encoding (`World::to_png`), so "Download PNG" on the page and
//! `poisson paint` on the command line write the same file for the same seed.

use crate::err;
use js_sys::{Array, Object as JsObject, Reflect, Uint8Array, Uint8ClampedArray};
use poisson_live::world::{self, paint_world, Ground, Object, World};
use poisson_live::Job;
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
        self.rgba_rows(0.0, self.inner.height as f64)
    }

    /// Rows `from..to` of `rgba()` (clamped to the picture): the same bytes, a band at a time,
    /// so a page can copy the picture over several frames.
    #[wasm_bindgen(js_name = rgbaRows)]
    pub fn rgba_rows(&self, from: f64, to: f64) -> Uint8ClampedArray {
        let height = self.inner.height;
        // NaN and negatives read as 0; `as` saturates the rest, then the picture clamps it.
        let row = |v: f64| if v > 0.0 { (v as usize).min(height) } else { 0 };
        let (from, to) = (row(from), row(to).max(row(from)));
        let width = self.inner.width;
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

/// The island painted a slice at a time: `new WorldPainter(seed)` checks the seed (the same
/// errors as `new PaintedWorld(seed)`), `step(budget)` paints a little more and says whether it
/// is done, `progress` and `stage` say how far it has come, and `finish()` hands over the
/// `PaintedWorld`, byte for byte the one `new PaintedWorld(seed)` paints.
#[wasm_bindgen]
pub struct WorldPainter {
    seed: i32,
    /// `None` once `finish` has handed the world over.
    inner: Option<world::WorldPainter>,
}

#[wasm_bindgen]
impl WorldPainter {
    /// Starts painting the world for `seed` (a whole number in the 32-bit signed range, not
    /// −2147483646); paints nothing yet. Throws a readable error for any other value.
    #[wasm_bindgen(constructor)]
    pub fn new(seed: f64) -> Result<WorldPainter, JsError> {
        let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
        Ok(Self {
            seed,
            inner: Some(world::WorldPainter::new(seed).map_err(err)?),
        })
    }

    fn painter(&mut self) -> Result<&mut world::WorldPainter, JsError> {
        self.inner
            .as_mut()
            .ok_or_else(|| JsError::new("this world was already handed over by finish()"))
    }

    /// Paints up to `budget` units of work (about one sampler step each: a few microseconds;
    /// a terrain row is 36, a ground row 9); true once the world is complete. A page calls it
    /// while its frame's time lasts.
    pub fn step(&mut self, budget: f64) -> Result<bool, JsError> {
        let budget = if budget > 0.0 { budget as u64 } else { 0 };
        self.painter()?.step(budget).map_err(err)
    }

    /// How far the painting has come, from 0 to 1 (an estimate that never goes backwards; 1
    /// only when complete).
    #[wasm_bindgen(getter)]
    pub fn progress(&self) -> f64 {
        self.inner.as_ref().map_or(1.0, |p| p.progress())
    }

    /// What it is doing: "shaping the terrain", "painting the ground", "placing chests" (rocks,
    /// trees, flowers), "stamping objects" or "done".
    #[wasm_bindgen(getter)]
    pub fn stage(&self) -> String {
        self.inner.as_ref().map_or("done", |p| p.stage()).to_owned()
    }

    /// True once the world is complete (or handed over).
    #[wasm_bindgen(getter, js_name = isFinished)]
    pub fn is_finished(&self) -> bool {
        self.inner.as_ref().is_none_or(|p| p.is_finished())
    }

    /// The seed being painted.
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> i32 {
        self.seed
    }

    /// The painted world. Paints whatever is left first (in one go: step until done to keep
    /// frames short); throws when called a second time. The painter itself still needs `free()`.
    pub fn finish(&mut self) -> Result<PaintedWorld, JsError> {
        let painter = self
            .inner
            .take()
            .ok_or_else(|| JsError::new("this world was already handed over by finish()"))?;
        Ok(PaintedWorld {
            inner: painter.finish().map_err(err)?,
        })
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
