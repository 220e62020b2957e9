// Turns the tested listings (listings/LANG/…, one file per step and language) into what the
// page's code panels show: one JSON file per step, `listings/STEP.json` in the built page, with
// each language's code already coloured by highlight.js and cut into lines. The page never holds
// a second copy of the code: this runs on every page build (Trunk's post_build hook, see
// Trunk.toml), so the panels show the files as they are.
//
//   node scripts/build-listings.mjs [OUT_DIR]     (default: $TRUNK_STAGING_DIR/listings)
//
// Each line is a `<span class="line">` holding its own newline, so the panel's text is the file
// byte for byte; a line that is only a comment gets the class `note` (Hide comments hides it),
// and in the bridson step the lines of each tagged block (`// pick: …` and the code under it, up
// to the next blank line or comment line) get `data-tag`, which the Bridson lab lights. `text`
// is the file itself, for the panels not shown yet.
//
// A missing step file fails the build, so a page is never published with a hole in it. While the
// listings are being written, POISSON_LISTINGS_PARTIAL=1 lets the build go on: a missing file
// becomes a panel that says so, and the build prints which files are missing.

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import hljs from 'highlight.js/lib/core';
import rust from 'highlight.js/lib/languages/rust';
import javascript from 'highlight.js/lib/languages/javascript';
import csharp from 'highlight.js/lib/languages/csharp';
import cpp from 'highlight.js/lib/languages/cpp';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const SOURCE = process.env.TRUNK_SOURCE_DIR ? resolve(process.env.TRUNK_SOURCE_DIR) : ROOT;

/** The steps, in the page's order (SPEC section 2). */
export const STEPS = ['random', 'jittered', 'darts', 'grid', 'bridson', 'variable', 'layers', 'paint'];
/** The languages, in the tabs' order, each with where its step files live. */
export const LANGUAGES = [
  { id: 'rust', label: 'Rust', hljs: 'rust', file: (step) => `listings/rust/src/${step}.rs` },
  { id: 'js', label: 'JavaScript', hljs: 'javascript', file: (step) => `listings/js/${step}.js` },
  { id: 'csharp', label: 'C#', hljs: 'csharp', file: (step) => `listings/csharp/${step[0].toUpperCase()}${step.slice(1)}.cs` },
  { id: 'cpp', label: 'C++', hljs: 'cpp', file: (step) => `listings/cpp/${step}.hpp` },
  { id: 'pseudocode', label: 'Pseudocode', hljs: 'pseudocode', file: (step) => `listings/pseudocode/${step}.txt` },
];
/** The tags of the bridson step's blocks, which the Bridson lab lights. */
export const TAGS = ['pick', 'throw', 'refused', 'placed', 'retired'];

/** The listings' pseudocode, for highlight.js: `//` comments, a few keywords, numbers, strings. */
function pseudocode() {
  return {
    name: 'Pseudocode',
    keywords: {
      keyword:
        'function return if then else elif while for each in do repeat times until break continue next and or not to from by let var is are of',
      literal: 'true false none null nothing empty',
    },
    contains: [
      hljs.C_LINE_COMMENT_MODE,
      hljs.QUOTE_STRING_MODE,
      hljs.C_NUMBER_MODE,
      { className: 'title.function', begin: /\b[A-Za-z_][A-Za-z0-9_]*(?=\()/ },
    ],
  };
}

hljs.registerLanguage('rust', rust);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('csharp', csharp);
hljs.registerLanguage('cpp', cpp);
hljs.registerLanguage('pseudocode', pseudocode);

/**
 * Cuts highlight.js's HTML into lines. A span open at a line's end is closed there and opened
 * again on the next line, so every line stands alone. Returns per line its HTML, and whether it
 * holds code (text outside comment spans) and a comment.
 */
function splitLines(html) {
  const lines = [];
  const open = []; // the open spans' opening tags, outermost first, and whether each is a comment
  let current = '';
  let code = '';
  let comment = false;
  const inComment = () => open.some((s) => s.comment);
  const endLine = (newline) => {
    current += '</span>'.repeat(open.length) + newline;
    lines.push({ html: current, code, comment });
    current = open.map((s) => s.tag).join('');
    code = '';
    comment = false;
  };
  for (const token of html.match(/<span[^>]*>|<\/span>|[^<]+/g) ?? []) {
    if (token.startsWith('<span')) {
      open.push({ tag: token, comment: /hljs-comment/.test(token) });
      current += token;
    } else if (token === '</span>') {
      open.pop();
      current += token;
    } else {
      const parts = token.split('\n');
      parts.forEach((part, i) => {
        if (i > 0) endLine('\n');
        current += part;
        if (inComment()) comment ||= part.trim() !== '';
        else code += part;
      });
    }
  }
  if (current !== open.map((s) => s.tag).join('') || lines.length === 0) endLine('');
  return lines;
}

/** The tag a line starts, if it is a `// TAG: …` comment. */
function tagOf(raw) {
  return raw.match(/^\s*\/\/+\s*(pick|throw|refused|placed|retired):/)?.[1] ?? null;
}

/**
 * The tagged blocks of a listing, as a tag per line (or null): the tagged comment, any comment
 * lines straight under it, and the code after them up to the next blank line or comment line.
 */
function tagLines(rawLines) {
  const tags = rawLines.map(() => null);
  for (let i = 0; i < rawLines.length; i++) {
    const tag = tagOf(rawLines[i]);
    if (!tag) continue;
    tags[i] = tag;
    let j = i + 1;
    const isComment = (line) => /^\s*\/\//.test(line);
    while (j < rawLines.length && isComment(rawLines[j]) && !tagOf(rawLines[j])) tags[j++] = tag;
    while (j < rawLines.length && rawLines[j].trim() !== '' && !isComment(rawLines[j])) tags[j++] = tag;
  }
  return tags;
}

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** One language's listing of one step, ready for its panel. */
function render(step, language, text) {
  const html = hljs.highlight(text, { language: language.hljs, ignoreIllegals: true }).value;
  const lines = splitLines(html);
  const rawLines = text.split('\n');
  const tags = step === 'bridson' ? tagLines(rawLines) : rawLines.map(() => null);
  const found = new Set(tags.filter(Boolean));
  const body = lines
    .map((line, i) => {
      const note = line.comment && line.code.trim() === '';
      const attrs = `class="line${note ? ' note' : ''}"${tags[i] ? ` data-tag="${escapeAttr(tags[i])}"` : ''}`;
      // Leading white space gets a span of its own, which a narrow panel draws narrower.
      const html = line.html.replace(/^[ \t]+/, (ws) => `<span class="indent">${ws}</span>`);
      return `<span ${attrs}>${html}</span>`;
    })
    .join('');
  return { text, body, lines: lines.length, tags: TAGS.filter((t) => found.has(t)) };
}

async function main() {
  const outDir = process.argv[2]
    ? resolve(process.argv[2])
    : process.env.TRUNK_STAGING_DIR
      ? join(process.env.TRUNK_STAGING_DIR, 'listings')
      : null;
  if (!outDir) throw new Error('say where to write: node scripts/build-listings.mjs OUT_DIR (or run it from Trunk)');
  const partial = process.env.POISSON_LISTINGS_PARTIAL === '1';
  const missing = [];
  const untagged = [];
  await mkdir(outDir, { recursive: true });
  let bytes = 0;
  for (const step of STEPS) {
    const languages = {};
    for (const language of LANGUAGES) {
      const file = language.file(step);
      let text;
      try {
        text = await readFile(join(SOURCE, file), 'utf8');
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
        missing.push(file);
        languages[language.id] = { file, missing: true };
        continue;
      }
      const rendered = render(step, language, text);
      if (step === 'bridson' && rendered.tags.length < TAGS.length) {
        untagged.push(`${file} (has ${rendered.tags.join(', ') || 'no tags'})`);
      }
      languages[language.id] = { file, ...rendered };
    }
    const json = JSON.stringify({ step, languages });
    bytes += json.length;
    await writeFile(join(outDir, `${step}.json`), json);
  }
  const problems = [
    ...missing.map((f) => `missing step file ${f}`),
    ...untagged.map((f) => `bridson listing without all five tags (${TAGS.join(', ')}): ${f}`),
  ];
  for (const p of problems) console.error(`build-listings: ${p}`);
  if (problems.length > 0 && !partial) {
    console.error('build-listings: the page shows every step in every language; write the files above (or, while they are being written, build with POISSON_LISTINGS_PARTIAL=1)');
    process.exit(1);
  }
  console.log(`build-listings: ${STEPS.length} steps × ${LANGUAGES.length} languages → ${outDir} (${Math.round(bytes / 1024)} KiB${problems.length ? `, ${problems.length} problems, partial build` : ''})`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`build-listings: ${error.message}`);
    process.exit(1);
  });
}
