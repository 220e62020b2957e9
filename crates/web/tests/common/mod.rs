//! Helpers shared by the browser tests of the bindings.

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
