//! `BiomeMap` and `LayerPlacement`: the layers lab's ground and its four layers of objects.

use crate::err;
use js_sys::{Float64Array, Uint32Array, Uint8ClampedArray};
use poisson_live::biomes::{self, Placement, Spacings};
use poisson_live::world::Object;
use poisson_live::Job;
use wasm_bindgen::prelude::*;

/// Meadow, forest and ponds from a seed: the ground the layers' rules test, and its picture.
#[wasm_bindgen(js_name = BiomeMap)]
pub struct BiomeMap {
    inner: biomes::BiomeMap,
}

#[wasm_bindgen(js_class = BiomeMap)]
impl BiomeMap {
    /// A `width × height` map (whole numbers ≥ 1) for a 32-bit `seed`. Throws on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(width: f64, height: f64, seed: f64) -> Result<BiomeMap, JsError> {
        let (w, h) = (
            crate::whole("width", width)?,
            crate::whole("height", height)?,
        );
        let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
        Ok(Self {
            inner: biomes::BiomeMap::new(w as usize, h as usize, seed).map_err(err)?,
        })
    }

    /// The picture: RGBA bytes, row-major, one pixel per map unit (the layout of `ImageData`).
    pub fn rgba(&self) -> Uint8ClampedArray {
        Uint8ClampedArray::from(&self.inner.paint_rgba()[..])
    }

    /// Rows `from..to` of `rgba()` (clamped to the map): the same bytes, a band at a time, so a
    /// page can paint the map over several frames.
    #[wasm_bindgen(js_name = rgbaRows)]
    pub fn rgba_rows(&self, from: f64, to: f64) -> Uint8ClampedArray {
        let row = |v: f64| if v > 0.0 { v as usize } else { 0 };
        Uint8ClampedArray::from(&self.inner.paint_rgba_rows(row(from)..row(to))[..])
    }

    /// The ground's name at `(x, y)`: "shallow water" (a pond), "sand", "meadow" or
    /// "forest floor".
    #[wasm_bindgen(js_name = groundAt)]
    pub fn ground_at(&self, x: f64, y: f64) -> String {
        self.inner.ground(x, y).name().to_owned()
    }

    /// Map width.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.inner.width() as u32
    }

    /// Map height.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.inner.height() as u32
    }
}

/// Chests, rocks, trees and flowers placed on a `BiomeMap`, biggest first, on one shared grid or
/// a grid per layer. Each accessor takes a layer's name: `"chests"`, `"rocks"`, `"trees"` or
/// `"flowers"`, and throws for any other.
///
/// `overlaps()` lists the cross-layer pairs closer than the smaller spacing as
/// `layerA, indexA, layerB, indexB` quadruplets, layers numbered 0 chests … 3 flowers.
#[wasm_bindgen]
pub struct LayerPlacement {
    inner: Placement,
}

#[wasm_bindgen]
impl LayerPlacement {
    /// Places the four layers on `map` with these spacings; `sharedGrid` false gives each layer
    /// its own grid. Throws (naming the layer) for a spacing that is not a number > 0 or too
    /// small for the work limit.
    #[wasm_bindgen(constructor)]
    pub fn new(
        map: &BiomeMap,
        chest: f64,
        rock: f64,
        tree: f64,
        flower: f64,
        shared_grid: bool,
    ) -> Result<LayerPlacement, JsError> {
        let spacings = Spacings {
            chest,
            rock,
            tree,
            flower,
        };
        Ok(Self {
            inner: biomes::place_objects(&map.inner, &spacings, shared_grid).map_err(err)?,
        })
    }

    fn layer(&self, name: &str) -> Result<&[poisson_live::Point], JsError> {
        Object::ALL
            .iter()
            .find(|o| o.name() == name)
            .map(|&o| self.inner.of(o))
            .ok_or_else(|| {
                JsError::new(&format!(
                    "unknown layer {name:?}: use chests, rocks, trees or flowers"
                ))
            })
    }

    /// The layer's objects as `x, y, r` triplets (r is the layer's spacing).
    pub fn points(&self, layer: &str) -> Result<Float64Array, JsError> {
        Ok(crate::xyr(self.layer(layer)?))
    }

    /// How many objects the layer holds.
    pub fn count(&self, layer: &str) -> Result<u32, JsError> {
        Ok(self.layer(layer)?.len() as u32)
    }

    /// Cross-layer pairs closer than the smaller spacing (see the class docs for the layout).
    pub fn overlaps(&self) -> Uint32Array {
        let v: Vec<u32> = self
            .inner
            .overlaps
            .iter()
            .flat_map(|o| {
                [
                    o.layer_a as u32,
                    o.index_a as u32,
                    o.layer_b as u32,
                    o.index_b as u32,
                ]
            })
            .collect();
        Uint32Array::from(&v[..])
    }

    /// Number of cross-layer overlaps (0 with a shared grid).
    #[wasm_bindgen(getter, js_name = overlapCount)]
    pub fn overlap_count(&self) -> u32 {
        self.inner.overlaps.len() as u32
    }

    /// Whether the layers shared one grid.
    #[wasm_bindgen(getter, js_name = sharedGrid)]
    pub fn shared_grid(&self) -> bool {
        self.inner.shared_grid
    }
}

/// The same placement as `LayerPlacement`, made a slice at a time so that the page keeps
/// drawing while small spacings fill the map: `run(steps)` until it returns true, then
/// `placement()` hands over the finished `LayerPlacement` (once). Throws like `LayerPlacement`
/// for bad spacings, at construction.
#[wasm_bindgen]
pub struct LayerPlacer {
    inner: biomes::Placer,
}

#[wasm_bindgen]
impl LayerPlacer {
    /// Validates the spacings and builds the grids; places nothing yet.
    #[wasm_bindgen(constructor)]
    pub fn new(
        map: &BiomeMap,
        chest: f64,
        rock: f64,
        tree: f64,
        flower: f64,
        shared_grid: bool,
    ) -> Result<LayerPlacer, JsError> {
        let spacings = Spacings {
            chest,
            rock,
            tree,
            flower,
        };
        Ok(Self {
            inner: biomes::Placer::new(&map.inner, &spacings, shared_grid).map_err(err)?,
        })
    }

    /// Up to `maxSteps` sampler steps; true when every layer is placed.
    pub fn run(&mut self, max_steps: f64) -> Result<bool, JsError> {
        let steps = if max_steps > 0.0 { max_steps as u64 } else { 0 };
        self.inner.run(steps).map_err(err)
    }

    /// True once every layer is placed.
    #[wasm_bindgen(getter, js_name = isFinished)]
    pub fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }

    /// The finished placement; throws before the end, or when it was already taken.
    pub fn placement(&mut self) -> Result<LayerPlacement, JsError> {
        self.inner
            .take()
            .map(|inner| LayerPlacement { inner })
            .ok_or_else(|| JsError::new("the placement is not finished yet, or was already taken"))
    }
}
