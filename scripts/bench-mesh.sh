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

source "$(dirname "${BASH_SOURCE[0]}")/bench-py.sh"
if [ "$blender" = yes ]; then
  anchor=$root/../shared/anchors/blender_scatter.py
  [ -f "$anchor" ] || { echo "bench-mesh: no Blender anchor at $anchor" >&2; exit 1; }
  py_venv py-blender-venv bpy==4.5.4 numpy
  extra+=(--blender "$venv/bin/python" --anchor "$anchor")
fi
py_venv py-mesh-venv "${packages[@]}"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
torus_obj "$out/torus.obj"

"$venv/bin/python" crates/bench/python/mesh.py --cli "$target/release/poisson" \
  --obj "$out/torus.obj" --radius 1 --work "$out" "${extra[@]}"
