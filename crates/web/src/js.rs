//! What crosses between JS and the core, written once: errors, numbers checked while they are
//! still JS numbers, parameter objects, and point arrays.

use js_sys::{Array, Float64Array, Object, Reflect};
use poisson_live::{Error, Point};
use wasm_bindgen::prelude::*;

/// The core's error as a JS exception carrying its message.
pub(crate) fn err(e: Error) -> JsError {
    JsError::new(&e.to_string())
}

/// A count from JS (width, count, …): a whole number from 0 to 2^32 − 1, else a readable error.
pub(crate) fn whole(name: &'static str, value: f64) -> Result<u32, JsError> {
    whole_in(name, value, 0, u32::MAX)
}

/// A count the core limits to `min..=max` (`k`, misses): checked here, where it is still a JS
/// number, so that −5 or 1e30 is refused in the core's own words ("k must be between 1 and
/// 10000, got -5") instead of wrapping into a u32.
pub(crate) fn whole_in(name: &'static str, value: f64, min: u32, max: u32) -> Result<u32, JsError> {
    if !(value.is_finite() && value == value.trunc()) {
        let shown = if value.is_nan() {
            "NaN".to_owned()
        } else if value.is_infinite() {
            if value > 0.0 { "infinity" } else { "-infinity" }.to_owned()
        } else {
            value.to_string()
        };
        return Err(JsError::new(&format!(
            "{name} must be a whole number from {min} to {max}, got {shown}"
        )));
    }
    if value < f64::from(min) || value > f64::from(max) {
        return Err(err(Error::OutOfRange {
            name,
            value,
            min: f64::from(min),
            max: f64::from(max),
        }));
    }
    Ok(value as u32)
}

/// A seed from JS: a whole number in the 32-bit signed range that the generator accepts.
pub(crate) fn seed(value: f64) -> Result<i32, JsError> {
    poisson_live::rng::seed_from_f64(value).map_err(err)
}

/// Bridson's tries per step, `1..=MAX_K`.
pub(crate) fn tries(value: f64) -> Result<u32, JsError> {
    whole_in("k", value, 1, poisson_live::bridson::MAX_K)
}

/// A budget of work from JS: NaN, negatives and 0 do nothing; the rest is rounded down (and
/// saturates, so `Infinity` means "to the end").
pub(crate) fn budget(max: f64) -> u64 {
    if max > 0.0 {
        max as u64
    } else {
        0
    }
}

/// An index from JS (a row, a point), clamped to `0..=len`: NaN and negatives read as 0.
pub(crate) fn index(value: f64, len: usize) -> usize {
    (budget(value) as usize).min(len)
}

/// The value of `all` whose name is `name`, or an error listing the names there are.
pub(crate) fn named<T: Copy>(
    what: &str,
    name: &str,
    all: &[T],
    name_of: impl Fn(T) -> &'static str,
) -> Result<T, JsError> {
    all.iter()
        .copied()
        .find(|&t| name_of(t) == name)
        .ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|&t| name_of(t)).collect();
            JsError::new(&format!(
                "unknown {what} {name:?}: use {}",
                names.join(", ")
            ))
        })
}

/// A parameter object from JS (`{width: 720, height: 400, radius: 26, …}`), read key by key, so
/// that a call with many numbers names each one and a swapped pair cannot pass unnoticed.
pub(crate) struct Params {
    object: JsValue,
    /// What the object is for, for messages ("DartThrower").
    what: &'static str,
    /// Where the object sits inside the one passed (`"classes[0]."`), for messages; empty for
    /// the object itself.
    at: String,
}

impl Params {
    /// Reads `value`, which must be a plain object.
    pub(crate) fn new(what: &'static str, value: &JsValue) -> Result<Self, JsError> {
        if !value.is_object() {
            return Err(JsError::new(&format!(
                "{what} takes an object of named values, like {{width: 720, height: 400, …}}"
            )));
        }
        Ok(Self {
            object: value.clone(),
            what,
            at: String::new(),
        })
    }

    /// The objects in the array under `key`, each read as a `Params` whose messages name its
    /// place (`classes[2].spacing`); an empty list when the key is missing and not `required`.
    pub(crate) fn list(&self, key: &str, required: bool) -> Result<Vec<Params>, JsError> {
        let value = self.get(key);
        if !required && (value.is_undefined() || value.is_null()) {
            return Ok(Vec::new());
        }
        if !Array::is_array(&value) {
            return Err(self.wrong(key, &value, "an array of objects"));
        }
        Ok(Array::from(&value)
            .iter()
            .enumerate()
            .map(|(i, object)| Params {
                object,
                what: self.what,
                at: format!("{}{key}[{i}].", self.at),
            })
            .collect())
    }

    fn get(&self, key: &str) -> JsValue {
        Reflect::get(&self.object, &key.into()).unwrap_or(JsValue::UNDEFINED)
    }

    /// The number under `key` (NaN and infinities pass: the rule that refuses them says why).
    pub(crate) fn number(&self, key: &str) -> Result<f64, JsError> {
        let value = self.get(key);
        value
            .as_f64()
            .ok_or_else(|| self.wrong(key, &value, "a number"))
    }

    /// The number under `key`, or `None` when it is missing (`undefined` or `null`).
    pub(crate) fn optional(&self, key: &str) -> Result<Option<f64>, JsError> {
        if self.get(key).is_undefined() || self.get(key).is_null() {
            Ok(None)
        } else {
            self.number(key).map(Some)
        }
    }

    /// The seed under `seed`.
    pub(crate) fn seed(&self) -> Result<i32, JsError> {
        seed(self.number("seed")?)
    }

    /// Bridson's tries under `k`.
    pub(crate) fn tries(&self) -> Result<u32, JsError> {
        tries(self.number("k")?)
    }

    /// A Bridson run's `{width, height, radius, k, seed}` as `(w, h, r, k, seed)`: `k` and the
    /// seed checked here, as JS numbers; the map and spacing are the sampler's to check.
    pub(crate) fn bridson(&self) -> Result<(f64, f64, f64, u32, i32), JsError> {
        let (k, seed) = (self.tries()?, self.seed()?);
        let (w, h) = (self.number("width")?, self.number("height")?);
        Ok((w, h, self.number("radius")?, k, seed))
    }

    /// The flag under `key`, or `default` when it is missing.
    pub(crate) fn flag(&self, key: &str, default: bool) -> Result<bool, JsError> {
        let value = self.get(key);
        if value.is_undefined() {
            return Ok(default);
        }
        value
            .as_bool()
            .ok_or_else(|| self.wrong(key, &value, "true or false"))
    }

    /// Whether `key` holds anything (not `undefined` or `null`).
    pub(crate) fn has(&self, key: &str) -> bool {
        let value = self.get(key);
        !(value.is_undefined() || value.is_null())
    }

    /// The text under `key`.
    pub(crate) fn text(&self, key: &str) -> Result<String, JsError> {
        let value = self.get(key);
        value
            .as_string()
            .ok_or_else(|| self.wrong(key, &value, "a name"))
    }

    fn wrong(&self, key: &str, value: &JsValue, kind: &str) -> JsError {
        let got = if value.is_undefined() {
            "nothing".to_owned()
        } else {
            value
                .as_string()
                .map_or_else(|| format!("{value:?}"), |s| format!("{s:?}"))
        };
        JsError::new(&format!(
            "{} needs {}{key}: {kind}, got {got}",
            self.what, self.at
        ))
    }
}

/// Sets `key` on a fresh plain object (which cannot fail).
pub(crate) fn set(target: &Object, key: &str, value: impl Into<JsValue>) {
    let _ = Reflect::set(target, &key.into(), &value.into());
}

/// Points as a flat `x, y, r` array.
pub(crate) fn xyr(points: &[Point]) -> Float64Array {
    let v: Vec<f64> = points.iter().flat_map(|p| [p.x, p.y, p.r]).collect();
    Float64Array::from(&v[..])
}

/// Positions (points, their radii left out, or bare pairs) as a flat `x, y` array.
pub(crate) fn xy<P: Copy + Into<[f64; 2]>>(points: &[P]) -> Float64Array {
    let v: Vec<f64> = points.iter().flat_map(|&p| p.into()).collect();
    Float64Array::from(&v[..])
}

/// A pair and its distance as `[i, j, distance]`, or an empty array.
pub(crate) fn pair(found: Option<(usize, usize, f64)>) -> Float64Array {
    let v: Vec<f64> = found.map_or(vec![], |(i, j, d)| vec![i as f64, j as f64, d]);
    Float64Array::from(&v[..])
}

/// Several point sets as an array of flat `x, y, r` arrays.
pub(crate) fn sets<'a>(sets: impl IntoIterator<Item = &'a [Point]>) -> Array {
    sets.into_iter().map(|s| JsValue::from(xyr(s))).collect()
}

/// Read-only JS properties, a line each: `getters!(Class, self { /// docs
/// name "jsName": Type = expression; … })`.
macro_rules! getters {
    ($class:ident, $s:ident { $($(#[$doc:meta])* $name:ident $js:literal: $ty:ty = $e:expr;)* }) => {
        #[wasm_bindgen]
        impl $class {
            $(
                $(#[$doc])*
                #[wasm_bindgen(getter, js_name = $js)]
                pub fn $name(&$s) -> $ty {
                    $e
                }
            )*
        }
    };
}
pub(crate) use getters;
