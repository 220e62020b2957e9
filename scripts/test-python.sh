#!/usr/bin/env bash
# The Python package as a user installs it: builds the wheel (scripts/wheel.sh, manylinux2014),
# installs it with pip into a fresh venv under target/ (registry packages only: numpy, pytest,
# dask[distributed], pyarrow, pandas, mypy, auditwheel; pip's downloads cached in
# target/pip-cache), checks
# the installed package and a typed user script (tests/python/typed_user.py) with
# `mypy --strict`, and runs
# pytest on tests/python/ against it: every golden case to the bit, bad input, shapes and
# dtypes, the Sampler, the editable set, the endless iterator and Dask on a LocalCluster against
# the CLI's `poisson endless`; signals, memory limits and hostile input (test_hostile.py); the
# wheel's manylinux2014 tag by `auditwheel show` (test_wheel.py, given the wheel's path).
# Also checks the README's Python example runs, and the bindings' format and lints (crates/py
# is outside the main workspace).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
target=${CARGO_TARGET_DIR:-$root/target}
export PIP_CACHE_DIR="$target/pip-cache"

cargo fmt --manifest-path crates/py/Cargo.toml --check
CARGO_TARGET_DIR="$target" cargo clippy --manifest-path crates/py/Cargo.toml --all-targets \
  --offline -- -D warnings

wheel=$(bash scripts/wheel.sh | tail -n 1)
echo "test-python: wheel $wheel"
# The CLI the tests compare with (the debug build: the maps are small).
CARGO_TARGET_DIR="$target" cargo build --offline -q -p poisson-live-cli

venv=$target/py-test-venv
python3 -m venv --clear "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check \
  "$wheel" numpy pytest 'dask[distributed]' pyarrow pandas mypy 'auditwheel>=6,<7'
cd tests/python
# The stubs as a user's type checker reads them: the package's own modules, then a user's script.
"$venv/bin/python" -m mypy --strict --no-incremental -p poisson_live
"$venv/bin/python" -m mypy --strict --no-incremental typed_user.py
POISSON_CLI="$target/debug/poisson" POISSON_WHEEL="$wheel" \
  "$venv/bin/python" -m pytest -p no:cacheprovider -q .
