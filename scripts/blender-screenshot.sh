#!/usr/bin/env bash
# Renders docs/blender-rocks.png, the README's picture of the Blender add-on: the packed extension
# (scripts/blender.sh) installed in headless Blender (bpy 4.5.4 in target/py-blender-venv, as
# scripts/test-blender.sh makes it), rocks instanced on its points over a displaced grid,
# rendered by Workbench (packages/blender/screenshot.py). Usage: bash scripts/blender-screenshot.sh
source "$(dirname "${BASH_SOURCE[0]}")/venv.sh"
zip=$(bash scripts/blender.sh | tail -n 1)
py_venv py-blender-venv bpy==4.5.4 numpy
export BLENDER_USER_RESOURCES=$target/blender/screenshot-user
rm -rf "$BLENDER_USER_RESOURCES"
timeout 900 "$venv/bin/python" -B -u packages/blender/screenshot.py "$zip" \
  "$root/docs/blender-rocks.png" 2>&1 | grep -e '^screenshot: ' -e 'Error' || true
test -s docs/blender-rocks.png
