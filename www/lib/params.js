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
 *   name of the control that changed, on each input; number fields that do not hold a
 *   number yet show a message instead
 * @returns {{values: () => object, set: (name: string, value: number | boolean) => void,
 *   showError: (name: string, message: string) => void, clearError: (name: string) => void}}
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
      const value = read(param.name);
      if (Number.isNaN(value)) {
        showError(param.name, `Enter a number for ${param.label.toLowerCase()}.`);
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

  return { values, set, showError, clearError };
}
