//! The endless lab's bindings over the core's `chunks`: `ChunkedWorld`, a world generated chunk
//! by chunk as the view moves.

use crate::js::{err, finite, getters, short_number, whole_in, xy, Params};
use js_sys::Float64Array;
use poisson_live::chunks::{self, points_digest};
use wasm_bindgen::prelude::*;

/// An endless world of points at least `radius` apart, in square chunks that depend only on
/// the seed and their coordinates (see the core's `chunks` module for why).
///
/// Array layouts: `chunk()`, `cachedChunk()` and `pointsIn()` return `x, y` pairs in world
/// coordinates.
#[wasm_bindgen]
pub struct ChunkedWorld {
    inner: chunks::ChunkedWorld,
}

/// A chunk coordinate from JS: a whole number in the i32 range.
fn coord(name: &'static str, v: f64) -> Result<i32, JsError> {
    if v.is_finite() && v == v.trunc() && v >= f64::from(i32::MIN) && v <= f64::from(i32::MAX) {
        Ok(v as i32)
    } else {
        Err(JsError::new(&format!(
            "{name} must be a whole number from {} to {}, got {v}",
            i32::MIN,
            i32::MAX
        )))
    }
}

impl ChunkedWorld {
    /// Checks a view `[x, x + width) × [y, y + height)` before any chunk is listed: finite
    /// numbers, a size ≥ 0, and all its chunks' grids together within the crate's work limit
    /// (`DEFAULT_MAX_CELLS`, as one Bridson call), so `Infinity` or 2^53 is refused at once
    /// instead of listing chunks for ever.
    fn view(&self, x: f64, y: f64, width: f64, height: f64) -> Result<(), JsError> {
        let (x, y) = (finite("x", x)?, finite("y", y)?);
        let (width, height) = (finite("width", width)?, finite("height", height)?);
        if width < 0.0 || height < 0.0 {
            return Err(JsError::new(&format!(
                "a view's width and height must be ≥ 0, got {} × {}",
                short_number(width),
                short_number(height)
            )));
        }
        let (c0, r0) = self.inner.chunk_of(x, y);
        let (c1, r1) = self.inner.chunk_of(x + width, y + height);
        let chunks = (f64::from(c1) - f64::from(c0) + 1.0) * (f64::from(r1) - f64::from(r0) + 1.0);
        let side = (self.inner.chunk_size() / self.inner.radius()).ceil() + 2.0;
        let cells = chunks * side * side;
        let limit = poisson_live::error::DEFAULT_MAX_CELLS;
        if cells > limit as f64 {
            let most = (limit as f64 / (side * side)).floor();
            return Err(JsError::new(&format!(
                "a view of {} × {} covers {} chunks, {} grid cells to sample; the limit is {limit} \
                 cells ({most} chunks of {}): ask for a smaller view",
                short_number(width),
                short_number(height),
                short_number(chunks),
                short_number(cells),
                short_number(self.inner.chunk_size()),
            )));
        }
        Ok(())
    }
}

#[wasm_bindgen]
impl ChunkedWorld {
    /// A world for `{chunkSize, radius, k, seed, capacity}`: square chunks of side `chunkSize`,
    /// spacing `radius`, `k` tries per step, a 32-bit seed, and a cache of at most `capacity`
    /// chunks (forgotten chunks come back identical). Throws on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(params: &JsValue) -> Result<ChunkedWorld, JsError> {
        let p = Params::new("ChunkedWorld", params)?;
        let k = p.tries()?;
        let capacity = whole_in("capacity", p.number("capacity")?, 1, 1 << 20)?;
        let seed = p.seed()?;
        let world = chunks::ChunkedWorld::new(p.number("chunkSize")?, p.number("radius")?, k, seed);
        Ok(Self {
            inner: world.map_err(err)?.with_capacity(capacity as usize),
        })
    }

    /// The points of chunk `(cx, cy)`.
    pub fn chunk(&mut self, cx: f64, cy: f64) -> Result<Float64Array, JsError> {
        let (cx, cy) = (coord("cx", cx)?, coord("cy", cy)?);
        Ok(xy(self.inner.chunk(cx, cy)))
    }

    /// Every point in `[x, x + width) × [y, y + height)`, generating chunks as needed. Throws
    /// for a coordinate that is not finite, a negative size, or a view whose chunks together
    /// need more grid cells than the crate's work limit (2^25).
    #[wasm_bindgen(js_name = pointsIn)]
    pub fn points_in(
        &mut self,
        x: f64,
        y: f64,
        width: f64,
        height: f64,
    ) -> Result<Float64Array, JsError> {
        self.view(x, y, width, height)?;
        Ok(xy(&self.inner.points_in(x, y, width, height)))
    }

    /// Samples the next chunk `pointsIn(x, y, width, height)` still needs, and only that one;
    /// false once nothing is missing (`pointsIn` then samples nothing). Calling it a few times per
    /// frame until false, then `pointsIn`, gives exactly the points `pointsIn` alone gives.
    /// Throws for a view `pointsIn` refuses.
    #[wasm_bindgen(js_name = generateNext)]
    pub fn generate_next(
        &mut self,
        x: f64,
        y: f64,
        width: f64,
        height: f64,
    ) -> Result<bool, JsError> {
        self.view(x, y, width, height)?;
        Ok(self.inner.generate_next(x, y, width, height).is_some())
    }

    /// How many chunks `pointsIn(x, y, width, height)` would sample now (0: the view is ready).
    /// Throws for a view `pointsIn` refuses.
    pub fn missing(&self, x: f64, y: f64, width: f64, height: f64) -> Result<u32, JsError> {
        self.view(x, y, width, height)?;
        Ok(self.inner.missing_in(x, y, width, height) as u32)
    }

    /// The points of chunk `(cx, cy)` if it is cached, else `undefined`; never samples a chunk
    /// and never forgets one.
    #[wasm_bindgen(js_name = cachedChunk)]
    pub fn cached_chunk(&self, cx: f64, cy: f64) -> Result<Option<Float64Array>, JsError> {
        let (cx, cy) = (coord("cx", cx)?, coord("cy", cy)?);
        Ok(self.inner.cached_chunk(cx, cy).map(xy))
    }

    /// A fingerprint of chunk `(cx, cy)`'s points, as 16 hex digits.
    #[wasm_bindgen(js_name = chunkDigest)]
    pub fn chunk_digest(&mut self, cx: f64, cy: f64) -> Result<String, JsError> {
        let (cx, cy) = (coord("cx", cx)?, coord("cy", cy)?);
        Ok(format!("{:016x}", points_digest(self.inner.chunk(cx, cy))))
    }

    /// The chunk's phase, 0 to 3: it is sampled around its touching neighbours of lower phase.
    pub fn phase(cx: f64, cy: f64) -> Result<u8, JsError> {
        Ok(chunks::phase(coord("cx", cx)?, coord("cy", cy)?))
    }

    /// The chunk column holding world x.
    #[wasm_bindgen(js_name = chunkX)]
    pub fn chunk_x(&self, x: f64) -> i32 {
        self.inner.chunk_of(x, 0.0).0
    }
    /// The chunk row holding world y.
    #[wasm_bindgen(js_name = chunkY)]
    pub fn chunk_y(&self, y: f64) -> i32 {
        self.inner.chunk_of(0.0, y).1
    }
    /// Whether chunk `(cx, cy)` is in the cache.
    #[wasm_bindgen(js_name = isCached)]
    pub fn is_cached(&self, cx: f64, cy: f64) -> Result<bool, JsError> {
        Ok(self.inner.is_cached(coord("cx", cx)?, coord("cy", cy)?))
    }
}

getters!(ChunkedWorld, self {
    /// Chunk generations so far (neighbours a chunk needed, and chunks generated again after
    /// being forgotten, count too).
    generated "generated": f64 = self.inner.generated() as f64;
    /// Chunks in the cache now.
    cached "cached": u32 = self.inner.cached() as u32;
    /// The chunk side.
    chunk_size "chunkSize": f64 = self.inner.chunk_size();
    /// The spacing.
    radius "radius": f64 = self.inner.radius();
});
