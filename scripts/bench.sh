#!/usr/bin/env bash
# Reproduces the tables in BENCHMARKS.md in one command:
#   1. the native harness (crates/bench): ours against poisson-diskus, fast_poisson and
#      faster_poisson (its Bridson, k 30), the linearity check and peak memory at about 10 M
#      points; then the fast samplers: ours fast_poisson against faster_poisson's default
#      (parental) sampler, with a whole-process figure; then the 3D table (its space module):
#      ours poisson_disk_3d and fast_poisson_3d against fast_poisson, poisson-diskus and
#      faster_poisson's Poisson3D on 100 × 100 × 100 at r = 2, each system's spacing checked;
#      then the classic CLI timed as a whole process (issue 12's target);
#   2. the bindings built for wasm32 (release), run through wasm-bindgen --target nodejs, and
#      compared in one node process against the npm samplers (crates/bench/wasm-bench.mjs),
#      both as built and after wasm-opt -Oz as the page ships it: poissonDisk against both npm
#      samplers, fastPoisson against fast-2d-poisson-disk-sampling.
#   3. huge maps (scripts/bench-huge.sh): poisson endless on 20000 × 20000 at r = 2 on 1 and 2
#      threads, time and peak memory, beside the one-call classic sampler;
#   4. last, unless --quick: mesh sampling (scripts/bench-mesh.sh): poisson mesh on a torus of
#      25 600 triangles at r = 1 against point-cloud-utils' sample_mesh_poisson_disk, points,
#      time, spacing and coverage (a Python venv under target/py-mesh-venv, from PyPI).
# Usage: bash scripts/bench.sh [--quick]   (--quick: smaller tables, no mesh section)
# Run it on a quiet machine: other work on the cores shows up in every number.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

quick=()
case "${1:-}" in
  "") ;;
  --quick) quick=(--quick) ;;
  *) echo "usage: bash scripts/bench.sh [--quick]" >&2; exit 2 ;;
esac

# The npm peers are devDependencies; install them if this checkout has not yet.
if [ ! -d node_modules/poisson-disk-sampling ] || [ ! -d node_modules/fast-2d-poisson-disk-sampling ]; then
  npm install --no-audit --no-fund >&2
fi

echo "## Native (Rust, release build)"
echo
cargo build --release -q -p poisson-live-bench
target/release/poisson-live-bench "${quick[@]}"

# Issue 12's classic target, timed as a whole process: the CLI filling 2000 × 2000 at r = 2.
echo
echo "### Classic, whole process: poisson bridson --width 2000 --height 2000 --radius 2 --k 30 --format count"
echo
cargo build --release -q -p poisson-live-cli
best=""
for _ in 1 2 3 4 5; do
  start=$(date +%s%N)
  points=$(target/release/poisson bridson --width 2000 --height 2000 --radius 2 --k 30 --format count)
  took=$(( $(date +%s%N) - start ))
  if [ -z "$best" ] || [ "$took" -lt "$best" ]; then best=$took; fi
done
read -r seconds rate met < <(awk -v n="$points" -v ns="$best" \
  'BEGIN { s = ns / 1e9; r = n / s / 1e6; printf "%.3f %.3f %s\n", s, r, (r >= 1.0 ? "met" : "missed") }')
echo "Best of 5: $points points in $seconds s, $rate M points/s (target ≥ 1.0: $met); load average $(cut -d' ' -f1-3 /proc/loadavg)."

echo
echo "## WebAssembly in node (the bindings crate)"
echo
cargo build --release -q --target wasm32-unknown-unknown -p poisson-live-web
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
wasm-bindgen --target nodejs --out-dir "$out/plain" target/wasm32-unknown-unknown/release/poisson_live_web.wasm
# The generated module is CommonJS; say so, whatever package.json a parent folder has.
echo '{"type": "commonjs"}' > "$out/plain/package.json"
opt=()
if command -v wasm-opt >/dev/null 2>&1; then
  cp -r "$out/plain" "$out/oz"
  wasm-opt -Oz --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$out/plain/poisson_live_web_bg.wasm" -o "$out/oz/poisson_live_web_bg.wasm"
  opt=(--opt "$out/oz")
fi
node --expose-gc crates/bench/wasm-bench.mjs "$out/plain" "${opt[@]}" "${quick[@]}"

echo
bash scripts/bench-huge.sh "${quick[@]}"

# Mesh sampling against point-cloud-utils: a venv and a pip install, so not in the quick run.
if [ ${#quick[@]} -eq 0 ]; then
  echo
  bash scripts/bench-mesh.sh
fi
