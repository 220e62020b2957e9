#!/usr/bin/env bash
# The listings (listings/LANG/, the tutorial's code a reader copies) against every golden case:
# builds each language's runner into target/listings/ and runs it through listings/test/golden.mjs,
# which compares exactly and prints `LANG: N passed, N failed`. POISSON_GOLDEN_DIR chooses the
# cases (default crates/core/tests/golden). Exits non-zero if any language fails a case, runs a
# case of a kind it does not know, or does not build. All four languages are required; C++ is
# built twice, the second time for x86-64-v3 (a CPU with FMA).
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

# C++ again for a CPU with FMA (x86-64-v3: AVX2, FMA, BMI2...), with the flags the headers ask
# for: the same forest must come out. (Without -ffp-contract=off this build fails 10 of the 46
# cases: variable_radius, place_layers and the listings' own variable_noise.) Printed as `cpp-x86-64-v3: N passed, N failed`.
# On a machine whose CPU cannot run such code it is only compiled, and says so.
if [ "$(uname -m)" = x86_64 ] && compgen -G "listings/cpp/test/*.cpp" >/dev/null; then
  if g++ -std=c++17 -O2 -march=x86-64-v3 -Wall -Wextra -pedantic -Werror -ffp-contract=off \
    -Ilistings/cpp -o "$out/cpp-golden-v3" listings/cpp/test/*.cpp; then
    v3=yes
    for flag in avx2 fma bmi2 f16c movbe; do
      grep -qw "$flag" /proc/cpuinfo || v3=no
    done
    if [ "$v3" = yes ]; then
      golden cpp-x86-64-v3 "$out/cpp-golden-v3"
    else
      echo "cpp-x86-64-v3: built, not run (this CPU lacks x86-64-v3)" >&2
    fi
  else
    fail cpp-x86-64-v3 "the listing does not build with -march=x86-64-v3"
  fi
fi

exit $status
