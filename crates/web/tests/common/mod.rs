//! Helpers shared by the browser tests of the bindings.
#![allow(dead_code, unused_macros, unused_imports)]

use wasm_bindgen::JsValue;

/// The message of the JS exception a binding returned; panics if it returned a value instead.
pub fn message<T>(r: Result<T, wasm_bindgen::JsError>) -> String {
    let Err(e) = r else {
        panic!("expected an error")
    };
    let v: JsValue = e.into();
    js_sys::Reflect::get(&v, &"message".into())
        .unwrap()
        .as_string()
        .unwrap()
}

/// Asserts that a binding threw an exception whose message contains `part`.
#[track_caller]
pub fn throws<T>(r: Result<T, wasm_bindgen::JsError>, part: &str) {
    let m = message(r);
    assert!(m.contains(part), "{m}");
}

/// A parameter object as the page passes one: `obj! { width: 720.0, method: "classic" }`.
macro_rules! obj {
    ($($key:ident: $value:expr),* $(,)?) => {{
        let object = js_sys::Object::new();
        $(
            js_sys::Reflect::set(
                &object,
                &stringify!($key).into(),
                &wasm_bindgen::JsValue::from($value),
            )
            .unwrap();
        )*
        wasm_bindgen::JsValue::from(object)
    }};
}
pub(crate) use obj;

/// Numbers as their bits, so that `assert_eq!` tells 0.0 from −0.0 and compares NaNs.
pub fn bits(v: Vec<f64>) -> Vec<u64> {
    v.into_iter().map(f64::to_bits).collect()
}

/// Points as a flat `x, y, r` vector, as the bindings hand them over.
pub fn flat(points: &[poisson_live::Point]) -> Vec<f64> {
    points.iter().flat_map(|p| [p.x, p.y, p.r]).collect()
}

/// A name as the page passes one (the bindings read names as `JsValue`s).
pub fn s(text: &str) -> JsValue {
    JsValue::from_str(text)
}

/// A number as a `JsValue`, for the parameters the bindings read as one (a set or class index).
pub fn n(value: f64) -> JsValue {
    JsValue::from_f64(value)
}

/// Numbers as the `Float64Array` the page passes.
pub fn nums(values: &[f64]) -> JsValue {
    js_sys::Float64Array::from(values).into()
}

/// Bytes as the `Uint8Array` a canvas hands over.
pub fn bytes(values: &[u8]) -> JsValue {
    js_sys::Uint8Array::from(values).into()
}
