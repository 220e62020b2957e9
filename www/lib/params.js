// Controls from a parameter table. Each lab lists its parameters once; this builds a labelled
// control for each, with the current value visible beside sliders and an inline message
// slot (role="status") where the lab explains a value the sampler refused.
//
// A parameter: { name, label, type: 'range' | 'number' | 'checkbox', value,
//                min?, max?, step?, format?: (value) => string }

let nextId = 0;

/**
 * Builds the controls for `table` inside `container`.
 *
 * @param {HTMLElement} container
 * @param {Array<object>} table the lab's parameters, in display order
 * @param {(values: object, name: string) => void} onChange called with every value and the
 *   name of the control that changed, on each input; a field that does not hold a number,
 *   or a slider set outside its range, shows a message instead
 * @returns {{values: () => object, set: (name: string, value: number | boolean) => void,
 *   showError: (name: string, message: string) => void, clearError: (name: string) => void,
 *   problems: () => Array<{name: string, message: string}>}}
 */
export function buildParams(container, table, onChange) {
  const controls = new Map();

  for (const param of table) {
    const id = `param-${param.name}-${++nextId}`;
    const row = document.createElement('div');
    row.className = `param param-${param.type}`;

    const input = document.createElement('input');
    input.type = param.type;
    input.name = param.name;
    input.id = id;
    for (const key of ['min', 'max', 'step']) {
      if (param[key] !== undefined) input[key] = String(param[key]);
    }

    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = param.label;

    const output = document.createElement('output');
    output.htmlFor = id;

    const error = document.createElement('span');
    error.className = 'param-error';
    error.setAttribute('role', 'status');
    error.dataset.errorFor = param.name;

    if (param.type === 'checkbox') {
      row.append(input, label, error);
    } else if (param.type === 'range') {
      row.append(label, input, output, error);
    } else {
      row.append(label, input, error);
    }
    container.append(row);
    controls.set(param.name, { param, input, output, error });
    set(param.name, param.value);

    input.addEventListener('input', () => {
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

  function read(name) {
    const { param, input } = controls.get(name);
    if (param.type === 'checkbox') return input.checked;
    return input.value.trim() === '' ? NaN : Number(input.value);
  }

  /**
   * Why the control's value cannot be used, or null. A field must hold a finite number; a
   * slider's value must also lie in its own range (a browser clamps what a reader drags or types,
   * so only a script gets past that, but a value outside it would ask the lab for work it was
   * never sized for). Number fields keep their own rules: a seed is judged by the crate, so the
   * page and the crate refuse the same seeds with the same message.
   */
  function problemOf(name) {
    const { param, input } = controls.get(name);
    if (param.type === 'checkbox') return null;
    const value = read(name);
    const label = param.label.toLowerCase();
    if (!Number.isFinite(value)) return `Enter a number for ${label}.`;
    if (param.type === 'range') {
      // The range the control itself declares (its min and max attributes).
      const min = input.min === '' ? -Infinity : Number(input.min);
      const max = input.max === '' ? Infinity : Number(input.max);
      if (value < min || value > max) {
        return `${param.label} must be from ${input.min || '−∞'} to ${input.max || '∞'}; got ${value}.`;
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
    const { param, input } = controls.get(name);
    if (param.type === 'checkbox') input.checked = Boolean(value);
    else input.value = String(value);
    showValue(name);
  }

  function values() {
    const result = {};
    for (const name of controls.keys()) result[name] = read(name);
    return result;
  }

  function showError(name, message) {
    const { input, error } = controls.get(name);
    error.textContent = message;
    input.setAttribute('aria-invalid', 'true');
  }

  function clearError(name) {
    const { input, error } = controls.get(name);
    error.textContent = '';
    input.removeAttribute('aria-invalid');
  }

  return { values, set, showError, clearError, problems };
}
