#!/usr/bin/env bash
# Huge maps (issue 13), side by side in one run: `poisson endless` on 20000 × 20000 at r = 2
# (about 60 M points) on 1 and 2 threads, with --format count and with CSV to a file, each with
# its peak memory (/usr/bin/time -f %M); beside it the one-call classic sampler
# (`poisson bridson --format count`) on the largest square it accepts at r = 2, 8000 × 8000
# (about 10 M points). Prints a markdown section for BENCHMARKS.md ("Huge maps").
# Usage: bash scripts/bench-huge.sh [--quick]   (--quick: 5000 × 5000 and 3000 × 3000)
# Run it on a quiet machine: the 2-thread figures need both cores. scripts/bench.sh calls it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

side=20000 classic=8000
case "${1:-}" in
  "") ;;
  --quick) side=5000 classic=3000 ;;
  *) echo "usage: bash scripts/bench-huge.sh [--quick]" >&2; exit 2 ;;
esac

cargo build --release -q -p poisson-live-cli
poisson=target/release/poisson
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

load() { cut -d' ' -f1-3 /proc/loadavg; }

# run LABEL THREADS POINTS_FROM -- ARGS…: one row of the table. POINTS_FROM is "stdout" (the
# command prints a count) or a CSV file whose lines, less the header, are the points.
run() {
  local label=$1 threads=$2 points_from=$3
  shift 4
  local before; before=$(load)
  /usr/bin/time -f '%e %U %S %M' -o "$out/time" "$poisson" "$@" >"$out/stdout"
  local points
  if [ "$points_from" = stdout ]; then
    points=$(cat "$out/stdout")
  else
    points=$(($(wc -l <"$points_from") - 1))
  fi
  local size=""
  if [ "$points_from" != stdout ]; then
    size=" ($(($(stat -c %s "$points_from") / 1000000)) MB of CSV)"
    rm -f "$points_from"
  fi
  read -r wall user sys kb <"$out/time"
  awk -v label="$label$size" -v t="$threads" -v n="$points" -v wall="$wall" -v user="$user" \
    -v sys="$sys" -v kb="$kb" -v before="$before" -v after="$(load)" 'BEGIN {
      rate = n / wall / 1e6
      printf "| %s | %d | %.2f M | %.1f | %.1f | %.3f | %.3f | %.0f | %s → %s |\n",
        label, t, n / 1e6, wall, user + sys, rate, rate / t, kb / 1024, before, after
    }'
}

echo "### Huge maps (poisson endless)"
echo
echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores;" \
  "commit $(git rev-parse --short HEAD); $(date -u '+%Y-%m-%d %H:%M UTC')."
echo
echo "One run each, in this order. Wall and CPU seconds from /usr/bin/time; peak memory is its"
echo "%M (maximum resident set). Per thread = M points/s ÷ threads."
echo
echo "| run | threads | points | wall s | CPU s | M points/s | per thread | peak MB | load before → after |"
echo "|---|---|---|---|---|---|---|---|---|"
map=(-W "$side" -H "$side" -r 2)
run "classic: bridson $classic × $classic, r = 2, count" 1 stdout -- \
  bridson -W "$classic" -H "$classic" -r 2 -f count
run "endless $side × $side, r = 2, count" 1 stdout -- endless "${map[@]}" -j 1 -f count
run "endless $side × $side, r = 2, count" 2 stdout -- endless "${map[@]}" -j 2 -f count
run "endless $side × $side, r = 2, CSV to a file" 1 "$out/points.csv" -- \
  endless "${map[@]}" -j 1 -f csv -o "$out/points.csv"
run "endless $side × $side, r = 2, CSV to a file" 2 "$out/points.csv" -- \
  endless "${map[@]}" -j 2 -f csv -o "$out/points.csv"
