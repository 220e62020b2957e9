// Security: the page runs under a Content Security Policy that allows only its own origin, with
// no eval and no inline script ('wasm-unsafe-eval' is the one exception: WebAssembly needs it to
// compile the sampler), and nothing it does sends a request off this machine.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { labOf, usePage } from './harness.mjs';

const { session, page } = usePage();

/** The policy's directives, as `{name: [sources]}`. */
function parse(policy) {
  return Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

test('the Content Security Policy allows only the page’s own origin, and no eval', async () => {
  const metas = await page.$$eval('meta[http-equiv="Content-Security-Policy"]', (m) => m.map((e) => e.content));
  assert.equal(metas.length, 1, 'one CSP meta');
  const csp = parse(metas[0]);
  assert.deepEqual(csp['default-src'], ["'self'"]);
  assert.deepEqual(csp['script-src'], ["'self'", "'wasm-unsafe-eval'"]);
  assert.deepEqual(csp['style-src'], ["'self'"]);
  assert.deepEqual(csp['connect-src'], ["'self'"]);
  assert.deepEqual(csp['img-src'], ["'self'", 'data:', 'blob:']);
  assert.deepEqual(csp['object-src'], ["'none'"]);
  assert.deepEqual(csp['base-uri'], ["'none'"]);
  assert.deepEqual(csp['form-action'], ["'none'"]);
  // Nothing anywhere in the policy opens it up: no eval, no inline code, no other host.
  for (const [name, sources] of Object.entries(csp)) {
    for (const source of sources) {
      assert.ok(
        ["'self'", "'none'", "'wasm-unsafe-eval'", 'data:', 'blob:'].includes(source),
        `${name} allows ${source}`,
      );
    }
  }
  // The policy sits before anything it must govern: the first thing in <head> after charset.
  const before = await page.evaluate(() => {
    const meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
    const all = [...document.head.children];
    return all.slice(0, all.indexOf(meta)).map((e) => e.outerHTML);
  });
  assert.ok(before.every((html) => /^<meta (charset|name="viewport")/.test(html)), before.join('\n'));
});

test('the page’s own code raises no CSP report, and no request leaves the machine', async () => {
  // Every lab started and done with its first work (scrolled through, as a reader would).
  for (const lab of await page.$$eval('section[data-lab]', (all) => all.map((s) => s.dataset.lab))) {
    await labOf(page, lab).section.scrollIntoViewIfNeeded();
    await labOf(page, lab).idle();
  }
  // Nothing is filtered out here: the page itself must not trip the policy even once.
  const { consoleErrors, pageErrors, externalRequests } = session.problems;
  assert.deepEqual(consoleErrors, []);
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(externalRequests, []);
});

test('inline script, inline handlers, code in strings and other origins are all blocked', async () => {
  const logged = session.problems.consoleErrors.length;
  const result = await page.evaluate(async () => {
    const violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      violations.push({ directive: e.violatedDirective, uri: e.blockedURI }),
    );
    const settle = () => new Promise((done) => setTimeout(done, 100));

    // An injected inline <script>: the CSP stops it.
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);

    // An inline event handler attribute.
    const button = document.createElement('button');
    button.setAttribute('onclick', 'window.__handler = true;');
    document.body.append(button);
    button.click();

    // Evaluating a string: a timer given code instead of a function. (eval() called from here
    // would not tell: code the test injects through DevTools is exempt from the page's CSP.)
    setTimeout('window.__evaluated = true;', 0);

    // A script and an image from another origin: refused before any request is made.
    const remote = document.createElement('script');
    remote.src = 'https://example.com/tracker.js';
    document.body.append(remote);
    const image = document.createElement('img');
    image.src = 'https://example.com/pixel.png';
    document.body.append(image);
    let fetchBlocked = false;
    try {
      await fetch('https://example.com/beacon');
    } catch {
      fetchBlocked = true;
    }

    await settle();
    script.remove();
    button.remove();
    remote.remove();
    image.remove();
    return {
      injected: window.__injected === true,
      handler: window.__handler === true,
      evaluated: window.__evaluated === true,
      fetchBlocked,
      violations: violations.map((v) => `${v.directive} ${v.uri}`),
    };
  });
  assert.equal(result.injected, false, 'the inline script did not run');
  assert.equal(result.handler, false, 'the inline handler did not run');
  assert.equal(result.evaluated, false, 'code in a string did not run');
  assert.equal(result.fetchBlocked, true, 'fetch to another origin fails');
  for (const expected of [
    'script-src-elem inline',
    'script-src-attr inline',
    'script-src eval',
    'script-src-elem https://example.com/tracker.js',
    'img-src https://example.com/pixel.png',
    'connect-src https://example.com/beacon',
  ]) {
    assert.ok(result.violations.includes(expected), `"${expected}" was reported: ${result.violations.join('; ')}`);
  }
  // The console says why for each refusal, and for nothing else: every line logged meanwhile
  // is one of the six refusals provoked here, and each of them is logged.
  const said = session.problems.consoleErrors.slice(logged);
  const provoked = [
    /inline script violates the following Content Security Policy/,
    /inline event handler violates the following Content Security Policy/,
    /a string as JavaScript violates the following Content Security Policy/,
    /the script 'https:\/\/example\.com\/tracker\.js' violates the following Content Security Policy/,
    /the image 'https:\/\/example\.com\/pixel\.png' violates the following Content Security Policy/,
    /'https:\/\/example\.com\/beacon' violates the following Content Security Policy/,
  ];
  // Chromium also reports the refused fetch from the Fetch API's side.
  const alsoSaid = [/Fetch API cannot load https:\/\/example\.com\/beacon\. Refused to connect/];
  for (const line of said) {
    assert.ok([...provoked, ...alsoSaid].some((p) => p.test(line)), `an unexpected console error: ${line}`);
  }
  for (const p of provoked) assert.ok(said.some((line) => p.test(line)), `no console line for ${p}: ${said.join(' | ')}`);
  // The CSP refused the remote requests before they were made: none reached the network.
  assert.deepEqual(session.problems.externalRequests, []);
  // The page itself still works.
  assert.equal(await page.locator('[data-role="panic"]').isHidden(), true);
});

