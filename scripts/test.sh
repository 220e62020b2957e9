#!/usr/bin/env bash
# Runs every test: formatting, lints, the crates natively (and the core with its optional
# features), the tutorial's listings in four languages, the docs, the core's examples, the
# bindings in headless Chromium, the release page build, the npm package (scripts/package.sh)
# as a user installs it, the page end to end in headless Chromium, the Python wheel as a
# user installs it (scripts/test-python.sh), the wheels and sdist people install, each
# checked (scripts/wheels.sh), and the Blender add-on in headless Blender
# (scripts/test-blender.sh).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

bash scripts/setup.sh

step() { printf '\n== test: %s\n' "$1"; }

step "format (cargo fmt --check)"
cargo fmt --all --check

step "lints (cargo clippy)"
cargo clippy --workspace --all-targets --offline -- -D warnings

step "lints with the core's optional features (cargo clippy -p poisson-live --all-features)"
cargo clippy -p poisson-live --all-targets --all-features --offline -- -D warnings

step "lints for the wasm build (cargo clippy --target wasm32-unknown-unknown)"
cargo clippy -p poisson-live -p poisson-live-web --all-targets --offline \
  --target wasm32-unknown-unknown -- -D warnings
# The library with its optional features, as a wasm game would build it.
cargo clippy -p poisson-live --all-features --offline --target wasm32-unknown-unknown -- -D warnings

step "crates, natively (cargo test)"
cargo test --workspace --offline

step "listings in Rust, JavaScript, C#, C++ (scripts/test-listings.sh), a case one ulp off fails each, bad input is refused"
bash scripts/test-listings.sh
bash listings/test/one-ulp.sh
bash listings/test/guards.sh

step "the core's optional features: serde and mint (cargo test -p poisson-live --features serde,mint)"
# Only what the features change (the derives add no behaviour, and the step above ran the rest):
# the unit tests, tests/serde.rs and tests/mint.rs, and the doc examples that need a feature
# (the quick start in lib.rs and the Point conversions in point.rs). The examples step builds
# and runs the examples.
cargo test -p poisson-live --features serde,mint --offline --lib --test serde --test mint
cargo test -p poisson-live --features serde,mint --offline --doc -- src/lib.rs base/point.rs

step "docs without warnings (RUSTDOCFLAGS=\"-D warnings\" cargo doc --no-deps)"
RUSTDOCFLAGS="-D warnings" cargo doc -p poisson-live --no-deps --all-features --offline
RUSTDOCFLAGS="-D warnings" cargo doc -p poisson-live-web -p poisson-live-cli --no-deps --offline

step "the core's examples, each run once, writing into target/examples-out"
out=target/examples-out
rm -rf "$out"
mkdir -p "$out"
example() {
  local name=$1
  shift
  cargo run -q -p poisson-live --features serde,mint --offline --example "$name" -- "$@"
}
example forest "$out/forest.svg"
example forest "$out/forest.png" --seed 7
example game_loop --slice-ms 1 | tail -n 4
example grass --size 256
example tileable | grep "wrapped .* tiles seamlessly"
example features "$out/level.json"
# 3D and a mesh: both boxes must report no pair closer than r.
test "$(example space 30 2 | grep -c 'too close: 0$')" = 2
for f in forest.svg forest.png level.json; do test -s "$out/$f"; done

step "bindings in headless Chromium (wasm-bindgen-test)"
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  CHROMEDRIVER=/usr/bin/chromedriver \
  cargo test --offline --target wasm32-unknown-unknown -p poisson-live-web

step "page build (trunk build --release)"
# The page keeps neither optional feature of the core: nothing in its build may turn them on.
if cargo tree -p poisson-live-web -e features --target wasm32-unknown-unknown --offline \
  -i poisson-live | grep -E 'poisson-live feature "(serde|mint)"'; then
  echo "the page build turns on an optional feature of the core (above); it must keep neither" >&2
  exit 1
fi
trunk build --release --offline
for wasm in dist/*.wasm; do
  echo "wasm after wasm-opt: $wasm $(wc -c <"$wasm") bytes"
done

step "npm package: packed, installed offline, run in node and Chromium, tsc --strict (tests/package/)"
node --test tests/package/

step "page end to end in headless Chromium (node --test tests/e2e/)"
node --test tests/e2e/

step "Python wheel: built by maturin, installed with pip into a fresh venv, pytest (tests/python/)"
bash scripts/test-python.sh

step "Python wheels: manylinux2014 x86_64 and aarch64 (auditwheel show), the sdist built alone offline (scripts/wheels.sh)"
bash scripts/wheels.sh

step "Blender add-on: packed with the wheel, installed in headless Blender 4.5 (bpy from PyPI), tests/blender/"
bash scripts/test-blender.sh

echo
echo "test: all passed"
