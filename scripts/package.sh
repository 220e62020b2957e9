#!/usr/bin/env bash
# Builds the npm package `poisson-live` from the bindings crate (crates/web) and packs it:
# the release wasm through wasm-bindgen (web glue) and wasm-opt (npm's binaryen 132, never
# Debian's), the TypeScript types, the hand-written files in packages/npm/ with the crate's
# version filled in, and the repository's license texts. Rebuilds the package from scratch each
# run; cargo skips what is built.
#
# Prints the packed .tgz's absolute path as the LAST line of stdout (other programs rely on
# that); everything else goes to stderr.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

bash scripts/setup.sh >&2

say() { printf 'package: %s\n' "$1" >&2; }
TEMPLATE=packages/npm
OUT=target/npm
STAGE=$OUT/package
NAME=poisson_live # file names of the glue, the wasm and the types

wasm_opt=node_modules/.bin/wasm-opt
case "$("$wasm_opt" --version)" in
  *"version 132 "*) ;;
  *) echo "package: $wasm_opt is not binaryen 132: $("$wasm_opt" --version)" >&2; exit 1 ;;
esac

say "release wasm (cargo build -p poisson-live-web, as Trunk builds it)"
cargo build --release --offline --target wasm32-unknown-unknown -p poisson-live-web >&2
wasm=target/wasm32-unknown-unknown/release/poisson_live_web.wasm

rm -rf "$STAGE"
mkdir -p "$STAGE"
say "glue (wasm-bindgen --target web) and wasm-opt -Oz"
wasm-bindgen --target web --no-typescript --out-name "$NAME" --out-dir "$STAGE" "$wasm"
"$wasm_opt" -Oz "$STAGE/${NAME}_bg.wasm" -o "$STAGE/${NAME}_bg.wasm"

# Types: the web target's .d.ts also declares its init functions and raw wasm exports, and
# needs the DOM's types for them; the package initialises itself (node.js, browser.js), so its
# types are the API alone, which is what the bundler target declares. wasm-bindgen marks
# classes `[Symbol.dispose]`, which TypeScript knows from its esnext.disposable library.
types=$(mktemp -d)
trap 'rm -rf "$types"' EXIT
wasm-bindgen --target bundler --out-name "$NAME" --out-dir "$types" "$wasm"
{
  echo '/// <reference lib="esnext.disposable" />'
  cat "$types/$NAME.d.ts"
} >"$STAGE/index.d.ts"

version=$(cargo metadata --offline --no-deps --format-version 1 |
  node -e 'const m = JSON.parse(require("fs").readFileSync(0, "utf8"));
    process.stdout.write(m.packages.find((p) => p.name === "poisson-live-web").version)')
cp "$TEMPLATE/node.js" "$TEMPLATE/browser.js" "$TEMPLATE/README.md" "$STAGE/"
# The entries guard freed objects with the page's own file (one copy).
cp www/lib/freed.js "$STAGE/"
cp LICENSE-MIT LICENSE-APACHE "$STAGE/"
node -e 'const fs = require("fs"); const [from, to, version] = process.argv.slice(1);
  const manifest = JSON.parse(fs.readFileSync(from, "utf8"));
  fs.writeFileSync(to, JSON.stringify({ ...manifest, version }, null, 2) + "\n");' \
  "$TEMPLATE/package.json" "$STAGE/package.json" "$version"

say "npm pack (poisson-live $version)"
tgz=$(npm pack "./$STAGE" --pack-destination "$OUT" --json --loglevel=error |
  node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8"))[0].filename)')
say "$(wc -c <"$OUT/$tgz") bytes"
echo "$ROOT/$OUT/$tgz"
