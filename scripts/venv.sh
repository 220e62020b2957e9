# Sourced by the scripts that run Python from PyPI in a venv of their own (the benches through
# bench-py.sh, and the Blender add-on's test-blender.sh, bench-blender.sh and
# blender-screenshot.sh): moves to the repository, sets `root` and `target`, caches pip's
# downloads in target/pip-cache, and defines
#   py_venv NAME PACKAGE…  a venv at target/NAME with the packages, its path in `venv`; made
#                          once and reused (CI caches target/), pip run as `python -m pip` so a
#                          venv moved to another target still works.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
target=${CARGO_TARGET_DIR:-$root/target}
export PIP_CACHE_DIR="$target/pip-cache"

py_venv() {
  venv=$target/$1
  shift
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$@"
}
