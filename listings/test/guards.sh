#!/usr/bin/env bash
# The listings refuse bad input (issue 33): a radius or spacing of 0, NaN or infinity, a map too
# big for its cells, min above max, a bad stamp. Each language must throw (or return) its error,
# never hang: each run has 60 s. Prints `LANG: guards ok` per language; exits non-zero on a failure.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=target/listings
mkdir -p "$out"
status=0

if timeout 600 cargo test -q --offline -p poisson-listing --test guards >"$out/rust-guards.log" 2>&1; then
  echo "rust: guards ok"
else
  cat "$out/rust-guards.log" >&2
  echo "rust: guards failed" >&2
  status=1
fi
timeout 60 node listings/test/guards/guards.mjs || status=1
if mcs -nologo -warnaserror -out:"$out/csharp-guards.exe" listings/csharp/*.cs listings/test/guards/Guards.cs; then
  timeout 60 mono "$out/csharp-guards.exe" || status=1
else
  echo "csharp: the guards do not build" >&2
  status=1
fi
if g++ -std=c++17 -O2 -Wall -Wextra -pedantic -Werror -ffp-contract=off -Ilistings/cpp \
  -o "$out/cpp-guards" listings/test/guards/guards.cpp; then
  timeout 60 "$out/cpp-guards" || status=1
else
  echo "cpp: the guards do not build" >&2
  status=1
fi
exit $status
