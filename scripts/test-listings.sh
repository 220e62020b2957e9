#!/usr/bin/env bash
# The listings (listings/LANG/, the tutorial's code a reader copies) against every golden case:
# builds each language's runner into target/listings/ and runs it through listings/test/golden.mjs,
# which compares exactly and prints `LANG: N passed, N failed`. POISSON_GOLDEN_DIR chooses the
# cases (default crates/core/tests/golden). Exits non-zero if any language fails a case, runs a
# case of a kind it does not know, or does not build. All four languages are required.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

out=target/listings
mkdir -p "$out"
status=0
fail() {
  echo "$1: $2" >&2
  status=1
}
golden() { node listings/test/golden.mjs "$@" || status=1; }

# Rust: the runner is a bin of the listing crate (poisson-listing); release, as a reader would.
if cargo build -q --release --offline -p poisson-listing --bin golden-runner; then
  cp target/release/golden-runner "$out/rust-golden"
  golden rust "$out/rust-golden"
else
  fail rust "the listing does not build"
fi

# JavaScript: plain ES modules, nothing to build.
golden js node listings/js/test/golden.mjs

# C#: the step files plus the runner, compiled with mono's mcs and run with mono.
if compgen -G "listings/csharp/test/*.cs" >/dev/null; then
  if mcs -nologo -warnaserror -out:"$out/csharp-golden.exe" listings/csharp/*.cs listings/csharp/test/*.cs; then
    golden csharp mono "$out/csharp-golden.exe"
  else
    fail csharp "the listing does not build"
  fi
else
  fail csharp "no runner in listings/csharp/test/"
fi

# C++: header-only C++17 with the standard library; the runner includes the step headers.
# -ffp-contract=off: no fused multiply-add, which rounds once where the spec rounds twice
# (listings/cpp/test/golden.cpp says more).
if compgen -G "listings/cpp/test/*.cpp" >/dev/null; then
  if g++ -std=c++17 -O2 -Wall -Wextra -pedantic -Werror -ffp-contract=off -Ilistings/cpp \
    -o "$out/cpp-golden" listings/cpp/test/*.cpp; then
    golden cpp "$out/cpp-golden"
  else
    fail cpp "the listing does not build"
  fi
else
  fail cpp "no runner in listings/cpp/test/"
fi

exit $status
