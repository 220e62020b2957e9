//! The conformance cases, run inside the wasm build in headless Chromium: the core compiled to
//! wasm32 must reproduce every case bit for bit, exactly as natively. The cases are embedded at
//! build time (build.rs), from `POISSON_GOLDEN_DIR` when set.
#![cfg(target_arch = "wasm32")]

#[path = "../../core/tests/golden_check/mod.rs"]
mod golden_check;

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

include!(concat!(env!("OUT_DIR"), "/golden_cases.rs"));

#[wasm_bindgen_test]
fn every_golden_case_matches_exactly_in_wasm() {
    assert!(
        !GOLDEN_CASES.is_empty(),
        "no cases embedded from {GOLDEN_DIR}"
    );
    let mut failures = Vec::new();
    for (name, text) in GOLDEN_CASES {
        let outcome = serde_json::from_str::<serde_json::Value>(text)
            .map_err(|e| format!("not JSON: {e}"))
            .and_then(|case| golden_check::check(&case));
        if let Err(e) = outcome {
            failures.push(format!("{name}: {e}"));
        }
    }
    wasm_bindgen_test::console_log!(
        "conformance (wasm): {} cases from {GOLDEN_DIR}, {} failed",
        GOLDEN_CASES.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} cases failed in wasm:\n{}",
        failures.len(),
        GOLDEN_CASES.len(),
        failures.join("\n")
    );
}
