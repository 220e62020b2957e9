#!/usr/bin/env bash
# The Blender add-on headless: packs the extension (scripts/blender.sh, which builds the wheel),
# installs `bpy` 4.5.4 (Blender 4.5 LTS as a Python module, a 373 MB wheel from PyPI) and numpy
# into target/py-blender-venv (made once and reused: CI caches target/; scripts/bench-mesh.sh
# --blender shares it), checks the zip with Blender's extension validator, then runs
# tests/blender/test_addon.py there: the zip installed through
# Blender's own extension installer (which unpacks the wheel for Blender's Python) into a user
# folder under target/blender/user, registration, the operator's points against the debug CLI's,
# vertex-group weights, bad input through Blender's reports, undo and Instance on Points.
source "$(dirname "${BASH_SOURCE[0]}")/venv.sh"

zip=$(bash scripts/blender.sh | tail -n 1)
echo "test-blender: extension $zip"
CARGO_TARGET_DIR="$target" cargo build --offline -q -p poisson-live-cli

py_venv py-blender-venv bpy==4.5.4 numpy

# Blender's own check of the package (what `blender --command extension validate` runs).
"$venv/bin/python" "$(echo "$venv"/lib/python3*/site-packages/bpy/4.5/scripts/addons_core/bl_pkg/cli/blender_ext.py)" \
  validate "$zip"

# Blender's user folders (preferences, installed extensions) under target/, fresh each run.
export BLENDER_USER_RESOURCES=$target/blender/user
rm -rf "$BLENDER_USER_RESOURCES"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The bpy module can hang in its exit handlers: the test leaves with os._exit, and the timeout
# turns any other hang into a failure.
timeout 900 "$venv/bin/python" -B -u tests/blender/test_addon.py "$zip" "$target/debug/poisson" \
  "$work"
