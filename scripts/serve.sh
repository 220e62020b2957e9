#!/usr/bin/env bash
# Builds the page as readers get it, optimised (a release build: wasm-opt and all), and serves it
# at http://127.0.0.1:8080. Trunk watches the page and the crates and rebuilds on every change
# (reload the browser tab by hand: the strict CSP refuses Trunk's inline live-reload script).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

bash scripts/setup.sh
echo "serve: http://127.0.0.1:8080, release build (Ctrl-C to stop)"
exec trunk serve --offline --release "$@"
