#!/usr/bin/env bash
# Builds the page and serves it at http://127.0.0.1:8080, rebuilding when a file changes
# (reload the browser tab by hand: the strict CSP refuses Trunk's inline live-reload script).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

bash scripts/setup.sh
echo "serve: http://127.0.0.1:8080 (Ctrl-C to stop)"
exec trunk serve --offline "$@"
