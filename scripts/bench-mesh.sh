#!/usr/bin/env bash
# Mesh sampling, side by side in one run (crates/bench/python/mesh.py): `poisson mesh` on a torus
# (major radius 40, minor radius 15, 160 × 80 quads split into 25 600 triangles) at r = 1, timed
# as a whole process writing CSV to a file, against point-cloud-utils' sample_mesh_poisson_disk
# on the same mesh and radius (best of 3 each). Prints a markdown table: points, seconds, the
# ratios to point-cloud-utils, the smallest pair distance and the coverage (the fraction of the
# surface within r of a point), the load beside each row, and the targets below it. A venv under
# target/py-mesh-venv holds numpy, scipy and point-cloud-utils 0.34.0 (from PyPI; pip's downloads
# cached in target/pip-cache).
# `poisson mesh --method fast` is timed the same way (issue 34's targets printed below the table).
# Usage: bash scripts/bench-mesh.sh [--trimesh] [--blender]
#   --trimesh  also trimesh's sample_surface_even, asked for point-cloud-utils' count (installs
#              trimesh in the venv)
#   --blender  also Blender's Distribute Points on Faces at Density Max 20 and 40, through
#              ../shared/anchors/blender_scatter.py in a second venv, target/py-blender-venv,
#              with bpy 4.5.4 and numpy from PyPI (a 373 MB wheel, installed once; never part
#              of the test run)
# Run it on a quiet machine. scripts/bench.sh calls it as its last section unless --quick.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
target=${CARGO_TARGET_DIR:-$root/target}
export PIP_CACHE_DIR="$target/pip-cache"

packages=(numpy scipy point-cloud-utils==0.34.0)
extra=()
blender=no
for arg in "$@"; do
  case "$arg" in
    --trimesh) packages+=(trimesh) extra+=(--trimesh) ;;
    --blender) blender=yes ;;
    *) echo "usage: bash scripts/bench-mesh.sh [--trimesh] [--blender]" >&2; exit 2 ;;
  esac
done

CARGO_TARGET_DIR="$target" cargo build --release -q -p poisson-live-cli
venv=$target/py-mesh-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "${packages[@]}"
if [ "$blender" = yes ]; then
  anchor=$root/../shared/anchors/blender_scatter.py
  [ -f "$anchor" ] || { echo "bench-mesh: no Blender anchor at $anchor" >&2; exit 1; }
  bvenv=$target/py-blender-venv
  [ -x "$bvenv/bin/python" ] || python3 -m venv "$bvenv"
  "$bvenv/bin/pip" install --quiet --disable-pip-version-check bpy==4.5.4 numpy
  extra+=(--blender "$bvenv/bin/python" --anchor "$anchor")
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# The torus: vertex (i, j), 1-based number i · 80 + j + 1, sits at angle 2πi/160 around the
# z axis and 2πj/80 around the tube; each quad (i, j)–(i + 1, j + 1), wrapping round, is split
# into two triangles wound with the normal outward.
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

"$venv/bin/python" crates/bench/python/mesh.py --cli "$target/release/poisson" \
  --obj "$out/torus.obj" --radius 1 --work "$out" "${extra[@]}"
