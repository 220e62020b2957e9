//! What crosses between JS and the core, written once: errors, numbers checked while they are
//! still JS numbers, parameter objects, and point arrays.
//!
//! A parameter that wasm-bindgen would otherwise convert on its own in the generated glue — a
//! string, an array, a small whole number — comes in as a `JsValue` and is read here: its type,
//! then its size, and only then is anything copied into wasm memory, so a wrong type, a huge or
//! negative length or an array-like object is a readable `Error`, never a trap. Numbers (`f64`)
//! are converted by JS itself before any Rust runs (a BigInt or a Symbol is a JS `TypeError`
//! there), and checked here for what they must be. That conversion comes after the glue has read
//! a method's object: `www/lib/freed.js` keeps a `valueOf` from freeing the object meanwhile.
//! A getter or a Proxy that throws while a key of a parameter object or an entry of an array is
//! read here is caught, and its error reported in its own words.

use js_sys::{Array, Float64Array, JsString, Object, Reflect, Uint8Array, Uint8ClampedArray};
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

/// An index from JS (a row, a point), clamped to `0..=len`: NaN and negatives read as 0. The
/// clamp is done on 64 bits, so 2^32 is past the end, not cut to 0.
pub(crate) fn index(value: f64, len: usize) -> usize {
    usize::try_from(budget(value)).map_or(len, |i| i.min(len))
}

/// An index from JS that must be a whole number ≥ 0 (NaN, fractions and negatives are
/// refused), clamped to `len`: `Infinity` or 2^53 means "to the end".
pub(crate) fn checked_index(name: &'static str, value: f64, len: usize) -> Result<usize, JsError> {
    if value.is_nan() || value < 0.0 || (value.is_finite() && value != value.trunc()) {
        return Err(JsError::new(&format!(
            "{name} must be a whole number from 0 up, got {}",
            shown(&JsValue::from(value))
        )));
    }
    Ok(index(value, len))
}

/// The most numbers one array from JS may hold: 2^22 points of `x, y, r` (100 MB as
/// `Float64Array`). The copy, the core's own working copy and the answer (text, for the
/// exports) must all fit in wasm32's 4 GB together, so this is below the core's point limits.
pub(crate) const MAX_NUMBERS: usize = 3 << 22;

/// The most entries a list inside a parameter object may have (`classes`, `between`; the core
/// takes at most 256 classes and says so itself).
const MAX_LIST: u32 = 1 << 16;

/// The most UTF-16 units a name from JS may have (names are a word or two).
const MAX_TEXT: u32 = 1 << 10;

/// How a JS value reads in a message: numbers as numbers, strings quoted (and shortened), the
/// rest by kind.
pub(crate) fn shown(value: &JsValue) -> String {
    if let Some(n) = value.as_f64() {
        return if n.is_nan() {
            "NaN".to_owned()
        } else if n.is_infinite() {
            if n > 0.0 { "Infinity" } else { "-Infinity" }.to_owned()
        } else {
            short_number(n)
        };
    }
    if let Some(text) = value.dyn_ref::<JsString>() {
        let units = text.length();
        let cut = text.slice(0, units.min(40));
        let s = String::from(cut);
        return if units > 40 {
            format!("{s:?}… ({units} characters)")
        } else {
            format!("{s:?}")
        };
    }
    if let Some(b) = value.as_bool() {
        return b.to_string();
    }
    let kind = if value.is_undefined() {
        "nothing"
    } else if value.is_null() {
        "null"
    } else if value.is_bigint() {
        "a BigInt"
    } else if value.is_symbol() {
        "a Symbol"
    } else if value.is_function() {
        "a function"
    } else if is_array(value) {
        "an array"
    } else if value.is_object() {
        "an object"
    } else {
        "a value of another kind"
    };
    kind.to_owned()
}

/// A number for a message, at most about 20 characters (2^53 reads 9007199254740992, 1e308 as
/// 1e308).
pub(crate) fn short_number(n: f64) -> String {
    let plain = n.to_string();
    if plain.len() <= 20 {
        plain
    } else {
        format!("{n:e}")
    }
}

/// The error for a parameter `name` that is not `kind`: "… is missing" for `undefined`.
fn wrong_arg(name: &str, value: &JsValue, kind: &str) -> JsError {
    if value.is_undefined() {
        JsError::new(&format!("{name} is missing: give {kind}"))
    } else {
        JsError::new(&format!("{name} must be {kind}, got {}", shown(value)))
    }
}

#[wasm_bindgen]
extern "C" {
    /// `Array.isArray`, which throws for a revoked Proxy: caught, so that it cannot unwind
    /// through Rust (js-sys's `Array::is_array` does not catch).
    #[wasm_bindgen(js_namespace = Array, js_name = isArray, catch)]
    fn is_array_or_throw(value: &JsValue) -> Result<bool, JsValue>;
}

/// Whether `value` is an array (a revoked Proxy is not).
fn is_array(value: &JsValue) -> bool {
    is_array_or_throw(value).unwrap_or(false)
}

/// The error for reading `what` (a parameter, a key, an entry) when JS threw `thrown` doing it
/// (a getter, a Proxy): the thrown error's own message, named, never "missing".
pub(crate) fn thrown(what: &str, thrown: &JsValue) -> JsError {
    // An Error's message, read without running anything that could throw again.
    let message = Reflect::get(thrown, &"message".into())
        .ok()
        .filter(|m| thrown.is_object() && m.is_string())
        .map_or_else(|| shown(thrown), |m| m.as_string().unwrap_or_default());
    JsError::new(&format!("{what}: reading it threw: {message}"))
}

/// `key` of `target` read as JS reads it (getters and Proxies run), an error naming `what` if
/// that throws: wasm-bindgen's plain `get` would let the exception unwind through Rust.
fn read(
    target: &JsValue,
    key: &JsValue,
    what: impl FnOnce() -> String,
) -> Result<JsValue, JsError> {
    Reflect::get(target, key).map_err(|e| thrown(&what(), &e))
}

/// Entry `i` of an array from JS, read as JS reads it, like [`read`].
fn entry(array: &JsValue, i: u32, what: impl FnOnce() -> String) -> Result<JsValue, JsError> {
    Reflect::get_u32(array, i).map_err(|e| thrown(&what(), &e))
}

/// The length of an array from JS, read as JS reads it (a Proxy's trap may throw).
fn length_of(name: &str, array: &JsValue) -> Result<u32, JsError> {
    let len = read(array, &"length".into(), || format!("{name}.length"))?;
    // An Array's length is always a whole number below 2^32; a Proxy may answer anything.
    match len.as_f64() {
        Some(n) if n >= 0.0 && n <= f64::from(u32::MAX) && n == n.trunc() => Ok(n as u32),
        _ => Err(JsError::new(&format!(
            "{name} has no usable length: got {}",
            shown(&len)
        ))),
    }
}

/// A finite number from JS: NaN and ±Infinity are refused with `name`.
pub(crate) fn finite(name: &'static str, value: f64) -> Result<f64, JsError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(JsError::new(&format!(
            "{name} must be a finite number, got {}",
            shown(&JsValue::from(value))
        )))
    }
}

/// A whole number in `min..=max` from any JS value (a class index, a set number): not a
/// number, a fraction or out of range is an error naming `name`; never cut to fewer bits.
pub(crate) fn whole_arg(
    name: &'static str,
    value: &JsValue,
    min: u32,
    max: u32,
) -> Result<u32, JsError> {
    let n = value
        .as_f64()
        .ok_or_else(|| wrong_arg(name, value, "a whole number"))?;
    whole_in(name, n, min, max)
}

/// A name from JS (a method, a layer, a tool, a picture): a string of at most 1024 units.
pub(crate) fn text(name: &'static str, value: &JsValue) -> Result<String, JsError> {
    string_of(name, value, "a name (a string)", MAX_TEXT as usize)
}

/// A string from JS of at most `max` UTF-16 units, described as `kind` when it is not a
/// string; the length is checked before anything is copied into the module.
pub(crate) fn string_of(
    name: &'static str,
    value: &JsValue,
    kind: &str,
    max: usize,
) -> Result<String, JsError> {
    let Some(s) = value.dyn_ref::<JsString>() else {
        return Err(wrong_arg(name, value, kind));
    };
    if s.length() as usize > max {
        return Err(JsError::new(&format!(
            "{name} must be at most {max} characters, got {} characters",
            s.length()
        )));
    }
    Ok(String::from(s))
}

/// Room for `len` items of `T`, or a readable error where the allocation would fail.
fn room<T>(name: &str, len: usize) -> Result<Vec<T>, JsError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| {
        JsError::new(&format!(
            "{name}: not enough memory to copy {len} values into the sampler"
        ))
    })?;
    Ok(v)
}

/// An array of numbers from JS: a `Float64Array`, or a plain array whose every entry is a
/// number; at most [`MAX_NUMBERS`]. The length is checked before anything is copied, so an
/// array-like (`{length: 1e9}`) or a huge array is an error, not an allocation.
pub(crate) fn numbers(name: &'static str, value: &JsValue) -> Result<Vec<f64>, JsError> {
    let kind = "an array of numbers (a Float64Array or an Array)";
    let too_long = |len: u32| {
        JsError::new(&format!(
            "{name} holds {len} numbers; the limit is {MAX_NUMBERS} (2^22 points of x, y, r)"
        ))
    };
    if let Some(typed) = value.dyn_ref::<Float64Array>() {
        let len = typed.length();
        if len as usize > MAX_NUMBERS {
            return Err(too_long(len));
        }
        let mut v = room(name, len as usize)?;
        v.resize(len as usize, 0.0);
        typed.copy_to(&mut v);
        return Ok(v);
    }
    if !is_array(value) {
        return Err(wrong_arg(name, value, kind));
    }
    let len = length_of(name, value)?;
    if len as usize > MAX_NUMBERS {
        return Err(too_long(len));
    }
    let mut v = room(name, len as usize)?;
    for i in 0..len {
        let item = entry(value, i, || format!("{name}[{i}]"))?;
        match item.as_f64() {
            Some(n) => v.push(n),
            None => {
                return Err(JsError::new(&format!(
                    "{name} must hold numbers only; entry {i} is {}",
                    shown(&item)
                )))
            }
        }
    }
    Ok(v)
}

/// Bytes from JS (`getImageData().data`): a `Uint8ClampedArray` or `Uint8Array` of exactly
/// `len` bytes, checked before it is copied; `wrong_length(given)` words the refusal of any
/// other length.
pub(crate) fn bytes(
    name: &'static str,
    value: &JsValue,
    len: usize,
    wrong_length: impl FnOnce(u32) -> String,
) -> Result<Vec<u8>, JsError> {
    let given = if let Some(a) = value.dyn_ref::<Uint8ClampedArray>() {
        a.length()
    } else if let Some(a) = value.dyn_ref::<Uint8Array>() {
        a.length()
    } else {
        return Err(wrong_arg(
            name,
            value,
            "bytes (a Uint8ClampedArray or Uint8Array)",
        ));
    };
    if given as usize != len {
        return Err(JsError::new(&wrong_length(given)));
    }
    let mut v = room(name, len)?;
    v.resize(len, 0);
    if let Some(a) = value.dyn_ref::<Uint8ClampedArray>() {
        a.copy_to(&mut v);
    } else {
        value.unchecked_ref::<Uint8Array>().copy_to(&mut v);
    }
    Ok(v)
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
        let value = self.get(key)?;
        if !required && (value.is_undefined() || value.is_null()) {
            return Ok(Vec::new());
        }
        if !is_array(&value) {
            return Err(self.wrong(key, &value, "an array of objects"));
        }
        // Read entry by entry, after a look at the length: a sparse `new Array(2 ** 32 - 1)`
        // is refused here rather than copied.
        let place = format!("{}{key}", self.at);
        let needs = format!("{} needs {place}", self.what);
        let len = length_of(&needs, &value)?;
        if len > MAX_LIST {
            return Err(JsError::new(&format!(
                "{needs}: at most {MAX_LIST} entries, got {len}"
            )));
        }
        (0..len)
            .map(|i| {
                let object = entry(&value, i, || format!("{needs}[{i}]"))?;
                // Each entry an object: a key of a number would be a JS TypeError to report.
                if !object.is_object() {
                    return Err(JsError::new(&format!(
                        "{needs}[{i}]: an object, got {}",
                        shown(&object)
                    )));
                }
                Ok(Params {
                    object,
                    what: self.what,
                    at: format!("{place}[{i}]."),
                })
            })
            .collect()
    }

    /// The value under `key`; a getter or a Proxy that throws is reported as such, by name.
    fn get(&self, key: &str) -> Result<JsValue, JsError> {
        read(&self.object, &key.into(), || {
            format!("{} needs {}{key}", self.what, self.at)
        })
    }

    /// The numbers under `key`: an array or a `Float64Array`, as [`numbers`] reads them.
    pub(crate) fn numbers(&self, key: &'static str) -> Result<Vec<f64>, JsError> {
        numbers(key, &self.get(key)?)
    }

    /// The number under `key` (NaN and infinities pass: the rule that refuses them says why).
    pub(crate) fn number(&self, key: &str) -> Result<f64, JsError> {
        let value = self.get(key)?;
        value
            .as_f64()
            .ok_or_else(|| self.wrong(key, &value, "a number"))
    }

    /// The number under `key`, or `None` when it is missing (`undefined` or `null`).
    pub(crate) fn optional(&self, key: &str) -> Result<Option<f64>, JsError> {
        let value = self.get(key)?;
        if value.is_undefined() || value.is_null() {
            Ok(None)
        } else {
            value
                .as_f64()
                .map(Some)
                .ok_or_else(|| self.wrong(key, &value, "a number"))
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
        let value = self.get(key)?;
        if value.is_undefined() {
            return Ok(default);
        }
        value
            .as_bool()
            .ok_or_else(|| self.wrong(key, &value, "true or false"))
    }

    /// Whether `key` holds anything (not `undefined` or `null`).
    pub(crate) fn has(&self, key: &str) -> Result<bool, JsError> {
        let value = self.get(key)?;
        Ok(!(value.is_undefined() || value.is_null()))
    }

    /// The text under `key`.
    pub(crate) fn text(&self, key: &str) -> Result<String, JsError> {
        let value = self.get(key)?;
        match value.dyn_ref::<JsString>() {
            Some(s) if s.length() <= MAX_TEXT => Ok(String::from(s)),
            _ => Err(self.wrong(key, &value, "a name")),
        }
    }

    fn wrong(&self, key: &str, value: &JsValue, kind: &str) -> JsError {
        JsError::new(&format!(
            "{} needs {}{key}: {kind}, got {}",
            self.what,
            self.at,
            shown(value)
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
