//! The editor lab's bindings over the core's `edit`: `EditableSet`, the level editor's point set.
//! Brush strokes erase, paint or refill in place, a budget of work at a time; every other point
//! keeps its place and its id; strokes undo.

use crate::job::job_class;
use crate::js::{self, err, getters, xyr, Params};
use js_sys::{Float64Array, Uint16Array, Uint32Array};
use poisson_live::edit::{self, Edit, Stroke, Tool};
use poisson_live::job::Job;
use poisson_live::SamplerParams;
use wasm_bindgen::prelude::*;

/// A point set edited in place (the core's `edit::EditableSet`; its module docs say exactly what
/// a stroke covers, how ids are given and what undo restores).
///
/// Use: `stroke(tool, path, brushRadius)` starts an edit, `run(maxWork)` until it returns true
/// applies it (a few calls per frame keep every frame short), then read `points()`. A pointer
/// drag is `beginStroke()`, one `stroke` per move (its path from the last point applied to the
/// new one), `endStroke()`: it undoes as one, and `added`/`removed` count it as one. A
/// `stroke` outside begin/end is a stroke of its own (a keyboard dab). Every call that changes
/// the set (`stroke`, `beginStroke`, `endStroke`, `undo`) first finishes an edit still running.
///
/// With classes (`{width, height, classes: [{name, spacing, weight?}, …], between?: [{a, b,
/// spacing}, …], k, seed}`) the map holds several classes of object, each pair with its own
/// spacing, and strokes draw each new point's class by weight (the core's `classes` module).
///
/// Array layouts: `points()` is `x, y, r` per point; `ids()` (`Uint32Array`) and `classes()`
/// (`Uint16Array`: an index into the classes given, all 0 without) hold one entry per point in
/// the same order. Kept points keep their order; new points come last.
#[wasm_bindgen]
pub struct EditableSet {
    set: edit::EditableSet,
    pending: Option<Edit>,
}

#[wasm_bindgen]
impl EditableSet {
    /// A map for `{width, height, radius, k, seed}` filled by Bridson's algorithm: exactly
    /// `poissonDisk(width, height, radius, k, seed)`, with ids 0, 1, … in that order. Edits
    /// place points `radius` apart and draw from the same seed.
    ///
    /// Or, for `{width, height, classes, between, k, seed}` (no radius), a map filled with
    /// several classes in one pass: exactly `ClassSampler`'s points and classes for the same
    /// object, ids 0, 1, … in that order. Throws with a readable message on bad input.
    ///
    /// In one call: a page fills with `EditableSetFill`, a slice at a time.
    #[wasm_bindgen(constructor)]
    pub fn new(params: &JsValue) -> Result<EditableSet, JsError> {
        EditableSetFill::new(params)?.finish()
    }

    /// Starts an edit with `tool` (`"paint"`, `"erase"` or `"refill"`) along `path` (`x, y`
    /// pairs in map coordinates, one pair for a dab) with a brush of `brushRadius`; `run` applies
    /// it. Throws on a bad tool, path or brush (the set is then unchanged). A stroke off the map
    /// changes nothing.
    pub fn stroke(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] tool: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")] path: &JsValue,
        brush_radius: f64,
    ) -> Result<(), JsError> {
        let tool: Tool = js::text("tool", tool)?.parse().map_err(err)?;
        let path = js::numbers("path", path)?;
        if !path.len().is_multiple_of(2) {
            return Err(JsError::new(&format!(
                "a stroke's path is x, y pairs: an even count of numbers, got {}",
                path.len()
            )));
        }
        let pairs: Vec<[f64; 2]> = path.chunks(2).map(|p| [p[0], p[1]]).collect();
        let stroke = Stroke::new(&pairs, brush_radius).map_err(err)?;
        self.finish()?;
        self.pending = Some(self.set.edit(tool, &stroke).map_err(err)?);
        Ok(())
    }

    /// Works on the running edit for up to `maxWork` units (a Bridson step or a seeding block
    /// each: a few microseconds) and applies it once done. True when no edit is running.
    pub fn run(&mut self, max_work: f64) -> Result<bool, JsError> {
        let Some(job) = self.pending.as_mut() else {
            return Ok(true);
        };
        if !crate::job::run(job, max_work)? {
            return Ok(false);
        }
        let patch = job.take();
        self.pending = None;
        if let Some(patch) = patch {
            self.set.commit(patch).map_err(err)?;
        }
        Ok(true)
    }

    /// Runs the running edit, if any, to the end and applies it.
    pub fn finish(&mut self) -> Result<(), JsError> {
        while !self.run(f64::INFINITY)? {}
        Ok(())
    }

    /// Starts a stroke (a pointer drag): the edits until `endStroke` undo together.
    #[wasm_bindgen(js_name = beginStroke)]
    pub fn begin_stroke(&mut self) -> Result<(), JsError> {
        self.finish()?;
        self.set.begin_stroke();
        Ok(())
    }

    /// Ends the stroke begun last.
    #[wasm_bindgen(js_name = endStroke)]
    pub fn end_stroke(&mut self) -> Result<(), JsError> {
        self.finish()?;
        self.set.end_stroke();
        Ok(())
    }

    /// Takes back the last stroke (up to 100 of them): the set is again exactly what it was
    /// before it. Ids are never given again, even after an undo. False when there is nothing to
    /// undo.
    pub fn undo(&mut self) -> Result<bool, JsError> {
        self.finish()?;
        Ok(self.set.undo())
    }

    /// The points as `x, y, r` triplets (an edit still running is not in them yet).
    pub fn points(&self) -> Float64Array {
        xyr(self.set.points())
    }

    /// The points' ids, in the order of `points()`.
    pub fn ids(&self) -> Uint32Array {
        Uint32Array::from(self.set.ids())
    }

    /// The points' classes, in the order of `points()`: indices into the classes given (all 0
    /// for a map made without).
    pub fn classes(&self) -> Uint16Array {
        Uint16Array::from(self.set.classes())
    }

    /// The points the running edit has placed so far, `x, y, r` (empty when none is running).
    pub fn placed(&self) -> Float64Array {
        xyr(self.pending.as_ref().map_or(&[], |e| e.placed()))
    }

    /// Pairs of points closer than they must keep (the spacing of their pair of classes, or
    /// without classes the smaller of their radii): always 0, the page's readout, counted.
    #[wasm_bindgen(js_name = tooClose)]
    pub fn too_close(&self) -> u32 {
        self.set.too_close().len() as u32
    }
}

getters!(EditableSet, self {
    /// How many points there are.
    point_count "pointCount": u32 = self.set.len() as u32;
    /// Points the current or last stroke added (net), or the last undo brought back.
    added "added": u32 = self.set.last_change().added as u32;
    /// Points the current or last stroke removed (net), or the last undo took away.
    removed "removed": u32 = self.set.last_change().removed as u32;
    /// `added + removed`: the page's "changed" readout.
    changed "changed": u32 = self.set.last_change().total() as u32;
    /// True while an edit is running.
    busy "busy": bool = self.pending.is_some();
    /// How far the running edit is, 0 to 1 (1 when none is running).
    progress "progress": f64 = self.pending.as_ref().map_or(1.0, Job::progress);
    /// Strokes that `undo` can take back.
    undo_depth "undoDepth": u32 = self.set.undo_depth() as u32;
    /// The id the next new point will get.
    next_id "nextId": f64 = self.set.next_id() as f64;
    /// The map width.
    width "width": f64 = self.set.width();
    /// The map height.
    height "height": f64 = self.set.height();
    /// The spacing of the points edits add (with classes: the smallest any pair keeps).
    radius "radius": f64 = self.set.radius();
    /// How many classes the map has (1 for a map made without).
    class_count "classCount": u32 = self.set.class_table().map_or(1, |t| t.len() as u32);
});

job_class!(
    /// An `EditableSet`'s first fill a slice at a time (a unit is one Bridson step): `take()`
    /// hands over the map, the same as `new EditableSet(params)` for the same object.
    EditableSetFill,
    edit::EditableSetFill,
    EditableSet,
    |set| EditableSet { set, pending: None }
);

#[wasm_bindgen]
impl EditableSetFill {
    /// Checks the parameter object (that of `new EditableSet`) and places the first point;
    /// throws with a readable message on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(params: &JsValue) -> Result<EditableSetFill, JsError> {
        let read = Params::new("EditableSet", params)?;
        let job = if read.has("classes")? {
            // Read as `ClassSampler` reads it: the same object gives the same classes.
            edit::EditableSetFill::classes(&crate::classes::params(params)?)
        } else {
            let (width, height, radius, k, seed) = read.bridson()?;
            edit::EditableSetFill::plain(SamplerParams {
                width,
                height,
                radius,
                k,
                seed,
            })
        };
        Ok(Self {
            job: job.map_err(err)?,
        })
    }
}
