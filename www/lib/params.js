// Controls from a parameter table. Each lab lists its parameters once; this builds a labelled
// control for each, with the current value visible beside sliders and an inline message
// slot (role="status") where the lab explains a value the sampler refused.
//
// A parameter: { name, label, type, value, … } where type is
//   'range' | 'number'  (min?, max?, step?, format?: (value) => string),
//   'checkbox',
//   'select'            (options: [{value, label, disabled?}]; its value is the option's text),
//   'radio'             (options: [{value, label}]; a group of buttons, styled as tabs),
//   'file'              (accept?; its value is the chosen File, or null).
// `permalink: false` keeps a control out of the page's links (www/lib/permalink.js).

let nextId = 0;

/** A slider's table entry: `range('radius', 'Radius r', 26, 8, 60)`; `more` adds `format` etc. */
export function range(name, label, value, min, max, step = 1, more = {}) {
  return { name, label, type: 'range', value, min, max, step, ...more };
}

/** A checkbox's table entry. */
export function checkbox(name, label, value) {
  return { name, label, type: 'checkbox', value };
}

/** The readable text of anything thrown, including wasm-bindgen's JsError. */
export function messageOf(error) {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Wraps `element` in a `<form>` of its own. Radio buttons form one group per name and form
 * owner, so two labs that both name their radios `method` would otherwise uncheck each other.
 * The form never submits.
 */
function scopeRadios(element) {
  const form = document.createElement('form');
  form.className = 'radio-scope';
  form.addEventListener('submit', (event) => event.preventDefault());
  element.replaceWith(form);
  form.append(element);
}

/** The control elements for `param`, placed in `container`; returns `{input, output, error}`. */
function build(container, param) {
  const id = `param-${param.name}-${++nextId}`;
  const error = document.createElement('span');
  error.className = 'param-error';
  error.setAttribute('role', 'status');
  error.dataset.errorFor = param.name;

  if (param.type === 'radio') {
    // A group: one labelled button per option, straight in the container (a fieldset).
    if (!container.closest('form')) scopeRadios(container);
    const inputs = param.options.map(({ value, label }) => {
      const option = document.createElement('label');
      option.className = 'method-option';
      const input = document.createElement('input');
      Object.assign(input, { type: 'radio', name: param.name, value });
      option.append(input, ` ${label}`);
      container.append(option);
      return input;
    });
    return { input: inputs[0], inputs, output: null, error };
  }

  const row = document.createElement('div');
  row.className = `param param-${param.type}`;
  const input = document.createElement(param.type === 'select' ? 'select' : 'input');
  if (param.type === 'select') {
    for (const { value, label, disabled = false } of param.options) {
      input.append(Object.assign(new Option(label, value), { disabled }));
    }
  } else {
    input.type = param.type;
  }
  input.name = param.name;
  input.id = id;
  for (const key of ['min', 'max', 'step', 'accept']) {
    if (param[key] !== undefined) input[key] = String(param[key]);
  }
  if (param.permalink === false) input.dataset.noPermalink = '';

  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = param.label;
  const output = document.createElement('output');
  output.htmlFor = id;

  if (param.type === 'checkbox') row.append(input, label, error);
  else if (param.type === 'range') row.append(label, input, output, error);
  else row.append(label, input, error);
  container.append(row);
  return { input, inputs: [input], output, error };
}

/**
 * Builds the controls for `table` inside `container`.
 *
 * @param {HTMLElement} container
 * @param {Array<object>} table the lab's parameters, in display order
 * @param {(values: object, name: string) => void} onChange called with every value and the
 *   name of the control that changed, on each input; a field that does not hold a number,
 *   or a slider set outside its range, shows a message instead
 * @returns {{values: () => object, set: (name: string, value) => void,
 *   showError: (name: string, message: string) => void, clearError: (name: string) => void,
 *   refuse: (name: string, message: string) => void, attempt: (name, make) => {ok, value},
 *   whereFor: (error, name: string) => string,
 *   problems: () => Array<{name: string, message: string}>, names: () => string[],
 *   input: (name: string) => HTMLElement}}
 */
export function buildParams(container, table, onChange) {
  const controls = new Map();

  for (const param of table) {
    const control = { param, ...build(container, param) };
    controls.set(param.name, control);
    if (param.value !== undefined) set(param.name, param.value);
    for (const input of control.inputs) {
      input.addEventListener(param.type === 'file' ? 'change' : 'input', () => {
        const problem = problemOf(param.name);
        if (problem) {
          showError(param.name, problem);
          return;
        }
        clearError(param.name);
        showValue(param.name);
        onChange(values(), param.name);
      });
    }
  }

  function read(name) {
    const { param, input, inputs } = controls.get(name);
    switch (param.type) {
      case 'checkbox':
        return input.checked;
      case 'radio':
        return inputs.find((i) => i.checked)?.value ?? null;
      case 'select':
        return input.value;
      case 'file':
        return input.files?.[0] ?? null;
      default:
        return input.value.trim() === '' ? NaN : Number(input.value);
    }
  }

  /**
   * Why the control's value cannot be used, or null. A field must hold a finite number; a
   * slider's value must also lie in its own range, and be whole if its step is (a browser
   * clamps what a reader drags or types, so only a script gets past that, but a value outside
   * it would ask the lab for work it was never sized for). Number fields keep their own rules:
   * a seed is judged by the crate, so the page and the crate refuse the same seeds with the
   * same message.
   */
  function problemOf(name) {
    const { param, input } = controls.get(name);
    if (param.type !== 'range' && param.type !== 'number') return null;
    const value = read(name);
    const label = param.label.toLowerCase();
    if (!Number.isFinite(value)) return `Enter a number for ${label}.`;
    if (param.type === 'range') {
      // The range the control itself declares (its min and max attributes).
      const min = input.min === '' ? -Infinity : Number(input.min);
      const max = input.max === '' ? Infinity : Number(input.max);
      const whole = Number.isInteger(Number(input.step || 1)) && !Number.isInteger(value);
      if (value < min || value > max || whole) {
        const what = whole ? 'a whole number from' : 'from';
        return `${param.label} must be ${what} ${input.min || '−∞'} to ${input.max || '∞'}; got ${value}.`;
      }
    }
    return null;
  }

  /** Every control whose value cannot be used, as `{name, message}`, in display order. */
  function problems() {
    const found = [];
    for (const name of controls.keys()) {
      const message = problemOf(name);
      if (message) found.push({ name, message });
    }
    return found;
  }

  function showValue(name) {
    const { param, output } = controls.get(name);
    if (param.type !== 'range') return;
    const value = read(name);
    output.textContent = param.format ? param.format(value) : String(value);
  }

  function set(name, value) {
    const { param, input, inputs } = controls.get(name);
    if (param.type === 'checkbox') input.checked = Boolean(value);
    else if (param.type === 'radio') for (const i of inputs) i.checked = i.value === value;
    else if (param.type !== 'file') input.value = String(value);
    showValue(name);
  }

  function values() {
    const result = {};
    for (const name of controls.keys()) result[name] = read(name);
    return result;
  }

  function showError(name, message) {
    const { input, error } = controls.get(name);
    if (!error.isConnected) input.closest('.param, fieldset')?.append(error);
    error.textContent = message;
    input.setAttribute('aria-invalid', 'true');
  }

  function clearError(name) {
    const { input, error } = controls.get(name);
    error.textContent = '';
    input.removeAttribute('aria-invalid');
  }

  /** The control showing a refusal now, if any: one message at a time. */
  let refusedOn = null;
  function refuse(name, message) {
    if (refusedOn && refusedOn !== name) clearError(refusedOn);
    showError(name, message);
    refusedOn = name;
  }

  /**
   * The control a refusal's message is about: the one whose name or label the message opens
   * with, as the crate words its refusals ("seed must be a whole number …", "radius 0.001 on
   * 720 × 400 needs …"), or null when it names none of them.
   */
  function controlNamedIn(message) {
    const opening = message.trimStart().toLowerCase();
    for (const [name, { param }] of controls) {
      for (const word of [name, param.label]) {
        const w = String(word).toLowerCase();
        // A whole word: "k must …" is about k, "keep must …" is not.
        if (w && opening.startsWith(w) && !/[\p{L}\p{N}_-]/u.test(opening.charAt(w.length))) return name;
      }
    }
    return null;
  }

  /**
   * Where a refusal that `make` threw is shown: the error's `control` if it names one, else the
   * control its message is about, else `name` (the control that changed). So a message stays
   * beside its own control whichever control changed last.
   */
  function whereFor(error, name) {
    return error?.control ?? controlNamedIn(messageOf(error)) ?? name ?? refusedOn ?? table[0].name;
  }

  /**
   * Makes something from the values: `make(values)` runs unless a control holds a value it
   * cannot use. A refusal, that control's problem or what `make` throws, is shown beside its
   * control (for a throw: see `whereFor`) and the last good result stays; success clears it.
   * Returns `{ok, value}`.
   */
  function attempt(name, make) {
    const [problem] = problems();
    if (problem) {
      refuse(problem.name, problem.message);
      return { ok: false };
    }
    let value;
    try {
      value = make(values());
    } catch (error) {
      refuse(whereFor(error, name), messageOf(error));
      return { ok: false };
    }
    if (refusedOn) clearError(refusedOn);
    refusedOn = null;
    return { ok: true, value };
  }

  return {
    values,
    set,
    showError,
    clearError,
    refuse,
    attempt,
    whereFor,
    problems,
    names: () => [...controls.keys()],
    input: (name) => controls.get(name).input,
  };
}
