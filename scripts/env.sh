# Sourced by the scripts in this folder: the tools they install live in ~/.cargo/bin and
# node_modules/.bin, which a fresh shell may not have on PATH.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
cd "$ROOT"
