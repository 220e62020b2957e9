#!/usr/bin/env bash
# Exact counts, side by side in one run (crates/bench/python/eliminate.py): `poisson eliminate
# --count 15000` on the torus of scripts/bench-mesh.sh (the same OBJ, made by the same awk), as a
# whole process writing CSV, against point-cloud-utils' sample_mesh_poisson_disk(v, f,
# num_samples=15000) (best of 3 each); then the 200 × 100 box at N 10 000. Prints markdown
# tables (points, smallest pair, δX, seconds, speed ratio, load) and the targets under them. The
# venv is bench-mesh.sh's (target/py-mesh-venv: numpy, scipy, point-cloud-utils 0.34.0 from PyPI).
# Usage: bash scripts/bench-eliminate.sh. Run it on a quiet machine.
source "$(dirname "${BASH_SOURCE[0]}")/bench-py.sh"
py_venv py-mesh-venv numpy scipy point-cloud-utils==0.34.0

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
torus_obj "$out/torus.obj"

cd crates/bench/python
"$venv/bin/python" eliminate.py --cli "$target/release/poisson" --obj "$out/torus.obj" --work "$out"
