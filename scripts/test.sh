#!/usr/bin/env bash
# Runs every test: formatting, lints, the crates natively, the bindings in headless
# Chromium, the release page build, the npm package (scripts/package.sh) as a user installs it,
# and the page end to end in headless Chromium.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

bash scripts/setup.sh

step() { printf '\n== test: %s\n' "$1"; }

step "format (cargo fmt --check)"
cargo fmt --all --check

step "lints (cargo clippy)"
cargo clippy --workspace --all-targets --offline -- -D warnings

step "lints for the wasm build (cargo clippy --target wasm32-unknown-unknown)"
cargo clippy -p poisson-live -p poisson-live-web --all-targets --offline \
  --target wasm32-unknown-unknown -- -D warnings

step "crates, natively (cargo test)"
cargo test --workspace --offline

step "bindings in headless Chromium (wasm-bindgen-test)"
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  CHROMEDRIVER=/usr/bin/chromedriver \
  cargo test --offline --target wasm32-unknown-unknown -p poisson-live-web

step "page build (trunk build --release)"
trunk build --release --offline
for wasm in dist/*.wasm; do
  echo "wasm after wasm-opt: $wasm $(wc -c <"$wasm") bytes"
done

step "npm package: packed, installed offline, run in node and Chromium, tsc --strict (tests/package/)"
node --test tests/package/

step "page end to end in headless Chromium (node --test tests/e2e/)"
node --test tests/e2e/

echo
echo "test: all passed"
