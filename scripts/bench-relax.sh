#!/usr/bin/env bash
# Relaxation, side by side in one run (crates/bench/python/relax.py): `poisson relax` (Lloyd's
# method and farthest-point optimisation) timed as a whole process against point-cloud-utils'
# lloyd_2d (num_lloyd 10, num_newton 0) on 100 000 points and scipy's Lloyd
# (scipy.stats._qmc, what qmc.PoissonDisk(optimization="lloyd") runs) on 10 000, then FPO on
# 1 024 white-noise points on the unit torus for 64 iterations. Prints a markdown table with
# δX and mean δX of every system's points and the load beside each row, and the targets below
# it. A venv under target/py-relax-venv holds numpy, scipy and point-cloud-utils 0.34.0 (from
# PyPI; pip's downloads cached in target/pip-cache). scipy's run alone takes about half a
# minute. Run it on a quiet machine.
source "$(dirname "${BASH_SOURCE[0]}")/bench-py.sh"
py_venv py-relax-venv numpy scipy point-cloud-utils==0.34.0

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$venv/bin/python" crates/bench/python/relax.py --cli "$target/release/poisson" --work "$out" "$@"
