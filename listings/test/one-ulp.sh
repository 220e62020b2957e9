#!/usr/bin/env bash
# A golden case with one expected number moved by one ulp must fail in every language: proof that
# scripts/test-listings.sh compares exactly and that no listing passes by being close. Runs it
# over a temp copy of the cases (listings/test/one-ulp.mjs) and wants exactly one failed case
# from each of rust, js, csharp and cpp, and a non-zero exit.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
node listings/test/one-ulp.mjs "${POISSON_GOLDEN_DIR:-crates/core/tests/golden}" "$tmp/cases"
if POISSON_GOLDEN_DIR="$tmp/cases" bash scripts/test-listings.sh >"$tmp/out" 2>&1; then
  cat "$tmp/out"
  echo "one ulp off: test-listings.sh passed a corrupted case" >&2
  exit 1
fi
for lang in rust js csharp cpp; do
  if ! grep -Eq "^$lang: [0-9]+ passed, 1 failed$" "$tmp/out"; then
    cat "$tmp/out"
    echo "one ulp off: $lang did not fail exactly the corrupted case" >&2
    exit 1
  fi
done
# The x86-64-v3 build of the C++ runs only on a CPU that can; where it ran it must fail too.
if grep -q '^cpp-x86-64-v3: ' "$tmp/out" && ! grep -Eq '^cpp-x86-64-v3: [0-9]+ passed, 1 failed$' "$tmp/out"; then
  cat "$tmp/out"
  echo "one ulp off: cpp-x86-64-v3 did not fail exactly the corrupted case" >&2
  exit 1
fi
grep -E '^(rust|js|csharp|cpp|cpp-x86-64-v3): [0-9]+ passed' "$tmp/out" | sed 's/^/one ulp off: /'
