#!/usr/bin/env bash
# The Python package as people install it, each piece checked:
# - the manylinux2014 wheels for x86_64 and aarch64 (scripts/wheel.sh: zig links them against
#   glibc 2.17), each read by `auditwheel show`, which must call it manylinux_2_17 for its arch;
# - the sdist (`maturin sdist`: crates/py with the core crate, its path dependency, beside it),
#   unpacked into a clean folder and built into a wheel by pip from there alone: no build
#   isolation, no package index, cargo --offline (crates from cargo's cache), its own target dir.
#   Installed beside numpy, that wheel gives the same points, to the bit, as the x86_64 one.
# auditwheel comes from PyPI into target/py-venv (scripts/wheel.sh's venv). Prints the paths.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
target=${CARGO_TARGET_DIR:-$root/target}
venv=$target/py-venv
out=$target/wheels
export PIP_CACHE_DIR="$target/pip-cache"

x86=$(bash scripts/wheel.sh x86_64-unknown-linux-gnu | tail -n 1)
arm=$(bash scripts/wheel.sh aarch64-unknown-linux-gnu | tail -n 1)
[ -x "$venv/bin/auditwheel" ] ||
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'auditwheel>=6,<7'

# `auditwheel show` wraps its sentences; the tag is read from the text joined into one line.
check_tag() {
  local wheel=$1 tag=$2 report joined
  report=$("$venv/bin/auditwheel" show "$wheel")
  echo "$report"
  joined=$(tr -s ' \n' ' ' <<<"$report")
  if [[ $joined != *"consistent with the following platform tag: \"$tag\""* ]]; then
    echo "wheels: auditwheel does not call $(basename "$wheel") $tag" >&2
    exit 1
  fi
}
check_tag "$x86" manylinux_2_17_x86_64
check_tag "$arm" manylinux_2_17_aarch64

rm -f "$out"/poisson_live-*.tar.gz
PATH="$venv/bin:$PATH" "$venv/bin/maturin" sdist --manifest-path crates/py/Cargo.toml --out "$out"
sdist=$(ls "$out"/poisson_live-*.tar.gz)
[ "$(echo "$sdist" | wc -l)" -eq 1 ] || { echo "wheels: expected one sdist in $out" >&2; exit 1; }
listing=$(tar tzf "$sdist")
for part in core/Cargo.toml core/src/lib.rs py/Cargo.toml py/Cargo.lock pyproject.toml; do
  grep -qx "poisson_live-[^/]*/$part" <<<"$listing" ||
    { echo "wheels: the sdist lacks $part" >&2; exit 1; }
done

# A clean folder at a fixed place, so the sdist's own target dir (kept between runs for the
# compiled crates.io dependencies) does not grow a copy per run. tar -m stamps the files with
# the current time: the sdist's stored times are fixed, and cargo would trust old artifacts.
check=$target/sdist-check
rm -rf "$check"
mkdir -p "$check/wheel"
tar xzmf "$sdist" -C "$check"
(
  cd "$check"/poisson_live-*/
  PATH="$venv/bin:$PATH" CARGO_NET_OFFLINE=true CARGO_TARGET_DIR="$target/sdist-build" nice \
    "$venv/bin/pip" wheel --quiet --disable-pip-version-check --no-build-isolation --no-deps \
    --no-index --no-cache-dir --wheel-dir "$check/wheel" .
)
built=$(ls "$check"/wheel/poisson_live-*.whl)

# The same points from the sdist's wheel and the x86_64 wheel.
digest='import hashlib, poisson_live as pl
for a in (pl.poisson_disk(720, 400, 24, seed=123456), pl.fast(720, 400, 2.0, seed=7)):
    print(a.shape, hashlib.sha256(a.tobytes()).hexdigest())'
python3 -m venv --clear "$check/venv"
"$check/venv/bin/pip" install --quiet --disable-pip-version-check numpy "$built"
from_sdist=$("$check/venv/bin/python" -c "$digest")
"$check/venv/bin/pip" install --quiet --disable-pip-version-check --no-deps --force-reinstall "$x86"
from_wheel=$("$check/venv/bin/python" -c "$digest")
if [ "$from_sdist" != "$from_wheel" ]; then
  printf 'wheels: the sdist'\''s wheel and %s differ:\n%s\n%s\n' "$(basename "$x86")" \
    "$from_sdist" "$from_wheel" >&2
  exit 1
fi
echo "wheels: the sdist builds alone ($(basename "$built")), its points equal the x86_64 wheel's:"
echo "$from_sdist"
echo "$x86"
echo "$arm"
echo "$sdist"
