#!/usr/bin/env bash
# The Blender add-on against Blender's own Distribute Points on Faces (Poisson Disk, Density Max
# 20) on the bench torus of scripts/bench-mesh.sh at r = 1, in one headless Blender process
# (crates/bench/python/blender_addon.py): the node's evaluation timed by
# ../shared/anchors/blender_scatter.py (best of 3), the operator's bpy.ops call (methods fast and
# bridson, best of 3) and its three steps apart (mesh extraction, sampling, object creation).
# Packs the extension (scripts/blender.sh); bpy 4.5.4 and numpy in target/py-blender-venv (from
# PyPI, made once; shared with scripts/test-blender.sh). Prints markdown tables and the target.
# Usage: bash scripts/bench-blender.sh [RADIUS [ROUNDS]]: ROUNDS (default 1) runs the anchor and
# the add-on in turn that many times, each row keeping its best. Run it on a quiet machine.
source "$(dirname "${BASH_SOURCE[0]}")/venv.sh"
radius=${1:-1}
rounds=${2:-1}

anchor=$root/../shared/anchors/blender_scatter.py
[ -f "$anchor" ] || { echo "bench-blender: no Blender anchor at $anchor" >&2; exit 1; }
zip=$(bash scripts/blender.sh | tail -n 1)
py_venv py-blender-venv bpy==4.5.4 numpy

export BLENDER_USER_RESOURCES=$target/blender/bench-user
rm -rf "$BLENDER_USER_RESOURCES"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" -B -c "import sys; sys.path.insert(0, 'tests/blender'); import scene; \
scene.write_torus_obj(sys.argv[1])" "$work/torus.obj"
timeout 900 "$venv/bin/python" -B -u crates/bench/python/blender_addon.py --anchor "$anchor" \
  --zip "$zip" --obj "$work/torus.obj" --radius "$radius" --rounds "$rounds" 2>&1 |
  grep -v -e '^Freeing memory after the leak detector' -e '^Info: ' -e '^STATUS '
