#!/usr/bin/env bash
# Builds the Python wheel (crates/py: PyO3, abi3 for CPython 3.9+) with maturin into
# target/wheels/ and prints its path as the last line. The wheel is manylinux2014 (glibc 2.17 or
# later): maturin links with zig (`--zig`), whose glibc 2.17 stubs keep newer symbol versions out.
# Built for this machine's architecture, or for the Rust target given as the one argument
# (`bash scripts/wheel.sh aarch64-unknown-linux-gnu`; scripts/setup.sh adds that target's std).
# maturin and zig (the `ziglang` package) come from PyPI into a venv under target/py-venv (made
# once, then reused; CARGO_TARGET_DIR moves all of it); cargo builds the module --offline.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
target=${CARGO_TARGET_DIR:-$root/target}
venv=$target/py-venv
export PIP_CACHE_DIR="$target/pip-cache"
# zig's own cache (its glibc stubs, compiled once per target) beside the build, not in ~/.cache.
export ZIG_GLOBAL_CACHE_DIR="$target/zig-cache"
triple=${1:-$(rustc -vV | sed -n 's/^host: //p')}
case $triple in
  x86_64-unknown-linux-gnu | aarch64-unknown-linux-gnu) ;;
  *)
    echo "wheel: no manylinux2014 wheel for $triple (x86_64- or aarch64-unknown-linux-gnu)" >&2
    exit 1
    ;;
esac
arch=${triple%%-*}
if [ ! -x "$venv/bin/maturin" ] || ! "$venv/bin/python" -c 'import ziglang' 2>/dev/null; then
  echo "wheel: making $venv with maturin and ziglang (pip, PyPI)" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'maturin>=1.9,<2' \
    'ziglang==0.17.1' >&2
fi
out=$target/wheels
rm -f "$out"/poisson_live-*_"$arch".whl
# The shared target/ so the core's compiled dependencies are reused; --offline as everywhere.
# maturin runs zig as `python3 -m ziglang`: the venv's python first on PATH.
PATH="$venv/bin:$PATH" CARGO_TARGET_DIR="$target" nice "$venv/bin/maturin" build --release \
  --offline --zig --compatibility manylinux2014 --target "$triple" \
  --manifest-path crates/py/Cargo.toml --interpreter python3 --out "$out" >&2
wheel=$(ls "$out"/poisson_live-*_"$arch".whl)
if [ "$(echo "$wheel" | wc -l)" -ne 1 ]; then
  echo "wheel: expected one $arch wheel in $out" >&2
  exit 1
fi
echo "$wheel"
