// The code panels: one `<figure data-listing="STEP">` per step of the tutorial, each with a tab
// per language (Rust, JavaScript, C#, C++, pseudocode) holding that step's listing from
// listings/LANG/ (coloured and cut into lines when the page is built: scripts/build-listings.mjs
// writes listings/STEP.json). A panel is built when it nears the screen, so the page's load
// stays light.
//
// Choosing a language in one panel chooses it in every panel, and the choice is kept for the
// next visit (localStorage). One page-wide button, shown while a panel is on screen, hides the
// comments in every panel. Each panel's Copy button copies the code as shown.
//
// `showPath(step, path)` lights lines of a panel: the Bridson lab calls it after every step with
// the tags of the blocks its last step went through (pick, throw, refused, placed, retired).

const LANGUAGES = [
  ['rust', 'Rust'],
  ['js', 'JavaScript'],
  ['csharp', 'C#'],
  ['cpp', 'C++'],
  ['pseudocode', 'Pseudocode'],
];
const LANGUAGE_KEY = 'poisson-live.listing-language';
const COMMENTS_KEY = 'poisson-live.listing-comments';
/** How far ahead of the screen a panel is fetched and built. */
const AHEAD = '600px 0px';

const figures = new Map(); // step → its panel's state
let language = remembered(LANGUAGE_KEY, LANGUAGES.map(([id]) => id)) ?? 'rust';
let hideComments = remembered(COMMENTS_KEY, ['hidden']) === 'hidden';
let commentsButton = null;
/** The panels on screen now, for the Hide comments button's place. */
const seen = new Set();

function remembered(key, allowed) {
  try {
    const value = localStorage.getItem(key);
    return allowed.includes(value) ? value : null;
  } catch {
    return null; // storage refused (a private window, a policy): the choice lasts this visit only
  }
}

function remember(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // as above
  }
}

/** Finds the page's panels and builds each as it nears the screen. */
export function setupListings(root = document) {
  const all = [...root.querySelectorAll('figure[data-listing]')];
  if (all.length === 0) return;
  document.documentElement.classList.toggle('listings-bare', hideComments);
  commentsButton = makeCommentsButton();
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        near.unobserve(entry.target);
        build(entry.target);
      }
    },
    { rootMargin: AHEAD },
  );
  // The Hide comments button sits in the bar of the first panel on screen, beside its Copy
  // button, and hides while none is: it never floats over a lab's own buttons.
  const onScreen = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) seen.add(entry.target);
      else seen.delete(entry.target);
    }
    placeCommentsButton();
  });
  for (const figure of all) {
    const step = figure.dataset.listing;
    figures.set(step, { figure, built: false, path: null });
    figure.classList.add('listing');
    near.observe(figure);
    onScreen.observe(figure);
  }
}

/** Puts the Hide comments button in the bar of the first built panel on screen, or hides it. */
function placeCommentsButton() {
  const host = [...figures.values()].find((state) => state.built && seen.has(state.figure));
  const copy = host?.figure.querySelector('.listing-bar .listing-copy');
  commentsButton.hidden = !copy;
  if (copy && copy.previousElementSibling !== commentsButton) copy.before(commentsButton);
}

/** The button's words say what a press does: hide the comments, or show them again. */
function labelCommentsButton(button) {
  button.textContent = hideComments ? 'Show comments' : 'Hide comments';
  button.title = hideComments ? 'Show the comments in every code panel again' : 'Hide the comments in every code panel';
  button.setAttribute('aria-pressed', String(hideComments));
}

function makeCommentsButton() {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'listing-comments';
  button.dataset.action = 'hide-comments';
  labelCommentsButton(button);
  button.hidden = true;
  button.addEventListener('click', () => {
    hideComments = !hideComments;
    labelCommentsButton(button);
    document.documentElement.classList.toggle('listings-bare', hideComments);
    remember(COMMENTS_KEY, hideComments ? 'hidden' : 'shown');
    for (const state of figures.values()) if (state.built && state.path) reveal(state);
  });
  return button;
}

/** Fetches a panel's listings and builds its tabs. */
async function build(figure) {
  const step = figure.dataset.listing;
  const state = figures.get(step);
  figure.setAttribute('aria-busy', 'true');
  let data;
  try {
    const response = await fetch(`listings/${step}.json`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    data = await response.json();
  } catch (error) {
    const note = document.createElement('p');
    note.className = 'listing-error';
    note.textContent = `The code for this step could not be loaded (${error.message}).`;
    figure.append(note);
    figure.removeAttribute('aria-busy');
    console.error(`listing ${step}:`, error);
    return;
  }

  const bar = document.createElement('div');
  bar.className = 'listing-bar';
  const tablist = document.createElement('div');
  tablist.setAttribute('role', 'tablist');
  tablist.setAttribute('aria-label', 'Language');
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'listing-copy';
  copy.dataset.action = 'copy';
  copy.textContent = 'Copy';
  const status = document.createElement('span');
  status.className = 'listing-status';
  status.setAttribute('role', 'status');
  bar.append(tablist, copy, status);

  const tabs = [];
  const panels = [];
  const bodies = new Map();
  for (const [id, label] of LANGUAGES) {
    const listing = data.languages[id];
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.id = `listing-${step}-${id}`;
    tab.setAttribute('role', 'tab');
    tab.dataset.lang = id;
    tab.textContent = label;
    const panel = document.createElement('div');
    panel.id = `listing-${step}-${id}-panel`;
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    panel.dataset.lang = id;
    tab.setAttribute('aria-controls', panel.id);
    const pre = document.createElement('pre');
    // The code scrolls sideways and, beside a lab, up and down: keyboard users scroll it too.
    pre.tabIndex = 0;
    pre.setAttribute('aria-label', `${label} code`);
    const code = document.createElement('code');
    code.className = `language-${id}`;
    if (listing?.missing) {
      code.textContent = `// ${listing.file} is not written yet.\n`;
      panel.dataset.missing = 'true';
    } else {
      // Plain text until first shown, then coloured (see show): most readers open one language
      // of five, and a text node costs next to nothing to build.
      code.textContent = listing.text;
      bodies.set(panel, listing.body);
    }
    pre.append(code);
    const file = document.createElement('p');
    file.className = 'listing-file';
    file.textContent = listing?.file ?? '';
    panel.append(pre, file);
    tab.addEventListener('click', () => choose(id));
    tablist.append(tab);
    tabs.push(tab);
    panels.push(panel);
  }
  tablist.addEventListener('keydown', (event) => {
    const at = tabs.indexOf(document.activeElement);
    if (at < 0) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length];
    next.focus();
    choose(next.dataset.lang);
  });
  copy.addEventListener('click', () => copyShown(state, copy, status));

  figure.append(bar, ...panels);
  Object.assign(state, { built: true, tabs, panels, bodies, status });
  placeCommentsButton();
  show(state);
  if (state.path) light(state);
  figure.removeAttribute('aria-busy');
  figure.dataset.ready = 'true';
}

/** Chooses language `id` in every panel, and remembers it for the next visit. */
function choose(id) {
  language = id;
  remember(LANGUAGE_KEY, id);
  for (const state of figures.values()) if (state.built) show(state);
}

function show(state) {
  for (const tab of state.tabs) {
    const selected = tab.dataset.lang === language;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
  }
  for (const panel of state.panels) {
    panel.hidden = panel.dataset.lang !== language;
    if (!panel.hidden && state.bodies.has(panel)) {
      // Built by scripts/build-listings.mjs from the project's own listing files, escaped by
      // highlight.js: trusted, same-origin markup.
      panel.querySelector('code').innerHTML = state.bodies.get(panel);
      state.bodies.delete(panel);
      if (state.path) light(state);
    }
  }
  if (state.path) reveal(state);
}

/** The code of the shown tab as the reader sees it: without comments while they are hidden. */
function shownText(state) {
  const code = state.panels.find((p) => p.dataset.lang === language).querySelector('code');
  if (!hideComments) return code.textContent;
  let text = '';
  for (const line of code.querySelectorAll('.line')) {
    if (line.classList.contains('note')) continue;
    let kept = '';
    for (const node of line.childNodes) {
      if (node.nodeType === Node.ELEMENT_NODE && node.classList.contains('hljs-comment')) continue;
      kept += node.textContent;
    }
    const newline = kept.endsWith('\n');
    text += kept.replace(/\s+$/, '') + (newline ? '\n' : '');
  }
  return text;
}

async function copyShown(state, button, status) {
  const text = shownText(state);
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = 'Copied';
  } catch {
    // No clipboard (an insecure origin, a refusal): select the code so Ctrl+C copies it.
    const code = state.panels.find((p) => p.dataset.lang === language).querySelector('code');
    getSelection().selectAllChildren(code);
    status.textContent = 'Selected: press Ctrl+C (⌘C) to copy';
  }
  clearTimeout(state.statusTimer);
  state.statusTimer = setTimeout(() => {
    status.textContent = '';
  }, 2500);
}

/**
 * Lights the blocks of `step`'s panel named in `path` (tags, e.g. ['pick', 'throw', 'placed']),
 * in every language, and says the path in words; `counts` (tag → times) adds "× n" where a
 * block ran more than once. An empty path lights nothing.
 */
export function showPath(step, path, counts = {}) {
  const state = figures.get(step);
  if (!state) return;
  const key = path.map((t) => `${t}${counts[t] > 1 ? `×${counts[t]}` : ''}`).join(' ');
  if (state.pathKey === key) return;
  state.pathKey = key;
  state.path = path;
  state.counts = counts;
  if (state.built) light(state);
}

function light(state) {
  const on = new Set(state.path);
  for (const panel of state.panels) {
    for (const line of panel.querySelectorAll('.line[data-tag]')) {
      line.classList.toggle('lit', on.has(line.dataset.tag));
    }
  }
  let words = state.figure.querySelector('.listing-path');
  if (!words) {
    words = document.createElement('p');
    words.className = 'listing-path';
    state.figure.querySelector('.listing-bar').after(words);
  }
  words.textContent =
    state.path.length === 0
      ? 'Press Step: the lines the step runs light up here.'
      : `Last step: ${state.path.map((t) => (state.counts[t] > 1 ? `${t} ×${state.counts[t]}` : t)).join(' → ')}`;
  reveal(state);
}

/** Scrolls the shown code (not the page) so the lit lines are in view. */
function reveal(state) {
  const panel = state.panels.find((p) => p.dataset.lang === language);
  // Lines Hide comments has hidden have no box (and no offsetParent): leave them out.
  const lit = [...panel.querySelectorAll('.line.lit')].filter((line) => line.offsetParent);
  if (lit.length === 0) return;
  const pre = panel.querySelector('pre');
  if (pre.scrollHeight <= pre.clientHeight) return;
  const top = lit[0].offsetTop;
  const bottom = lit[lit.length - 1].offsetTop + lit[lit.length - 1].offsetHeight;
  const view = [pre.scrollTop, pre.scrollTop + pre.clientHeight];
  if (top >= view[0] && bottom <= view[1]) return;
  // The whole path if it fits, else its end: the outcome (placed or retired) is what changes from
  // step to step, and the words above the code name the whole path.
  const margin = 16;
  const fits = bottom - top + 2 * margin <= pre.clientHeight;
  pre.scrollTop = fits ? top - (pre.clientHeight - (bottom - top)) / 2 : bottom - pre.clientHeight + margin;
}
