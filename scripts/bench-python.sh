#!/usr/bin/env bash
# The Python package's benchmarks (crates/bench/python/bench.py): points per second against
# scipy.stats.qmc.PoissonDisk and the `bridson` package on 400 × 400 at r = 2, the Python call
# against the CLI on 2000 × 2000, and Dask on 1 and 2 workers on 8000 × 8000. Not a test: it
# prints figures with the load beside each. A venv under target/py-bench-venv holds the wheel
# and the peers (from PyPI; pip's downloads cached in target/pip-cache).
# Usage: bash scripts/bench-python.sh [--skip-dask] [--repeat N]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
target=${CARGO_TARGET_DIR:-$root/target}
export PIP_CACHE_DIR="$target/pip-cache"
wheel=$(bash scripts/wheel.sh | tail -n 1)
CARGO_TARGET_DIR="$target" cargo build --release --offline -q -p poisson-live-cli
venv=$target/py-bench-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check numpy scipy bridson \
  'dask[distributed]' pyarrow
"$venv/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheel"
"$venv/bin/python" crates/bench/python/bench.py --cli "$target/release/poisson" "$@"
