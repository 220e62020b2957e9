//! `BiomeMap`, `Placement` and `Placer`: the layers lab's ground and its four layers
//! of objects.

use crate::job::job_class;
use crate::js::{self, err, getters, index, named, xyr, Params};
use js_sys::{Float64Array, Uint32Array, Uint8ClampedArray};
use poisson_live::biomes::{self, Spacings};
use poisson_live::world::Object;
use wasm_bindgen::prelude::*;

/// The layer called `name`: `"chests"`, `"rocks"`, `"trees"` or `"flowers"`.
pub(crate) fn object(name: &JsValue) -> Result<Object, JsError> {
    named(
        "layer",
        &js::text("layer", name)?,
        &Object::ALL,
        Object::name,
    )
}

/// Meadow, forest and ponds from a seed: the ground the layers' rules test, and its picture.
#[wasm_bindgen]
pub struct BiomeMap {
    inner: biomes::BiomeMap,
}

#[wasm_bindgen]
impl BiomeMap {
    /// A `width × height` map (whole numbers ≥ 1) for a 32-bit `seed`. Throws on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(width: f64, height: f64, seed: f64) -> Result<BiomeMap, JsError> {
        let (w, h) = (js::whole("width", width)?, js::whole("height", height)?);
        Ok(Self {
            inner: biomes::BiomeMap::new(w as usize, h as usize, js::seed(seed)?).map_err(err)?,
        })
    }

    /// Rows `from..to` of the picture (clamped to the map): RGBA bytes, row-major, one pixel per
    /// map unit (the layout of `ImageData`), so a page can paint the map a band at a time.
    #[wasm_bindgen(js_name = rgbaRows)]
    pub fn rgba_rows(&self, from: f64, to: f64) -> Uint8ClampedArray {
        let height = self.inner.height();
        let rows = index(from, height)..index(to, height);
        Uint8ClampedArray::from(&self.inner.paint_rgba_rows(rows)[..])
    }

    /// The ground's name at `(x, y)`: "shallow water" (a pond), "sand", "meadow" or
    /// "forest floor".
    #[wasm_bindgen(js_name = groundAt)]
    pub fn ground_at(&self, x: f64, y: f64) -> String {
        self.inner.ground(x, y).name().to_owned()
    }
}

getters!(BiomeMap, self {
    /// Map width.
    width "width": u32 = self.inner.width() as u32;
    /// Map height.
    height "height": u32 = self.inner.height() as u32;
});

/// Chests, rocks, trees and flowers placed on a `BiomeMap`, biggest first, on one shared grid or
/// a grid per layer. Each accessor takes a layer's name: `"chests"`, `"rocks"`, `"trees"` or
/// `"flowers"`, and throws for any other.
///
/// `overlaps()` lists the cross-layer pairs closer than the smaller spacing as
/// `layerA, indexA, layerB, indexB` quadruplets, layers numbered 0 chests … 3 flowers.
#[wasm_bindgen]
pub struct Placement {
    inner: biomes::Placement,
}

#[wasm_bindgen]
impl Placement {
    /// The layer's objects as `x, y, r` triplets (r is the layer's spacing).
    pub fn points(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] layer: &JsValue,
    ) -> Result<Float64Array, JsError> {
        Ok(xyr(self.inner.of(object(layer)?)))
    }

    /// How many objects the layer holds.
    pub fn count(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] layer: &JsValue,
    ) -> Result<u32, JsError> {
        Ok(self.inner.of(object(layer)?).len() as u32)
    }

    /// Cross-layer pairs closer than the smaller spacing (see the class docs for the layout).
    pub fn overlaps(&self) -> Uint32Array {
        let v: Vec<u32> = (self.inner.overlaps.iter())
            .flat_map(|o| [o.layer_a, o.index_a, o.layer_b, o.index_b].map(|n| n as u32))
            .collect();
        Uint32Array::from(&v[..])
    }
}

getters!(Placement, self {
    /// Number of cross-layer overlaps (0 with a shared grid).
    overlap_count "overlapCount": u32 = self.inner.overlaps.len() as u32;
    /// Whether the layers shared one grid.
    shared_grid "sharedGrid": bool = self.inner.shared_grid;
});

job_class!(
    /// The four layers placed a sampler step per unit of work (seeding a block, starting a layer
    /// and listing the overlaps count one each); `take()` hands over the `Placement`.
    Placer,
    biomes::Placer,
    Placement,
    |inner| Placement { inner }
);

#[wasm_bindgen]
impl Placer {
    /// Places the layers on `map` with `{chest, rock, tree, flower, sharedGrid}`: the spacings, and
    /// `sharedGrid` (default true) false to give each layer its own grid. Checks the spacings and
    /// builds the grids; throws (naming the layer) for a spacing that is not a number > 0 or too
    /// small for the work limit.
    #[wasm_bindgen(constructor)]
    pub fn new(map: &BiomeMap, params: &JsValue) -> Result<Placer, JsError> {
        let p = Params::new("Placer", params)?;
        let spacings = Spacings {
            chest: p.number("chest")?,
            rock: p.number("rock")?,
            tree: p.number("tree")?,
            flower: p.number("flower")?,
        };
        let placer =
            biomes::Placer::new(&map.inner, &spacings, p.flag("sharedGrid", true)?).map_err(err)?;
        Ok(Self { job: placer })
    }
}
