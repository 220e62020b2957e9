//! `ClassSampler` and `poissonClasses`: several kinds of object in one pass, each pair of kinds
//! with its own spacing (the core's `classes` module).
//!
//! Self-contained on purpose (its own reading of the parameter object), so it merges beside the
//! bindings' shared helpers whatever shape they take.

use js_sys::{Array, Float64Array, Object, Reflect, Uint16Array};
use poisson_live::bridson::MAX_K;
use poisson_live::classes::{Between, Class, ClassParams};
use poisson_live::job::Job;
use poisson_live::Error;
use wasm_bindgen::prelude::*;

/// The core's error as a JS exception carrying its message.
fn err(e: Error) -> JsError {
    JsError::new(&e.to_string())
}

/// Reads `{width, height, classes: [{name, spacing, weight?}, …], between?: [{a, b,
/// spacing}, …], k?, seed?}`: what is missing or of the wrong type is named; numbers are the
/// core's to check (NaN and negatives pass through to its message).
pub(crate) fn params(value: &JsValue) -> Result<ClassParams, JsError> {
    let get = |from: &JsValue, key: &str| Reflect::get(from, &key.into()).unwrap_or(JsValue::NULL);
    let wrong = |what: &str, got: &JsValue, kind: &str| {
        let got = match got.as_string() {
            Some(s) => format!("{s:?}"),
            None if got.is_undefined() => "nothing".into(),
            None => format!("{got:?}"),
        };
        JsError::new(&format!("ClassSampler needs {what}: {kind}, got {got}"))
    };
    let missing = |v: &JsValue| v.is_undefined() || v.is_null();
    let number = |from: &JsValue, key: &str, what: &str| {
        let v = get(from, key);
        v.as_f64().ok_or_else(|| wrong(what, &v, "a number"))
    };
    let optional = |from: &JsValue, key: &str, what: &str| {
        if missing(&get(from, key)) {
            Ok(None)
        } else {
            number(from, key, what).map(Some)
        }
    };
    let text = |from: &JsValue, key: &str, what: &str| {
        let v = get(from, key);
        v.as_string().ok_or_else(|| wrong(what, &v, "a name"))
    };
    let list = |key: &str, required: bool| -> Result<Vec<JsValue>, JsError> {
        let v = get(value, key);
        if !required && missing(&v) {
            return Ok(Vec::new());
        }
        if !Array::is_array(&v) {
            return Err(wrong(key, &v, "an array of objects"));
        }
        Ok(Array::from(&v).iter().collect())
    };
    if !value.is_object() {
        return Err(JsError::new(
            "ClassSampler takes an object: {width, height, classes: [{name, spacing, weight}], between: [{a, b, spacing}], k, seed}",
        ));
    }
    let mut p = ClassParams::new(
        number(value, "width", "width")?,
        number(value, "height", "height")?,
    );
    for (i, c) in list("classes", true)?.iter().enumerate() {
        let name = text(c, "name", &format!("classes[{i}].name"))?;
        let spacing = number(c, "spacing", &format!("classes[{i}].spacing"))?;
        let weight = optional(c, "weight", &format!("classes[{i}].weight"))?;
        p.classes
            .push(Class::new(name, spacing).weight(weight.unwrap_or(1.0)));
    }
    for (i, b) in list("between", false)?.iter().enumerate() {
        let at = |key: &str| format!("between[{i}].{key}");
        let (a, other) = (text(b, "a", &at("a"))?, text(b, "b", &at("b"))?);
        let spacing = number(b, "spacing", &at("spacing"))?;
        p.between.push(Between::new(a, other, spacing));
    }
    if let Some(k) = optional(value, "k", "k")? {
        if !(k == k.trunc() && (1.0..=f64::from(MAX_K)).contains(&k)) {
            let (min, max) = (1.0, f64::from(MAX_K));
            return Err(err(Error::OutOfRange {
                name: "k",
                value: k,
                min,
                max,
            }));
        }
        p.k = k as u32;
    }
    if let Some(seed) = optional(value, "seed", "seed")? {
        p.seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
    }
    Ok(p)
}

/// Several classes of object placed in one Bridson run, a class drawn by weight for every
/// candidate as it is thrown, so no class gets the map first; every pair of points keeps the
/// spacing of its pair of classes (the core's `classes` module docs give the rule and the draw).
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
/// spacing the point's class keeps from any class); `classes()` (`Uint16Array`) one entry per
/// point, an index into `names()` — what an `EditableMap`'s `classes()` holds too.
#[wasm_bindgen]
pub struct ClassSampler {
    job: poisson_live::ClassSampler,
}

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

    /// Up to `maxWork` Bridson steps (each up to `k` candidates); true once the map is full.
    pub fn run(&mut self, max_work: f64) -> Result<bool, JsError> {
        // A float cast saturates: NaN and negatives are 0, Infinity is "to the end".
        self.job.run(max_work as u64).map_err(err)
    }

    /// Runs to the end.
    pub fn finish(&mut self) -> Result<(), JsError> {
        while !self.run(f64::INFINITY)? {}
        Ok(())
    }

    /// How far along the run looks, 0 to 1 (an estimate; exactly 1 once finished).
    #[wasm_bindgen(getter)]
    pub fn progress(&self) -> f64 {
        self.job.progress()
    }

    /// The points placed so far, `x, y, r` each.
    pub fn points(&self) -> Float64Array {
        let v: Vec<f64> = self
            .job
            .points()
            .iter()
            .flat_map(|p| [p.x, p.y, p.r])
            .collect();
        Float64Array::from(&v[..])
    }

    /// Their classes, indices into `names()`.
    pub fn classes(&self) -> Uint16Array {
        Uint16Array::from(self.job.classes())
    }

    /// How many points so far.
    #[wasm_bindgen(getter, js_name = pointCount)]
    pub fn point_count(&self) -> u32 {
        self.job.points().len() as u32
    }

    /// The classes' names, by index.
    pub fn names(&self) -> Array {
        self.job
            .table()
            .names()
            .iter()
            .map(|n| JsValue::from_str(n))
            .collect()
    }

    /// How far points of classes `a` and `b` (indices) keep apart; NaN for an index that is
    /// not a class.
    pub fn spacing(&self, a: u16, b: u16) -> f64 {
        let table = self.job.table();
        let n = table.len() as u16;
        if a < n && b < n {
            table.spacing(a, b)
        } else {
            f64::NAN
        }
    }
}

/// The classes in one call: `{points: Float64Array (x, y, r), classes: Uint16Array, names:
/// string[]}`, exactly a `ClassSampler` run to the end. Takes the same object; throws as it.
#[wasm_bindgen(js_name = poissonClasses)]
pub fn poisson_classes(params_object: &JsValue) -> Result<Object, JsError> {
    let mut run = ClassSampler::new(params_object)?;
    run.finish()?;
    let out = Object::new();
    for (key, value) in [
        ("points", JsValue::from(run.points())),
        ("classes", run.classes().into()),
        ("names", run.names().into()),
    ] {
        // Setting a key on a fresh plain object cannot fail.
        let _ = Reflect::set(&out, &key.into(), &value);
    }
    Ok(out)
}
