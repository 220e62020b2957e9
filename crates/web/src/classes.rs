//! `ClassSampler` and `poissonClasses`: several classes of object in one pass, each pair of classes
//! with its own spacing (the core's `classes` module).

use crate::job::job_class;
use crate::js::{self, err, getters, set, xyr, Params};
use js_sys::{Array, Object, Uint16Array};
use poisson_live::classes::{Between, Class, ClassParams, ClassedPoints};
use wasm_bindgen::prelude::*;

/// Reads `{width, height, classes: [{name, spacing, weight?}, …], between?: [{a, b,
/// spacing}, …], k?, seed?}`: what is missing or of the wrong type is named with its place
/// (`classes[0].spacing`); the numbers are the core's to check.
pub(crate) fn params(value: &JsValue) -> Result<ClassParams, JsError> {
    let p = Params::new("ClassSampler", value)?;
    let mut params = ClassParams::new(p.number("width")?, p.number("height")?);
    for c in p.list("classes", true)? {
        let class = Class::new(c.text("name")?, c.number("spacing")?);
        params
            .classes
            .push(class.weight(c.optional("weight")?.unwrap_or(1.0)));
    }
    for b in p.list("between", false)? {
        let (a, other) = (b.text("a")?, b.text("b")?);
        params
            .between
            .push(Between::new(a, other, b.number("spacing")?));
    }
    if let Some(k) = p.optional("k")? {
        params.k = js::tries(k)?;
    }
    if let Some(seed) = p.optional("seed")? {
        params.seed = js::seed(seed)?;
    }
    Ok(params)
}

/// Points and classes as the JS object `{points: Float64Array (x, y, r), classes: Uint16Array}`.
fn classed(run: &ClassedPoints) -> Object {
    let out = Object::new();
    set(&out, "points", xyr(&run.points));
    set(&out, "classes", Uint16Array::from(&run.classes[..]));
    out
}

job_class!(
    /// Several classes of object placed in one Bridson run (a unit of work is one step), a class
    /// drawn by weight for every candidate as it is thrown, so no class gets the map first;
    /// every pair of points keeps the spacing of its pair of classes (the core's `classes`
    /// module docs give the rule and the draw).
    ///
    /// ```js
    /// const run = new ClassSampler({
    ///   width: 720, height: 400, seed: 123456,        // k (default 30) and seed (default 123456)
    ///   classes: [{name: "tree", spacing: 16}, {name: "rock", spacing: 40, weight: 0.5}],
    ///   between: [{a: "tree", b: "rock", spacing: 10}], // optional; else the smaller spacing
    /// });
    /// while (!run.run(2000)) drawSoFar(run.points(), run.classes()); // a slice per frame
    /// ```
    ///
    /// Array layouts: `points()` is `x, y, r` per point in the order placed (`r` is the smallest
    /// spacing the point's class keeps from any class); `classes()` (`Uint16Array`) one entry
    /// per point, an index into `names()`, what an `EditableSet`'s `classes()` holds too.
    /// `take()` hands over `{points, classes}` in those layouts; the run keeps its own.
    ClassSampler,
    poisson_live::ClassSampler,
    Object,
    |run| classed(&run)
);

#[wasm_bindgen]
impl ClassSampler {
    /// Checks the parameters and places the first point. Throws with a readable message on bad
    /// input: no class, a spacing ≤ 0, a negative weight or all weights 0, an unknown class in
    /// `between`, too much work.
    #[wasm_bindgen(constructor)]
    pub fn new(params_object: &JsValue) -> Result<ClassSampler, JsError> {
        let job = poisson_live::ClassSampler::new(&params(params_object)?).map_err(err)?;
        Ok(Self { job })
    }

    /// The points placed so far, `x, y, r` each.
    pub fn points(&self) -> js_sys::Float64Array {
        xyr(self.job.points())
    }

    /// Their classes, indices into `names()`.
    pub fn classes(&self) -> Uint16Array {
        Uint16Array::from(self.job.classes())
    }

    /// The classes' names, by index.
    pub fn names(&self) -> Array {
        let names = self.job.table().names();
        names.iter().map(|n| JsValue::from_str(n)).collect()
    }

    /// How far points of classes `a` and `b` (indices into `names()`) keep apart; throws for
    /// an index that is not a class.
    pub fn spacing(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] a: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] b: &JsValue,
    ) -> Result<f64, JsError> {
        let table = self.job.table();
        // At most MAX_CLASSES (256) classes, so the last index fits in 16 bits.
        let last = table.len().saturating_sub(1) as u32;
        let a = js::whole_arg("class index a", a, 0, last)?;
        let b = js::whole_arg("class index b", b, 0, last)?;
        Ok(table.spacing(a as u16, b as u16))
    }
}

getters!(ClassSampler, self {
    /// How many points so far.
    point_count "pointCount": u32 = self.job.points().len() as u32;
});

/// The classes in one call: `{points: Float64Array (x, y, r), classes: Uint16Array, names:
/// string[]}`, exactly a `ClassSampler` run to the end. Takes the same object; throws as it.
#[wasm_bindgen(js_name = poissonClasses)]
pub fn poisson_classes(params_object: &JsValue) -> Result<Object, JsError> {
    let mut run = ClassSampler::new(params_object)?;
    let out = run.finish()?;
    set(&out, "names", run.names());
    Ok(out)
}
