//! Conformance: every case in the golden directory, compared exactly (`==` on f64).
//!
//! The cases come from the tutorial's published reference code (shared/golden). The directory is
//! `POISSON_GOLDEN_DIR` when set, else this crate's own copy in `tests/golden`. A case of an
//! unknown kind, or a file that does not parse, fails the test.

mod golden_check;

use serde_json::Value;
use std::path::PathBuf;

fn golden_dir() -> PathBuf {
    match std::env::var_os("POISSON_GOLDEN_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden"),
    }
}

#[test]
fn every_golden_case_matches_exactly() {
    let dir = golden_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read golden directory {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no cases in {}", dir.display());
    let mut failures = Vec::new();
    let mut kinds = std::collections::BTreeMap::<String, usize>::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let outcome = std::fs::read_to_string(path)
            .map_err(|e| format!("unreadable: {e}"))
            .and_then(|text| {
                serde_json::from_str::<Value>(&text).map_err(|e| format!("not JSON: {e}"))
            })
            .and_then(|case| {
                *kinds
                    .entry(case["kind"].as_str().unwrap_or("?").to_string())
                    .or_default() += 1;
                golden_check::check(&case)
            });
        if let Err(e) = outcome {
            failures.push(format!("{name}: {e}"));
        }
    }
    println!(
        "conformance: {} cases from {} ({kinds:?}), {} failed",
        files.len(),
        dir.display(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn a_trace_cut_short_fails() {
    // A case listing 3 of its 60 steps (the run takes 629) must fail, not pass on what it lists;
    // so must one that claims to stop at a step where the run goes on.
    let path = golden_dir().join("trace_0.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let case: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(golden_check::check(&case), Ok(()));
    let mut cut = case.clone();
    cut["expected"]["steps"].as_array_mut().unwrap().truncate(3);
    let e = golden_check::check(&cut).unwrap_err();
    assert!(e.contains("lists 3 steps"), "{e}");
    let mut early_end = cut;
    early_end["expected"]["steps"][2]["more"] = Value::Bool(false);
    assert!(golden_check::check(&early_end).is_err());
}
