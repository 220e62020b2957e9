// The README's names table ("One name per operation") against what each surface declares: the
// crate's source (a `pub fn`, or a type's method), the CLI's commands and their options, the npm
// package's index.d.ts (exports and class constructors), the Python stubs (_native.pyi, and
// dask.py for `dask.` names; read with Python's own parser) and the JavaScript listings. Every
// name in the table must exist there, its parameters in the table's order: a renamed function or
// parameter, or two swapped, is a problem. Python's public functions must each have a row.
//
// tests/package/package.test.mjs runs it on the installed package's types; by hand:
// `node tests/package/names.mjs path/to/index.d.ts` prints the problems and exits 1 on any.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const HEADING = '## One name per operation';
const COLUMNS = ['operation', 'crate', 'cli', 'js', 'python', 'listing'];
// Public Python functions that are not operations of their own: a Dask task's body.
const NOT_OPERATIONS = new Set(['dask.write_band']);

/** The table's rows: per column, the code spans of the cell (the operation column as text). */
export function parseTable(readme) {
  const start = readme.indexOf(`\n${HEADING}\n`);
  if (start < 0) throw new Error(`README has no section "${HEADING}"`);
  const lines = readme.slice(start).split('\n');
  const table = lines.slice(lines.findIndex((l) => l.startsWith('|')));
  const rows = [];
  for (const line of table.slice(2)) {
    if (!line.startsWith('|')) break;
    const cells = line.slice(1, line.lastIndexOf('|')).split('|').map((c) => c.trim());
    if (cells.length !== COLUMNS.length) {
      throw new Error(`a row of ${cells.length} cells, not ${COLUMNS.length}: ${line}`);
    }
    const row = { operation: cells[0] };
    COLUMNS.slice(1).forEach((column, i) => {
      row[column] = [...cells[i + 1].matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    });
    rows.push(row);
  }
  if (rows.length === 0) throw new Error(`the section "${HEADING}" holds no table rows`);
  return rows;
}

/** Splits at the commas outside brackets and quotes. */
function splitTop(text) {
  const parts = [];
  let depth = 0;
  let quote = null;
  let current = '';
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if ('([{<'.includes(ch)) {
      depth += 1;
    } else if (')]}>'.includes(ch) && depth > 0) {
      depth -= 1;
    } else if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/**
 * A table signature: `name(a, b, {c, d}, *, e)` (with `new ` for a constructor, `::` or `.` in
 * paths) as its name, its parameters before `*` and its keyword-only ones after; `{…}` is one
 * object parameter whose fields are listed.
 */
export function parseSignature(text) {
  const m = /^(new\s+)?([\w.:]+)\((.*)\)$/.exec(text.trim());
  if (!m) return null;
  const positional = [];
  const keywords = [];
  let target = positional;
  for (const arg of splitTop(m[3])) {
    if (arg === '*') {
      target = keywords;
    } else if (arg.startsWith('{')) {
      const fields = splitTop(arg.slice(1, -1)).map((f) => f.replace(/\?$/, ''));
      target.push({ object: fields });
    } else {
      target.push(arg);
    }
  }
  return { constructor: Boolean(m[1]), name: m[2], positional, keywords };
}

const show = (params) =>
  params.map((p) => (typeof p === 'string' ? p : `{${p.object.join(', ')}}`)).join(', ');

/**
 * Compares the table's parameters with a surface's: `actual` is a list of `{name, type}`. An
 * object in the table matches any parameter whose type is `any` or an object type (a Rust
 * struct: any type), and when that type lists fields, it must list the table's.
 */
function sameParams(expected, actual, { objectFields = true } = {}) {
  if (expected.length !== actual.length) return false;
  return expected.every((e, i) => {
    const a = actual[i];
    if (typeof e === 'string') return e === a.name;
    if (!objectFields) return true;
    const type = (a.type ?? '').trim();
    if (type === 'any') return true;
    if (!type.startsWith('{')) return false;
    return e.object.every((field) => new RegExp(`[{;,|]\\s*${field}\\??:`).test(type));
  });
}

// ---------------------------------------------------------------------------------------------
// The npm package's types.

/** The exported functions and class constructors of a wasm-bindgen .d.ts. */
export function parseDts(dts) {
  const functions = new Map();
  const constructors = new Map();
  const params = (list) =>
    splitTop(list).map((p) => {
      const colon = p.indexOf(':');
      return { name: p.slice(0, colon).replace(/\?$/, '').trim(), type: p.slice(colon + 1) };
    });
  let klass = null;
  for (const line of dts.split('\n')) {
    const cls = /^export class (\w+)/.exec(line);
    if (cls) klass = cls[1];
    const fn = /^export function (\w+)\((.*)\):/.exec(line);
    if (fn) functions.set(fn[1], params(fn[2]));
    const ctor = /^\s+(private )?constructor\((.*)\);/.exec(line);
    if (ctor && klass && !ctor[1]) constructors.set(klass, params(ctor[2]));
  }
  return { functions, constructors };
}

function checkJs(sig, types) {
  const found = sig.constructor ? types.constructors.get(sig.name) : types.functions.get(sig.name);
  const what = sig.constructor ? `class ${sig.name} with a public constructor` : `function ${sig.name}`;
  if (!found) return `the npm package exports no ${what}`;
  if (!sameParams(sig.positional, found)) {
    return `JavaScript ${sig.name}(${found.map((p) => p.name).join(', ')}) is not (${show(sig.positional)})`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The Python stubs, read by Python's parser.

const PY_SIGNATURES = `
import ast, json, sys
out = {}
for prefix, path in json.loads(sys.argv[1]):
    tree = ast.parse(open(path, encoding="utf-8").read())
    for node in tree.body:
        fn, name = node, None
        if isinstance(node, ast.FunctionDef):
            name = node.name
        elif isinstance(node, ast.ClassDef):
            inits = [n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
            if inits:
                fn, name = inits[0], node.name
        if name is None or name.startswith("_"):
            continue
        args = fn.args
        positional = [a.arg for a in args.posonlyargs + args.args if a.arg not in ("self", "cls")]
        out.setdefault(prefix + name, []).append({
            "positional": positional,
            "keywords": [a.arg for a in args.kwonlyargs],
            "function": isinstance(node, ast.FunctionDef),
        })
print(json.dumps(out))
`;

/** Every public function (each overload) and class constructor of the given Python files. */
export function parsePython(files) {
  const json = execFileSync('python3', ['-c', PY_SIGNATURES, JSON.stringify(files)], {
    encoding: 'utf8',
  });
  return new Map(Object.entries(JSON.parse(json)));
}

function checkPython(sig, python) {
  const overloads = python.get(sig.name);
  if (!overloads) return `the Python package has no ${sig.name}`;
  const named = (list) => list.map((name) => ({ name }));
  const fits = overloads.some(
    (o) =>
      sameParams(sig.positional, named(o.positional)) &&
      [...sig.keywords].sort().join() === [...o.keywords].sort().join(),
  );
  if (fits) return null;
  const stubs = overloads.map((o) => `(${[...o.positional, '*', ...o.keywords].join(', ')})`);
  return `Python ${sig.name}${stubs.join(' or ')} is not (${show(sig.positional)}, *, ${sig.keywords.join(', ')})`;
}

// ---------------------------------------------------------------------------------------------
// The crate's source.

function rustFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return rustFiles(path);
    return name.endsWith('.rs') ? [path] : [];
  });
}

/** The parameters of the `pub fn name` whose opening starts at `at` in `text`. */
function rustParams(text, at) {
  let i = text.indexOf('(', at);
  let depth = 0;
  const from = i + 1;
  for (; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    if (text[i] === ')' && --depth === 0) break;
  }
  return splitTop(text.slice(from, i))
    .filter((p) => !/^(&\s*)?(mut\s+)?self$|^&\s*(mut\s+)?self$/.test(p))
    .map((p) => ({ name: p.slice(0, p.indexOf(':')).replace(/^mut\s+/, '').trim(), type: '' }));
}

/** The crate's `pub fn`s named `name`, each as `{file, params}`, in `impl Type` blocks or free. */
function rustFunctions(sources, name, type) {
  const found = [];
  const fnAt = new RegExp(`pub fn ${name}\\s*(<[^(]*>)?\\(`, 'g');
  for (const [file, text] of sources) {
    let scopes = [text];
    if (type) {
      const impl = new RegExp(`^impl(<[^>]*>)?\\s+${type}\\b[^{;]*\\{`, 'gm');
      scopes = [...text.matchAll(impl)].map((m) => {
        const end = text.indexOf('\n}\n', m.index);
        return text.slice(m.index, end < 0 ? text.length : end);
      });
    }
    for (const scope of scopes) {
      for (const m of scope.matchAll(fnAt)) found.push({ file, params: rustParams(scope, m.index) });
    }
  }
  return found;
}

function checkCrate(sig, sources) {
  const path = sig.name.split('::');
  const name = path.at(-1);
  const type = path.length > 1 && /^[A-Z]/.test(path.at(-2)) ? path.at(-2) : null;
  const modules = path.slice(0, type ? -2 : -1);
  let found = rustFunctions(sources, name, type);
  // A free function lives in its module's file or folder; a type's method is found by the type
  // (a module may re-export a type from another, as `spectrum` does `Periodogram`).
  if (modules.length > 0 && !type) {
    const module = modules.at(-1);
    found = found.filter(({ file }) => file.split(sep).some((part) => part === module || part === `${module}.rs`));
  }
  if (found.length === 0) return `the crate has no ${sig.name}`;
  if (found.some(({ params }) => sameParams(sig.positional, params, { objectFields: false }))) return null;
  const have = found.map(({ file, params }) => `${relative(ROOT, file)}: (${params.map((p) => p.name).join(', ')})`);
  return `the crate's ${sig.name} is not (${show(sig.positional)}): ${have.join('; ')}`;
}

// ---------------------------------------------------------------------------------------------
// The command line and the listings.

function checkCli(cell, cli) {
  const [command, ...flags] = cell.split(/\s+/);
  if (!cli.commands.has(command)) return `the CLI has no command ${command}`;
  for (const flag of flags) {
    const field = flag.replace(/^--/, '').replaceAll('-', '_');
    if (!new RegExp(`\\b${field}:`).test(cli.source)) return `the CLI has no option ${flag} (${cell})`;
  }
  return null;
}

function checkListing(sig, listings) {
  const found = listings.get(sig.name);
  if (!found) return `listings/js exports no function ${sig.name}`;
  if (!sameParams(sig.positional, found)) {
    return `listing ${sig.name}(${found.map((p) => p.name).join(', ')}) is not (${show(sig.positional)})`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

/** What every surface declares, read from the repository; `dts` is the package's types. */
export function loadSurfaces(dts, root = ROOT) {
  const core = join(root, 'crates', 'core', 'src');
  const sources = rustFiles(core).map((f) => [f, readFileSync(f, 'utf8')]);
  const cliSource = rustFiles(join(root, 'crates', 'cli', 'src'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const commandEnum = /pub enum Command \{([^}]*)\}/.exec(cliSource)[1];
  const commands = new Set([...commandEnum.matchAll(/^\s*(\w+)\(/gm)].map((m) => m[1].toLowerCase()));
  const listings = new Map();
  const listingDir = join(root, 'listings', 'js');
  for (const name of readdirSync(listingDir).filter((n) => n.endsWith('.js'))) {
    const text = readFileSync(join(listingDir, name), 'utf8');
    for (const m of text.matchAll(/^export function (\w+)\(([^)]*)\)/gm)) {
      listings.set(m[1], splitTop(m[2]).map((p) => ({ name: p.split('=')[0].trim(), type: '' })));
    }
  }
  const py = join(root, 'crates', 'py', 'python', 'poisson_live');
  const python = parsePython([
    ['', join(py, '_native.pyi')],
    ['dask.', join(py, 'dask.py')],
  ]);
  return {
    readme: readFileSync(join(root, 'README.md'), 'utf8'),
    types: parseDts(dts),
    python,
    sources,
    cli: { commands, source: cliSource },
    listings,
  };
}

/** The problems, one line each: every cell checked, and every Python function given a row. */
export function checkNames(surfaces) {
  const problems = [];
  const named = new Set();
  for (const row of parseTable(surfaces.readme)) {
    const at = (text) => `${row.operation}: ${text}`;
    for (const column of ['crate', 'js', 'python', 'listing']) {
      for (const cell of row[column]) {
        const sig = parseSignature(cell);
        if (!sig) {
          problems.push(at(`\`${cell}\` is not a call`));
          continue;
        }
        if (column === 'python') named.add(sig.name);
        const problem = {
          crate: () => checkCrate(sig, surfaces.sources),
          js: () => checkJs(sig, surfaces.types),
          python: () => checkPython(sig, surfaces.python),
          listing: () => checkListing(sig, surfaces.listings),
        }[column]();
        if (problem) problems.push(at(problem));
      }
    }
    for (const cell of row.cli) {
      const problem = checkCli(cell, surfaces.cli);
      if (problem) problems.push(at(problem));
    }
  }
  for (const [name, overloads] of surfaces.python) {
    if (overloads[0].function && !named.has(name) && !NOT_OPERATIONS.has(name)) {
      problems.push(`the Python function ${name} has no row in the README's names table`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dts = process.argv[2];
  if (!dts) {
    console.error('usage: node tests/package/names.mjs path/to/index.d.ts');
    process.exit(2);
  }
  const problems = checkNames(loadSurfaces(readFileSync(dts, 'utf8')));
  for (const p of problems) console.log(p);
  console.log(problems.length === 0 ? 'names: the table matches every surface' : `names: ${problems.length} problems`);
  process.exit(problems.length === 0 ? 0 : 1);
}
