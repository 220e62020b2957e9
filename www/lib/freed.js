// Use after free(), said in words. A wasm-bindgen object keeps its Rust value's address in
// `__wbg_ptr` and sets it to 0 in `free()`; a method called afterwards hands 0 to Rust, whose
// glue answers only "null pointer passed to rust". `guardFreed(bindings)` makes every method and
// getter of every exported class check first (itself and any object argument) and throw
// "this <Class> was freed …" instead, and makes a second free() do nothing. Constructors and
// plain functions cannot be wrapped (a module's exports are read-only): a freed object passed
// to one still gets wasm-bindgen's words.
//
// Free from inside a call, refused in words. The glue reads the object's address first and
// converts the arguments after (a number's `valueOf`, in the call into wasm), so an argument
// whose `valueOf` or getter frees the object, or calls a method that consumes it, would leave
// that call running Rust on freed memory. While a guarded method or getter runs, its object and
// every object handed to it are in use: free() and every other call on them throw "… is in use
// by its run() call" instead, and the object stays as it was. A constructor or function reads
// its parameter objects in Rust, which holds its object arguments meanwhile: a free() from a
// getter there lets go of the address, and Rust drops the value when that call returns.
//
// The one copy: the page calls it on the module it loads (www/main.js), and scripts/package.sh
// ships this file in the npm package, whose entries (node.js, browser.js) call it too.

/** The message for a call on a freed object of class `name`. */
export function freedMessage(name) {
  return `this ${name} was freed (free() was called on it): make a new one`;
}

/** The message for a call on an object `name` while its call `running` has not returned. */
export function inUseMessage(name, running) {
  return `this ${name} is in use by its ${running} call (a value handed to that call reached back into it): use or free it after that call returns`;
}

/** On an object whose guarded call has not returned: that call's name (`run()`). */
const RUNNING = Symbol('running call');

/** Refuses a call on `object` of class `name` while another call on it runs. */
function refuseInUse(object, name) {
  if (object != null && typeof object === 'object' && object[RUNNING] !== undefined) {
    throw new Error(inUseMessage(name, object[RUNNING]));
  }
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
        d.value = guard(d.value, name, `${key}()`);
      } else if (d.get) {
        d.get = guard(d.get, name, key);
      } else {
        continue;
      }
      Object.defineProperty(proto, key, d);
    }
    // A second free() does nothing (the first one released the Rust value); a free() from
    // inside a call on the object is refused. `using` frees through Symbol.dispose: the same.
    const free = proto.free;
    const guardedFree = function (...args) {
      if (this != null && this.__wbg_ptr === 0) return undefined;
      refuseInUse(this, name);
      try {
        return free.apply(this, args);
      } catch (error) {
        // A constructor or function (not guarded here) still holds the object, as an argument
        // it is reading (a getter in its parameters called free()): the glue has let go of the
        // address, and Rust drops the value when that call returns. The free is done, late.
        if (this != null && this.__wbg_ptr === 0) return undefined;
        throw error;
      }
    };
    Object.defineProperty(guardedFree, 'name', { value: 'free' });
    for (const key of ['free', ...(typeof Symbol.dispose === 'symbol' ? [Symbol.dispose] : [])]) {
      const d = Object.getOwnPropertyDescriptor(proto, key);
      if (d && typeof d.value === 'function') Object.defineProperty(proto, key, { ...d, value: guardedFree });
    }
    Object.defineProperty(proto, '__freedGuard', { value: true });
  }
  return bindings;
}

/**
 * `method` (`call` names it in messages: `run()`, `pointCount`), refusing to run on an object
 * whose Rust value is gone or that another call is using, and marking its object and the objects
 * handed to it as in use until it returns; same name and length.
 */
function guard(method, name, call) {
  const guarded = function (...args) {
    if (this != null && this.__wbg_ptr === 0) throw new Error(freedMessage(name));
    refuseInUse(this, name);
    // A freed object handed in as an argument is refused in the same words.
    let others = null;
    for (const arg of args) {
      if (arg != null && typeof arg === 'object' && '__wbg_ptr' in arg) {
        const kind = arg.constructor?.name ?? 'object';
        if (arg.__wbg_ptr === 0) throw new Error(`the ${kind} passed in was freed (free() was called on it): make a new one`);
        refuseInUse(arg, kind);
        (others ??= []).push(arg);
      }
    }
    const self = this != null && typeof this === 'object' ? this : null;
    if (self) self[RUNNING] = call;
    if (others) for (const object of others) object[RUNNING] = call;
    try {
      return method.apply(this, args);
    } finally {
      if (self) self[RUNNING] = undefined;
      if (others) for (const object of others) object[RUNNING] = undefined;
    }
  };
  Object.defineProperty(guarded, 'name', { value: method.name });
  Object.defineProperty(guarded, 'length', { value: method.length });
  return guarded;
}
