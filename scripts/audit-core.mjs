#!/usr/bin/env node
// Audit of issue 21 ("One heart, for real"): measures its "Done when" figures on the current tree
// and prints them one per line, each followed by its offenders. It reports and never fails: the
// exit status is 0 whatever it finds. Run from anywhere: `node scripts/audit-core.mjs`.
//
// How each figure is measured (crates/core/src, every .rs file):
// - Source is first blanked: comments, string, char and byte literals become spaces (newlines
//   kept), so braces, `crate::` and `Growth` are only ever found in code. `//!` lines are
//   counted before that.
// - Test blocks are `#[cfg(test)]` followed by `mod NAME { … }`, from the attribute's line to
//   the line of the matching brace.
// - Flat references: every `crate::NAME` in code (use trees expanded, e.g.
//   `use crate::{a::X, b}` is two paths), where NAME is not a module declared in lib.rs (`mod
//   base;` …) but a name lib.rs re-exports (`pub use …`). Counted as paths and as sites (one
//   `crate::` occurrence, a whole use tree, is one site), outside and inside test blocks.
// - Graph: a file is a module (`base/error.rs` is crate::base::error, `x/mod.rs` is crate::x).
//   Every `crate::…`, `super::…` (any depth), `self::…` and `child::…` path (a module the file
//   declares with `mod child;`) outside test blocks is resolved to a file: lib.rs's
//   re-exports are followed to the real path, then the longest prefix naming a module file
//   wins (an item's path lands on the file that defines or re-exports it). An edge A → B is
//   one such path in A landing on B ≠ A. Folders are the first directory under src (lib.rs is
//   "lib"); folder edges are module edges between files of different folders. Paths that reach
//   lib.rs (flat item names it re-exports) are followed, so lib.rs itself gets no edges.
// - Direction: folder edges that README's map of the code does not allow (base uses nothing;
//   measures uses base; classic base and measures; variants those and classic; pictures all;
//   passes all but pictures).
// - Cycles: the elementary cycles of each graph (every simple cycle once, from its smallest
//   node), counted up to a cap; the strongly connected components are printed too.
// - Files over 600 lines: lines of the file (as `wc -l`) minus the lines of its test blocks.
// - Module docs over 25 lines: the `//!` lines of a file, lib.rs aside.
// - Growth: a `struct`, `enum`, `type` or `trait` named `Growth` in code.
// - Lab modules: www/labs/*.js over 300 lines; style: www/style.css lines.
// - JS class names: crates/web/src, each `#[wasm_bindgen]` struct whose first field's type is
//   one plain name (a path without generics, arrays or tuples), and each `job_class!(Name,
//   Type, …)`; the class's name is its `js_name` if it has one, else the struct's. It differs
//   when that name is not the last segment of the type. Structs of several raw arrays (points,
//   figures) wrap no single core type and are not counted; nor is a class over a type the
//   bindings declare themselves (a bare name declared in crates/web/src without
//   `#[wasm_bindgen]`), which is listed apart.
// - Long positional lists: every `pub fn` (plain `pub`, not `pub(crate)`) in crates/core/src and
//   crates/web/src, outside test blocks, whose parameters include more than four numbers (a
//   parameter typed as a primitive number or an `Option` of one; an array such as `[f64; 2]` is
//   one value). The contracted positional calls are listed apart: the bindings'
//   `new PoissonSampler` and `poissonDisk`, and the core calls they mirror (`Sampler::new`,
//   `poisson_disk`); and `poissonDisk3d` and `fastPoisson3d` (SPEC section 8), with the core's
//   `poisson_disk_3d` and `fast_poisson_3d`.

import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, relative, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SRC = join(ROOT, "crates/core/src");
const CYCLE_CAP = 100000;

function walk(dir, ext) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p, ext));
    else if (name.endsWith(ext)) out.push(p);
  }
  return out;
}

function lineCount(text) {
  return (text.match(/\n/g) || []).length + (text.length && !text.endsWith("\n") ? 1 : 0);
}

// Comments and literals to spaces, newlines kept, so offsets and lines stay those of the source.
function blank(src) {
  const out = src.split("");
  const sp = (a, b) => {
    for (let k = a; k < b; k++) if (out[k] !== "\n") out[k] = " ";
  };
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i];
    const d = src[i + 1];
    if (c === "/" && d === "/") {
      let j = src.indexOf("\n", i);
      if (j < 0) j = n;
      sp(i, j);
      i = j;
    } else if (c === "/" && d === "*") {
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (src[j] === "/" && src[j + 1] === "*") (depth++, (j += 2));
        else if (src[j] === "*" && src[j + 1] === "/") (depth--, (j += 2));
        else j++;
      }
      sp(i, j);
      i = j;
    } else if ((c === "r" || (c === "b" && d === "r")) && /^(b?r)(#*)"/.test(src.slice(i, i + 40)) &&
      !/[A-Za-z0-9_]/.test(src[i - 1] || "")) {
      const m = /^(b?r)(#*)"/.exec(src.slice(i, i + 40));
      const close = '"' + m[2];
      let j = src.indexOf(close, i + m[0].length);
      j = j < 0 ? n : j + close.length;
      sp(i, j);
      i = j;
    } else if (c === '"' || (c === "b" && d === '"' && !/[A-Za-z0-9_]/.test(src[i - 1] || ""))) {
      let j = c === "b" ? i + 2 : i + 1;
      while (j < n && src[j] !== '"') j += src[j] === "\\" ? 2 : 1;
      sp(i, j + 1);
      i = j + 1;
    } else if (c === "'") {
      // A char literal ('x', '\n', '\u{7f}') or a lifetime ('a).
      let j = -1;
      if (d === "\\") j = src.indexOf("'", i + 3);
      else {
        const cp = src.codePointAt(i + 1);
        const w = cp > 0xffff ? 2 : 1;
        if (src[i + 1 + w] === "'") j = i + 1 + w;
      }
      if (j > 0) {
        sp(i, j + 1);
        i = j + 1;
      } else i++;
    } else i++;
  }
  return out.join("");
}

// Test blocks: [startOffset, endOffset) ranges in the blanked text.
function testBlocks(code) {
  const ranges = [];
  const re = /#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{/g;
  let m;
  while ((m = re.exec(code))) {
    let depth = 1;
    let j = m.index + m[0].length;
    while (j < code.length && depth > 0) {
      if (code[j] === "{") depth++;
      else if (code[j] === "}") depth--;
      j++;
    }
    ranges.push([m.index, j]);
    re.lastIndex = j;
  }
  return ranges;
}

const inRanges = (ranges, at) => ranges.some(([a, b]) => at >= a && at < b);

// Parse a use tree after a `crate::`/`super::` prefix: returns [paths (arrays of segments), end].
function useTree(code, i) {
  const ws = () => {
    while (/\s/.test(code[i] || "")) i++;
  };
  function tree() {
    ws();
    if (code[i] === "{") {
      i++;
      const all = [];
      for (;;) {
        ws();
        if (code[i] === "}") {
          i++;
          break;
        }
        all.push(...tree());
        ws();
        if (code[i] === ",") i++;
        else if (code[i] === "}") {
          i++;
          break;
        } else break;
      }
      return all;
    }
    if (code[i] === "*") {
      i++;
      return [[]];
    }
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(code.slice(i, i + 80));
    if (!m) return [[]];
    i += m[0].length;
    const seg = m[0];
    ws();
    if (code.startsWith("::", i) && code[i + 2] !== "<") {
      i += 2;
      return tree().map((p) => [seg, ...p]);
    }
    if (/^as\s/.test(code.slice(i, i + 3))) {
      i += 2;
      ws();
      const a = /^[A-Za-z_][A-Za-z0-9_]*/.exec(code.slice(i, i + 80));
      if (a) i += a[0].length;
    }
    return [[seg]];
  }
  const paths = tree().map((p) => p.filter((s) => s !== "self"));
  return [paths, i];
}

// ---- read the core ----
const files = walk(SRC, ".rs").map((path) => {
  const rel = relative(SRC, path).split("\\").join("/");
  const src = readFileSync(path, "utf8");
  const code = blank(src);
  let mod = rel.replace(/\.rs$/, "").replace(/\/mod$/, "");
  mod = rel === "lib.rs" ? "" : mod.split("/").join("::");
  const folder = rel.includes("/") ? rel.split("/")[0] : "lib";
  return { rel, src, code, mod, folder, tests: testBlocks(code) };
});
const byMod = new Map(files.map((f) => [f.mod, f]));
const lib = byMod.get("");

// lib.rs: declared modules and flat re-exports (name → real path segments).
const declared = new Set([...lib.code.matchAll(/^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;/gm)].map((m) => m[1]));
const flat = new Map();
for (const m of lib.code.matchAll(/^\s*pub(?:\([^)]*\))?\s+use\s+/gm)) {
  const [paths] = useTree(lib.code, m.index + m[0].length);
  for (const p of paths) {
    if (!p.length) continue;
    const asName = null;
    flat.set(asName || p[p.length - 1], p);
  }
}
// Expand a crate path's head through lib.rs's re-exports until it starts with a real module.
function realPath(segs) {
  let p = segs;
  for (let guard = 0; guard < 20 && p.length && !declared.has(p[0]) && flat.has(p[0]); guard++) {
    p = [...flat.get(p[0]), ...p.slice(1)];
  }
  return p;
}
function resolveFile(segs) {
  const p = realPath(segs);
  for (let k = p.length; k >= 1; k--) {
    const f = byMod.get(p.slice(0, k).join("::"));
    if (f) return f;
  }
  return null;
}

// ---- references ----
const flatRefs = [];
const flatRefsTests = [];
let flatSites = 0; // `crate::` occurrences (a use tree counts once) with a flat path in them
let realSites = 0; // and those without
const modEdges = new Map(); // "a -> b" → example path
for (const f of files) {
  // A file's own child modules (`mod NAME;` in it) are named without a prefix too.
  const children = f === lib ? [] : [...f.code.matchAll(/^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;/gm)].map((c) => c[1]);
  const heads = ["crate", "super", "self", ...children].join("|");
  for (const m of f.code.matchAll(new RegExp(`(?<![A-Za-z0-9_:$])(${heads})\\s*::`, "g"))) {
    const at = m.index;
    const [paths] = useTree(f.code, at + m[0].length);
    const line = f.code.slice(0, at).split("\n").length;
    const test = inRanges(f.tests, at);
    if (m[1] === "crate" && !test) {
      if (paths.some((p) => p.length && !declared.has(p[0]) && flat.has(p[0]))) flatSites++;
      else realSites++;
    }
    for (let p of paths) {
      if (!p.length) continue;
      const written = `${m[1]}::${p.join("::")}`;
      if (m[1] === "crate") {
        if (!declared.has(p[0]) && flat.has(p[0])) {
          (test ? flatRefsTests : flatRefs).push(`${f.rel}:${line} crate::${p.join("::")}`);
        }
      } else if (m[1] === "super") {
        // super:: from a file: its parent module (a mod.rs's super is one further up).
        let base = f.mod.split("::").filter(Boolean);
        base = base.slice(0, -1);
        while (p[0] === "super") (base = base.slice(0, -1), (p = p.slice(1)));
        p = [...base, ...p];
      } else {
        // self:: or a child module's name: paths below this file's own module.
        const own = f.mod.split("::").filter(Boolean);
        p = m[1] === "self" ? [...own, ...p] : [...own, m[1], ...p];
      }
      if (test) continue;
      const target = resolveFile(p);
      if (target && target !== f && target !== lib) {
        const key = `${f.rel} -> ${target.rel}`;
        if (!modEdges.has(key)) modEdges.set(key, `${f.rel}:${line} ${written}`);
      }
    }
  }
}

function graphOf(edgeKeys) {
  const g = new Map();
  for (const k of edgeKeys) {
    const [a, b] = k.split(" -> ");
    if (!g.has(a)) g.set(a, new Set());
    if (!g.has(b)) g.set(b, new Set());
    g.get(a).add(b);
  }
  return g;
}
// Every simple cycle once: from each node s, paths through nodes after s only.
function cycles(g) {
  const nodes = [...g.keys()].sort();
  const index = new Map(nodes.map((v, i) => [v, i]));
  const found = [];
  let count = 0;
  for (const s of nodes) {
    const si = index.get(s);
    const stack = [s];
    const on = new Set([s]);
    const dfs = (v) => {
      for (const w of g.get(v)) {
        if (count >= CYCLE_CAP) return;
        if (w === s) {
          count++;
          if (found.length < 60) found.push([...stack, s].join(" → "));
        } else if (index.get(w) > si && !on.has(w)) {
          stack.push(w);
          on.add(w);
          dfs(w);
          on.delete(w);
          stack.pop();
        }
      }
    };
    dfs(s);
  }
  return { count, found };
}
function components(g) {
  // Tarjan's strongly connected components, those of two or more nodes.
  let idx = 0;
  const st = [];
  const data = new Map();
  const out = [];
  const visit = (v) => {
    data.set(v, { i: idx, low: idx, on: true });
    idx++;
    st.push(v);
    for (const w of g.get(v)) {
      if (!data.has(w)) {
        visit(w);
        data.get(v).low = Math.min(data.get(v).low, data.get(w).low);
      } else if (data.get(w).on) data.get(v).low = Math.min(data.get(v).low, data.get(w).i);
    }
    if (data.get(v).low === data.get(v).i) {
      const comp = [];
      let w;
      do {
        w = st.pop();
        data.get(w).on = false;
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of [...g.keys()].sort()) if (!data.has(v)) visit(v);
  return out;
}

const folderOf = new Map(files.map((f) => [f.rel, f.folder]));
const folderEdges = new Map();
for (const [k, ex] of modEdges) {
  const [a, b] = k.split(" -> ");
  const fa = folderOf.get(a);
  const fb = folderOf.get(b);
  if (fa !== fb && !folderEdges.has(`${fa} -> ${fb}`)) folderEdges.set(`${fa} -> ${fb}`, ex);
}
// The direction README's map of the code states: each folder may use those listed for it.
const MAY_USE = {
  base: [],
  measures: ["base"],
  classic: ["base", "measures"],
  variants: ["base", "measures", "classic"],
  pictures: ["base", "measures", "classic", "variants"],
  passes: ["base", "measures", "classic", "variants"],
};
const against = [...folderEdges]
  .filter(([k]) => {
    const [a, b] = k.split(" -> ");
    return a in MAY_USE && !MAY_USE[a].includes(b);
  })
  .map(([k, ex]) => `${k}   e.g. ${ex}`);
const modGraph = graphOf(modEdges.keys());
const folderGraph = graphOf(folderEdges.keys());
const modCycles = cycles(modGraph);
const folderCycles = cycles(folderGraph);

// ---- sizes and docs ----
const long = [];
const docs = [];
for (const f of files) {
  let testLines = 0;
  for (const [a, b] of f.tests) {
    testLines += f.code.slice(0, b).split("\n").length - f.code.slice(0, a).split("\n").length + 1;
  }
  const lines = lineCount(f.src) - testLines;
  if (lines > 600) long.push(`${f.rel} ${lines}`);
  const doc = f.src.split("\n").filter((l) => /^\s*\/\/!/.test(l)).length;
  if (f !== lib && doc > 25) docs.push(`${f.rel} ${doc}`);
}
const libDoc = lib.src.split("\n").filter((l) => /^\s*\/\/!/.test(l)).length;
const growth = files
  .filter((f) => /\b(?:struct|enum|type|trait)\s+Growth\b/.test(f.code))
  .map((f) => f.rel);

const labsDir = join(ROOT, "www/labs");
const labs = existsSync(labsDir)
  ? walk(labsDir, ".js")
      .map((p) => [relative(ROOT, p), lineCount(readFileSync(p, "utf8"))])
      .filter(([, n]) => n > 300)
      .map(([p, n]) => `${p} ${n}`)
  : [];
const cssPath = join(ROOT, "www/style.css");
const css = existsSync(cssPath) ? lineCount(readFileSync(cssPath, "utf8")) : 0;

// ---- JS class names against the core types they wrap ----
const renamed = [];
const composed = [];
const webDir = join(ROOT, "crates/web/src");
if (existsSync(webDir)) {
  const sources = walk(webDir, ".rs").map((p) => [relative(ROOT, p), blank(readFileSync(p, "utf8"))]);
  // Types the bindings declare for themselves (not JS classes): a job over several core values.
  const local = new Set();
  for (const [, code] of sources) {
    for (const m of code.matchAll(/(#\[wasm_bindgen[^\]]*\]\s*)?(?:pub(?:\([^)]*\))?\s+)?(?:struct|enum)\s+(\w+)/g)) {
      if (!m[1]) local.add(m[2]);
    }
  }
  const check = (rel, cls, type) => {
    const inner = type.split("::").pop();
    if (!/^[A-Z]/.test(inner) || cls === inner) return;
    if (!type.includes("::") && local.has(type)) composed.push(`${rel} ${cls} wraps ${type}, the bindings' own type`);
    else renamed.push(`${rel} ${cls} wraps ${type}`);
  };
  for (const [rel, code] of sources) {
    // A `js_name` on the struct is the class's name in JS.
    const re = /#\[wasm_bindgen(?:\(([^\]]*)\))?\]\s*pub\s+struct\s+(\w+)\s*\{\s*\w+\s*:\s*([A-Za-z_][\w:]*)\s*[,}]/g;
    for (const m of code.matchAll(re)) {
      const jsName = /js_name\s*=\s*"?(\w+)/.exec(m[1] ?? "");
      check(rel, jsName ? jsName[1] : m[2], m[3]);
    }
    // job_class!( /// docs, Name, Type, …): docs are blanked, so the first two names are these.
    for (const m of code.matchAll(/job_class!\s*\(\s*(\w+)\s*,\s*([A-Za-z_][\w:]*)\s*,/g)) {
      check(rel, m[1], m[2]);
    }
  }
}
const renamedCount = renamed.filter((r) => !/ PoissonSampler wraps /.test(r)).length;

// ---- public calls with more than four numbers ----
const NUMBER = /^(?:Option<\s*)?(?:f32|f64|u8|u16|u32|u64|usize|i8|i16|i32|i64|isize)(?:\s*>)?$/;
const CONTRACTED = new Set([
  "crates/core/src/classic/bridson/one_call.rs poisson_disk",
  "crates/core/src/classic/bridson/sampler.rs new",
  "crates/web/src/sampler.rs new",
  "crates/web/src/sampler.rs poisson_disk_flat",
  "crates/core/src/variants/space/bridson.rs poisson_disk_3d",
  "crates/core/src/variants/space/fast.rs fast_poisson_3d",
  "crates/web/src/space.rs poisson_disk_3d",
  "crates/web/src/space.rs fast_poisson_3d",
]);
const positional = [];
const contracted = [];
for (const dir of [SRC, join(ROOT, "crates/web/src")]) {
  if (!existsSync(dir)) continue;
  for (const path of walk(dir, ".rs")) {
    const rel = relative(ROOT, path);
    const code = blank(readFileSync(path, "utf8"));
    const tests = testBlocks(code);
    for (const m of code.matchAll(/\bpub\s+(?:const\s+)?(?:unsafe\s+)?fn\s+(\w+)\s*(?:<[^>{]*>)?\s*\(/g)) {
      if (inRanges(tests, m.index)) continue;
      const line = code.slice(0, m.index).split("\n").length;
      // The parameter list: from the opening parenthesis to its match, split at top-level commas.
      let depth = 0;
      let i = m.index + m[0].length - 1;
      const start = i + 1;
      for (; i < code.length; i++) {
        if ("([{<".includes(code[i]) && !(code[i] === "<" && code[i - 1] === "-")) depth++;
        else if (")]}>".includes(code[i]) && !(code[i] === ">" && code[i - 1] === "-")) depth--;
        if (depth === 0) break;
      }
      const params = [];
      let cur = "";
      let d = 0;
      for (const ch of code.slice(start, i)) {
        if ("([{<".includes(ch)) d++;
        if (")]}>".includes(ch)) d--;
        if (ch === "," && d === 0) {
          params.push(cur);
          cur = "";
        } else cur += ch;
      }
      params.push(cur);
      const numbers = params.filter((p) => p.includes(":") && NUMBER.test(p.slice(p.indexOf(":") + 1).trim())).length;
      if (numbers > 4) {
        const entry = `${rel}:${line} ${m[1]} (${numbers} numbers)`;
        (CONTRACTED.has(`${rel} ${m[1]}`) ? contracted : positional).push(entry);
      }
    }
  }
}

// ---- report ----
function figure(name, value, list) {
  console.log(`${name}: ${value}`);
  for (const item of list) console.log(`    ${item}`);
}
figure(
  "internal references through lib.rs's flat re-exports",
  `${flatRefs.length} paths in ${flatSites} of ${flatSites + realSites} \`crate::\` sites ` +
    `(and ${flatRefsTests.length} paths in test blocks)`,
  [...flatRefs, ...flatRefsTests.map((r) => `${r} (test)`)]
);
figure(
  "folder cycles",
  folderCycles.count,
  [
    ...folderCycles.found,
    ...components(folderGraph).map((c) => `component: ${c.join(", ")}`),
    ...[...folderEdges].map(([k, ex]) => `edge ${k}   e.g. ${ex}`),
  ]
);
figure(
  "folder edges against the direction (base <- classic <- variants <- pictures, measures beside)",
  against.length,
  against
);
figure(
  "module cycles",
  `${modCycles.count}${modCycles.count >= CYCLE_CAP ? "+" : ""}` +
    (modCycles.found.length < modCycles.count ? ` (first ${modCycles.found.length} listed)` : ""),
  [...modCycles.found, ...components(modGraph).map((c) => `component: ${c.join(", ")}`)]
);
figure("core source files over 600 lines (tests aside)", long.length, long);
figure(`module docs over 25 lines (lib.rs aside; lib.rs has ${libDoc})`, docs.length, docs);
figure("Growth type exists", growth.length ? "yes" : "no", growth);
figure("lab modules over 300 lines", labs.length, labs);
figure("www/style.css lines", css, []);
figure("JS classes named unlike the core type they wrap (PoissonSampler aside)", renamedCount, renamed);
figure("JS classes over a type of the bindings' own (no single core type to match)", composed.length, composed);
figure("public calls with more than four numbers (contracted positional calls aside)", positional.length, positional);
figure("contracted positional calls (the bindings' public API and the core calls they mirror)", contracted.length, contracted);
