#!/usr/bin/env bash
# Exact counts, side by side in one run (crates/bench/python/eliminate.py): `poisson eliminate
# --count 15000` on the torus of scripts/bench-mesh.sh (the same OBJ, made by the same awk), as a
# whole process writing CSV, against point-cloud-utils' sample_mesh_poisson_disk(v, f,
# num_samples=15000) (best of 3 each); then the 200 × 100 box at N 10 000. Prints markdown
# tables (points, smallest pair, δX, seconds, speed ratio, load) and the targets under them. The
# venv is bench-mesh.sh's (target/py-mesh-venv: numpy, scipy, point-cloud-utils 0.34.0 from PyPI).
# Usage: bash scripts/bench-eliminate.sh. Run it on a quiet machine.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
target=${CARGO_TARGET_DIR:-$root/target}
export PIP_CACHE_DIR="$target/pip-cache"

CARGO_TARGET_DIR="$target" cargo build --release -q -p poisson-live-cli
venv=$target/py-mesh-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check numpy scipy point-cloud-utils==0.34.0

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# bench-mesh.sh's torus: major radius 40, minor 15, 160 × 80 quads, 25 600 triangles.
awk -v R=40 -v r=15 -v nu=160 -v nv=80 'BEGIN {
  tau = 2 * atan2(0, -1)
  for (i = 0; i < nu; i++) {
    for (j = 0; j < nv; j++) {
      u = tau * i / nu; v = tau * j / nv
      printf "v %.9g %.9g %.9g\n", (R + r * cos(v)) * cos(u), (R + r * cos(v)) * sin(u), r * sin(v)
    }
  }
  for (i = 0; i < nu; i++) {
    for (j = 0; j < nv; j++) {
      a = i * nv + j + 1; b = ((i + 1) % nu) * nv + j + 1
      c = ((i + 1) % nu) * nv + (j + 1) % nv + 1; d = i * nv + (j + 1) % nv + 1
      printf "f %d %d %d\nf %d %d %d\n", a, b, c, a, c, d
    }
  }
}' >"$out/torus.obj"

cd crates/bench/python
"$venv/bin/python" eliminate.py --cli "$target/release/poisson" --obj "$out/torus.obj" --work "$out"
