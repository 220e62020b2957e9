// The npm package as a user gets it: `bash scripts/package.sh` builds and packs it (or
// POISSON_PACKAGE_TGZ names a tarball already packed), a fresh project installs the tarball
// offline, plain node runs node-check.mjs, hostile-check.mjs (every export given hostile
// arguments) and the README's example against it, `tsc --strict` checks types-check.ts, and
// headless Chromium imports its browser entry from a tiny page; names.mjs checks the repository
// README's names table against the installed types and the Python stubs.
//
// Run: `node --test tests/package/` (scripts/test.sh does, after the page build).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkNames, loadSurfaces, parseDts, parsePython } from './names.mjs';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const HERE = join(ROOT, 'tests', 'package');
const NAME = 'poisson-live';

let project; // the temporary consumer project
let installed; // its node_modules/poisson-live
let manifest; // the installed package.json
let types; // the installed index.d.ts

/** Runs a command to the end; fails the test with its output unless it exits 0. */
function run(command, args, options) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  assert.equal(result.status, 0, `${command} ${args.join(' ')} exited ${result.status}:\n${output}`);
  return result.stdout;
}

before(async () => {
  let tgz = process.env.POISSON_PACKAGE_TGZ;
  if (!tgz) {
    // package.sh logs on stderr, shown as it runs; its last line of stdout is the tarball.
    const stdout = execFileSync('bash', [join(ROOT, 'scripts', 'package.sh')], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    tgz = stdout.trimEnd().split('\n').at(-1);
  }
  assert.match(tgz, /\.tgz$/, `package.sh's last line is not a .tgz path: ${tgz}`);

  project = await mkdtemp(join(tmpdir(), 'poisson-live-package-'));
  await writeFile(join(project, 'package.json'), '{ "name": "consumer", "private": true, "type": "module" }\n');
  // --offline with an empty cache: nothing may come from a registry or from what this machine
  // fetched before, so a runtime dependency would fail here.
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', resolve(tgz)], {
    cwd: project,
    env: { ...process.env, npm_config_cache: join(project, '.npm-cache') },
  });
  installed = join(project, 'node_modules', NAME);
  manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8'));
  types = await readFile(join(installed, manifest.types), 'utf8');
});

after(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

test("the package: the crate's name and version, its files, exports and no runtime dependencies", async () => {
  const metadata = JSON.parse(
    execFileSync('cargo', ['metadata', '--offline', '--no-deps', '--format-version', '1'], {
      cwd: ROOT,
      encoding: 'utf8',
    }),
  );
  const crate = metadata.packages.find((p) => p.name === 'poisson-live-web');
  assert.equal(manifest.name, NAME);
  assert.equal(manifest.version, crate.version);
  assert.equal(manifest.license, crate.license);
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    assert.equal(manifest[field], undefined, `the package has ${field}`);
  }
  const entry = manifest.exports['.'];
  assert.deepEqual(Object.keys(entry), ['types', 'node', 'default']);
  assert.equal(entry.types, manifest.types);
  const files = (await readdir(installed)).sort();
  assert.deepEqual(files, [
    'LICENSE-APACHE',
    'LICENSE-MIT',
    'README.md',
    'browser.js',
    'freed.js',
    'index.d.ts',
    'node.js',
    'package.json',
    'poisson_live.js',
    'poisson_live_bg.wasm',
  ]);
});

test('in plain node: sampling, determinism, bad input (node-check.mjs)', async (t) => {
  await copyFile(join(HERE, 'node-check.mjs'), join(project, 'node-check.mjs'));
  // Without the runner's NODE_TEST_CONTEXT the child reports in TAP, as when a user runs it.
  const { NODE_TEST_CONTEXT, ...env } = process.env;
  const report = run(process.execPath, ['node-check.mjs'], { cwd: project, env });
  // The child's own report (node:test), so a skipped check shows up here too.
  for (const line of report.split('\n').filter((l) => /^(# (pass|fail|skipped) |ok |not ok )/.test(l))) {
    t.diagnostic(line);
  }
  assert.match(report, /^# fail 0$/m);
  assert.match(report, /^# skipped 0$/m);
});

test('hostile arguments to every export: no trap, no hang, no poisoned object (hostile-check.mjs)', async (t) => {
  await copyFile(join(HERE, 'hostile-check.mjs'), join(project, 'hostile-check.mjs'));
  // Its own exit status and summary line; the calls run in a worker it watches for hangs.
  const result = spawnSync(process.execPath, ['hostile-check.mjs'], { cwd: project, encoding: 'utf8' });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  const summary = output.split('\n').find((l) => l.startsWith('hostile: ')) ?? '';
  t.diagnostic(summary);
  assert.equal(result.status, 0, output);
  assert.match(summary, /traps 0, hangs 0, poisoned 0, freed not said 0, unclear messages 0;/);
  assert.match(summary, /freed inside a call 0, thrown errors lost 0;/);
  const calls = Number(summary.match(/^hostile: (\d+) calls/)?.[1]);
  assert.ok(calls > 5000, `only ${calls} hostile calls`);
  // Every method, constructor and function with a parameter, reached back into (514 when written).
  const reached = Number(summary.match(/ (\d+) calls reached back/)?.[1]);
  assert.ok(reached > 400, `only ${reached} calls reached back`);
});

/** Runs the first ```js block after `heading` in a README, as written; returns its printed lines. */
async function runExample(readme, heading, file) {
  const text = await readFile(readme, 'utf8');
  const example = text.slice(text.indexOf(heading)).match(/```js\n([\s\S]*?)```/)?.[1];
  assert.ok(text.includes(heading) && example, `${readme} has no \`\`\`js example after ${heading}`);
  await writeFile(join(project, file), example);
  return run(process.execPath, [file], { cwd: project }).trimEnd().split('\n');
}

test("the package README's example runs as written and prints the documented count", async () => {
  const printed = await runExample(join(installed, 'README.md'), '# poisson-live', 'package-example.mjs');
  assert.equal(printed.at(-1), '315');
  assert.equal(printed.length, 316); // a line per tree, then the count
});

test("the repository README's JavaScript example runs as written", async () => {
  const printed = await runExample(join(ROOT, 'README.md'), '## Use it from JavaScript', 'repo-example.mjs');
  assert.deepEqual(printed, ['315 315']);
});

test('the README names only classes the package exports', async () => {
  const readme = await readFile(join(installed, 'README.md'), 'utf8');
  const named = [...readme.matchAll(/`(?:new )?([A-Z][A-Za-z]+)[`(]/g)].map((m) => m[1]);
  assert.ok(named.length >= 5, `too few class names found: ${named}`);
  for (const name of new Set(named)) {
    if (name in globalThis) continue; // `Error`, `Float64Array`
    assert.match(types, new RegExp(`^export class ${name} \\{`, 'm'), `${name} is not exported`);
  }
});

test("the repository README's names table: each name on every surface, parameters in its order (names.mjs)", async () => {
  const surfaces = loadSurfaces(types);
  assert.deepEqual(checkNames(surfaces), []);
  // The check can fail: two parameters swapped in the types, one renamed in the Python stubs.
  const swapped = types.replace(
    /^export function randomPoints\(count: number, width: number,/m,
    'export function randomPoints(width: number, count: number,',
  );
  assert.notEqual(swapped, types);
  const stubs = join(ROOT, 'crates', 'py', 'python', 'poisson_live', '_native.pyi');
  const renamed = (await readFile(stubs, 'utf8')).replace(
    'def jittered_grid(spacing: Real,',
    'def jittered_grid(step: Real,',
  );
  const copy = join(project, 'renamed.pyi');
  await writeFile(copy, renamed);
  const problems = checkNames({ ...surfaces, types: parseDts(swapped), python: parsePython([['', copy]]) });
  assert.ok(problems.some((p) => p.includes('JavaScript randomPoints(width, count,')), problems.join('\n'));
  assert.ok(problems.some((p) => p.includes('Python jittered_grid(step,')), problems.join('\n'));
});

test('types: every export has its doc comment from the bindings', () => {
  const lines = types.split('\n');
  const exports = lines.flatMap((line, i) => (/^export (class|function) /.test(line) ? [i] : []));
  assert.ok(exports.length >= 20, `only ${exports.length} exports in ${manifest.types}`);
  for (const i of exports) {
    assert.match(lines[i - 1] ?? '', /\*\/$/, `no doc comment above: ${lines[i]}`);
  }
});

test('types: tsc --strict accepts types-check.ts and refuses its wrong lines', async () => {
  await copyFile(join(HERE, 'types-check.ts'), join(project, 'types-check.ts'));
  // A user's usual settings; skipLibCheck off, so the package's own .d.ts is checked too.
  const tsconfig = {
    compilerOptions: {
      strict: true,
      module: 'nodenext',
      target: 'es2022',
      noEmit: true,
      skipLibCheck: false,
      types: [],
    },
    files: ['types-check.ts'],
  };
  await writeFile(join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  run(join(ROOT, 'node_modules', '.bin', 'tsc'), ['--strict', '-p', join(project, 'tsconfig.json')], {
    cwd: project,
  });
});

test('in a browser: the default entry imported by a page in headless Chromium', async () => {
  // The page maps the bare name to the entry a bundler or browser resolves ("default").
  const entry = manifest.exports['.'].default;
  const importMap = { imports: { [NAME]: `./node_modules/${NAME}/${entry.replace(/^\.\//, '')}` } };
  await writeFile(
    join(project, 'index.html'),
    `<!doctype html>
<meta charset="utf-8">
<title>poisson-live in a browser</title>
<script type="importmap">${JSON.stringify(importMap)}</script>
<script type="module">
  import { poissonDisk } from '${NAME}';
  const root = document.documentElement;
  try {
    const points = poissonDisk(720, 400, 24, 30, 123456);
    let error = '';
    try { poissonDisk(720, 400, -1, 30, 1); } catch (e) { error = e instanceof Error ? e.message : String(e); }
    root.dataset.result = JSON.stringify({ count: points.length / 3, first: Array.from(points.slice(0, 3)), error });
  } catch (e) {
    root.dataset.result = JSON.stringify({ failed: String(e) });
  }
</script>
`,
  );
  process.env.POISSON_DIST = project; // the harness serves this folder instead of dist/
  const { openPage } = await import('../e2e/harness.mjs');
  const { page, problems, close } = await openPage();
  try {
    await page.waitForFunction(() => document.documentElement.dataset.result, null, { timeout: 15_000 });
    const result = JSON.parse(await page.evaluate(() => document.documentElement.dataset.result));
    assert.equal(result.failed, undefined, result.failed);
    assert.equal(result.count, 315);
    // The browser's first point is node's, bit for bit.
    const { poissonDisk } = await import(pathToFileURL(join(installed, manifest.exports['.'].node)).href);
    assert.deepEqual(result.first, Array.from(poissonDisk(720, 400, 24, 30, 123456).slice(0, 3)));
    assert.equal(result.error, 'radius must be a finite number greater than 0, got -1');
    assert.deepEqual(problems.consoleErrors, []);
    assert.deepEqual(problems.pageErrors, []);
    assert.deepEqual(problems.failedRequests, []);
  } finally {
    await close();
  }
});
