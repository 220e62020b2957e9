#!/usr/bin/env bash
# Installs whatever the page build and the tests need, skipping what is already there.
# Safe to run again and again: scripts/serve.sh and scripts/test.sh start with it.
#
# Needs: rustup/cargo, node 20 + npm, python3, and apt (Debian) for Chromium.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

TRUNK_VERSION=0.21.14
started=$SECONDS
step() { printf 'setup: %-26s %s\n' "$1" "$2"; }

# Rust: the toolchain, components and target named in rust-toolchain.toml.
toolchain=$(sed -n 's/^channel *= *"\(.*\)"/\1/p' rust-toolchain.toml)
if rustup run "$toolchain" rustc --version >/dev/null 2>&1 \
  && rustup component list --installed --toolchain "$toolchain" | grep -q '^clippy' \
  && rustup component list --installed --toolchain "$toolchain" | grep -q '^rustfmt' \
  && rustup target list --installed --toolchain "$toolchain" | grep -qx 'wasm32-unknown-unknown'; then
  step "rust $toolchain" "already installed"
else
  step "rust $toolchain" "installing (with clippy, rustfmt, wasm32-unknown-unknown)"
  rustup toolchain install "$toolchain" --profile minimal \
    --component clippy --component rustfmt --target wasm32-unknown-unknown
fi

# The aarch64 Linux std, for the aarch64 wheel (scripts/wheel.sh, scripts/wheels.sh): maturin
# links it with zig (from PyPI), so no C cross toolchain is needed.
targets=$(rustup target list --installed --toolchain "$toolchain")
if grep -qx 'aarch64-unknown-linux-gnu' <<<"$targets"; then
  step "rust aarch64 std" "already installed"
else
  step "rust aarch64 std" "installing (rustup target add aarch64-unknown-linux-gnu)"
  rustup target add --toolchain "$toolchain" aarch64-unknown-linux-gnu
fi

# Crates: fetched once so every build below can run --offline. Also writes Cargo.lock if missing.
step "crates" "fetching (cargo fetch)"
cargo fetch --quiet

# The Python wheel (scripts/wheel.sh, scripts/test-python.sh):
# crates/py is its own workspace: its crates (PyO3, numpy) are fetched here too. The venvs and
# maturin come from PyPI in those scripts, under target/; python3 needs its venv module.
step "crates for crates/py" "fetching (cargo fetch)"
cargo fetch --quiet --manifest-path crates/py/Cargo.toml
python_apt=()
python3 -m venv --help >/dev/null 2>&1 || python_apt+=(python3-venv)
if [ ${#python_apt[@]} -gt 0 ]; then
  step "python3-venv" "installing (apt)"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${python_apt[@]}"
fi

# From apt: Chromium and its WebDriver (the wasm-bindgen tests and the end-to-end tests), and a
# C toolchain, which rustc links with and some crates behind Trunk compile C with.
apt_packages=()
[ -x /usr/bin/chromium ] || apt_packages+=(chromium)
[ -x /usr/bin/chromedriver ] || apt_packages+=(chromium-driver)
command -v cc >/dev/null 2>&1 || apt_packages+=(build-essential)
command -v pkg-config >/dev/null 2>&1 || apt_packages+=(pkg-config)
# The C# listing (scripts/test-listings.sh): mono's compiler mcs; its dependency mono-runtime
# brings `mono`, which runs what mcs builds.
command -v mcs >/dev/null 2>&1 || apt_packages+=(mono-mcs)
if [ ${#apt_packages[@]} -eq 0 ]; then
  step "apt packages" "already installed ($(/usr/bin/chromium --version 2>/dev/null | head -n 1))"
else
  step "apt packages" "installing ${apt_packages[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${apt_packages[@]}"
fi

# Trunk, the page bundler. Built without LTO: the install takes minutes instead of many.
if [ "$(trunk --version 2>/dev/null || true)" = "trunk $TRUNK_VERSION" ]; then
  step "trunk $TRUNK_VERSION" "already installed"
else
  step "trunk $TRUNK_VERSION" "installing (cargo install, several minutes)"
  CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo install --locked trunk --version "$TRUNK_VERSION"
fi

# wasm-bindgen-cli must match the wasm-bindgen crate exactly; Cargo.lock says which one.
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$bindgen_version" ]; then
  echo "setup: no wasm-bindgen in Cargo.lock" >&2
  exit 1
fi
if [ "$(wasm-bindgen --version 2>/dev/null || true)" = "wasm-bindgen $bindgen_version" ]; then
  step "wasm-bindgen-cli $bindgen_version" "already installed"
else
  step "wasm-bindgen-cli $bindgen_version" "installing (cargo install, several minutes)"
  CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo install wasm-bindgen-cli --version "$bindgen_version"
fi

# npm packages: wasm-opt (binaryen) for Trunk, playwright-core for the browser tests.
# npm records what it installed in node_modules/.package-lock.json; reinstall when the
# project's lock file is newer.
if [ -f node_modules/.package-lock.json ] && [ ! package-lock.json -nt node_modules/.package-lock.json ]; then
  step "npm packages" "already installed"
else
  step "npm packages" "installing (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi

step "done" "in $((SECONDS - started)) s"
