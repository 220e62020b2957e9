#!/usr/bin/env bash
# Packs the Blender extension (packages/blender/poisson_live_scatter/, Blender 4.2 or later) with
# the Python wheel it imports: builds the wheel (scripts/wheel.sh), copies the add-on and the
# wheel into target/blender/stage/, writes the wheel's file name and platform into the staged
# blender_manifest.toml, and zips the stage into target/blender/. Prints the zip's path last.
# Install it in Blender: Edit > Preferences > Get Extensions > Install from Disk.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
target=${CARGO_TARGET_DIR:-$root/target}
src=packages/blender/poisson_live_scatter

wheel=$(bash scripts/wheel.sh | tail -n 1)
name=$(basename "$wheel")
case "$name" in
  *linux*x86_64.whl) platform=linux-x64 ;;
  *linux*aarch64.whl) platform=linux-arm64 ;;
  *macosx*arm64.whl) platform=macos-arm64 ;;
  *macosx*x86_64.whl) platform=macos-x64 ;;
  *win_amd64.whl) platform=windows-x64 ;;
  *) echo "blender: no Blender platform for the wheel $name" >&2; exit 1 ;;
esac
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$src/blender_manifest.toml")

out=$target/blender
stage=$out/stage
rm -rf "$stage"
mkdir -p "$stage/wheels"
cp "$src"/__init__.py "$src"/blender_manifest.toml "$stage"/
cp "$wheel" "$stage/wheels/"
sed -i -e "s|^wheels = .*|wheels = [\"./wheels/$name\"]|" \
  -e "s|^platforms = .*|platforms = [\"$platform\"]|" "$stage/blender_manifest.toml"
grep -qF "\"./wheels/$name\"" "$stage/blender_manifest.toml" ||
  { echo "blender: the manifest names no wheel" >&2; exit 1; }

zip=$out/poisson_live_scatter-$version-$platform.zip
rm -f "$zip"
# Python's zipfile (no zip tool needed): the manifest at the archive's root, as Blender reads it.
python3 - "$stage" "$zip" <<'PY'
import os, sys, zipfile
stage, path = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
    for folder, _, files in sorted(os.walk(stage)):
        for f in sorted(files):
            full = os.path.join(folder, f)
            z.write(full, os.path.relpath(full, stage))
PY
echo "$zip"
