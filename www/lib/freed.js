// Use after free(), said in words. A wasm-bindgen object keeps its Rust value's address in
// `__wbg_ptr` and sets it to 0 in `free()`; a method called afterwards hands 0 to Rust, whose
// glue answers only "null pointer passed to rust". `guardFreed(bindings)` makes every method and
// getter of every exported class check first (itself and any object argument) and throw
// "this <Class> was freed …" instead, and makes a second free() do nothing. Constructors and
// plain functions cannot be wrapped (a module's exports are read-only): a freed object passed
// to one still gets wasm-bindgen's words.
//
// The one copy: the page calls it on the module it loads (www/main.js), and scripts/package.sh
// ships this file in the npm package, whose entries (node.js, browser.js) call it too.

/** The message for a call on a freed object of class `name`. */
export function freedMessage(name) {
  return `this ${name} was freed (free() was called on it): make a new one`;
}

/** Wraps the methods and getters of every class in `bindings` (a module namespace), once. */
export function guardFreed(bindings) {
  for (const value of Object.values(bindings)) {
    if (typeof value !== 'function' || !value.prototype || value.prototype.__freedGuard) continue;
    const proto = value.prototype;
    if (typeof proto.free !== 'function') continue; // not a wasm-bindgen class
    const name = value.name;
    for (const key of Object.getOwnPropertyNames(proto)) {
      if (key === 'constructor' || key === 'free' || key.startsWith('__')) continue;
      const d = Object.getOwnPropertyDescriptor(proto, key);
      if (typeof d.value === 'function') {
        d.value = guard(d.value, name);
      } else if (d.get) {
        d.get = guard(d.get, name);
      } else {
        continue;
      }
      Object.defineProperty(proto, key, d);
    }
    // A second free() does nothing (the first one released the Rust value).
    const free = proto.free;
    Object.defineProperty(proto, 'free', {
      ...Object.getOwnPropertyDescriptor(proto, 'free'),
      value: function (...args) {
        if (this != null && this.__wbg_ptr === 0) return undefined;
        return free.apply(this, args);
      },
    });
    Object.defineProperty(proto, '__freedGuard', { value: true });
  }
  return bindings;
}

/** `method`, refusing to run on an object whose Rust value is gone; same name and length. */
function guard(method, name) {
  const guarded = function (...args) {
    if (this != null && this.__wbg_ptr === 0) throw new Error(freedMessage(name));
    // A freed object handed in as an argument is refused in the same words.
    for (const arg of args) {
      if (arg != null && typeof arg === 'object' && arg.__wbg_ptr === 0) {
        throw new Error(`the ${arg.constructor?.name ?? 'object'} passed in was freed (free() was called on it): make a new one`);
      }
    }
    return method.apply(this, args);
  };
  Object.defineProperty(guarded, 'name', { value: method.name });
  Object.defineProperty(guarded, 'length', { value: method.length });
  return guarded;
}
