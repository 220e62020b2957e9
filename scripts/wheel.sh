#!/usr/bin/env bash
# Builds the Python wheel (crates/py: PyO3, abi3 for CPython 3.9+) with maturin into
# target/wheels/ and prints its path as the last line. maturin comes from PyPI into a venv under
# target/py-venv (made once, then reused; CARGO_TARGET_DIR moves all of it); no toolchain is downloaded: cargo builds the module.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
target=${CARGO_TARGET_DIR:-$root/target}
venv=$target/py-venv
export PIP_CACHE_DIR="$target/pip-cache"
if [ ! -x "$venv/bin/maturin" ]; then
  echo "wheel: making $venv with maturin (pip, PyPI)" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'maturin>=1.9,<2' >&2
fi
out=$target/wheels
rm -f "$out"/poisson_live-*.whl
# The shared target/ so the core's compiled dependencies are reused; --offline as everywhere.
CARGO_TARGET_DIR="$target" nice "$venv/bin/maturin" build --release --offline \
  --manifest-path crates/py/Cargo.toml --interpreter python3 --out "$out" >&2
wheel=$(ls "$out"/poisson_live-*.whl)
[ "$(echo "$wheel" | wc -l)" -eq 1 ] || { echo "wheel: expected one wheel in $out" >&2; exit 1; }
echo "$wheel"
