//! Embeds the conformance cases for the wasm tests, which run in a browser and cannot read files:
//! every `*.json` in `POISSON_GOLDEN_DIR` when set, else the core crate's `tests/golden`.

use std::path::PathBuf;

fn main() {
    println!("cargo::rerun-if-env-changed=POISSON_GOLDEN_DIR");
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let dir = std::env::var_os("POISSON_GOLDEN_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("../core/tests/golden"));
    let dir = dir.canonicalize().unwrap_or(dir);
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|x| x == "json"));
    files.sort();
    let mut out = format!(
        "/// Where the cases came from.\npub const GOLDEN_DIR: &str = {:?};\n",
        dir.display().to_string()
    );
    out.push_str(
        "/// Every case as (file name, JSON text).\npub const GOLDEN_CASES: &[(&str, &str)] = &[\n",
    );
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy();
        out.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            f.display().to_string()
        ));
    }
    out.push_str("];\n");
    let target = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("golden_cases.rs");
    std::fs::write(target, out).unwrap();
}
