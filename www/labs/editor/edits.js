// The level editor's edits as one job. Every change to the map goes through one queue of
// operations (begin a drag, a point of the drag, end it, a keyboard dab, undo), worked through a
// slice per frame: an operation starts only once the edit before it is applied, so no call ever
// has to finish an edit in one go, and no frame blocks. Consecutive points of a drag become one
// stroke along their path. Once the queue is empty the job orders the points progressively
// (ProgressiveOrder) for the detail slider.
//
// `state` is the lab's: the map, the queue `ops`, the `last` point applied, the order and the
// map's change count (`version`) it was made for.

/**
 * The job that works through the queue, then orders the points for the detail slider. Its
 * units are the bindings' (a Bridson step or about as much), so the driver measures them.
 */
export function editWork(wasm, state) {
  return {
    kind: 'EditableMap',
    get stage() {
      return state.map?.busy || state.ops.length > 0 ? 'edit' : 'order';
    },
    run(units) {
      const map = state.map;
      if (!map) return true;
      if (map.busy) {
        const done = map.run(units);
        if (done) changed(state);
        return false;
      }
      if (state.ops.length > 0) {
        apply(map, state);
        return false;
      }
      if (state.orderOf === state.version) return true;
      if (!state.ordering) {
        state.ordering = new wasm.ProgressiveOrder(map.points());
        state.orderingOf = state.version;
      }
      if (!state.ordering.run(units)) return false;
      state.order = state.ordering.take();
      state.orderOf = state.orderingOf;
      state.ordering.free();
      state.ordering = null;
      return state.orderOf === state.version;
    },
  };
}

/** Starts the next operation of the queue (the map is not busy). */
function apply(map, state) {
  const op = state.ops.shift();
  switch (op.type) {
    case 'begin':
      map.beginStroke();
      state.last = null;
      break;
    case 'point': {
      // This point and every point queued right after it: one stroke along their path, from
      // the last point applied.
      const path = state.last ? [state.last.x, state.last.y] : [];
      let end = op;
      path.push(op.x, op.y);
      while (state.ops[0]?.type === 'point') {
        end = state.ops.shift();
        path.push(end.x, end.y);
      }
      map.stroke(op.tool, path, op.size);
      state.last = end;
      break;
    }
    case 'end':
      map.endStroke();
      state.last = null;
      break;
    case 'dab':
      map.stroke(op.tool, [op.x, op.y], op.size);
      break;
    case 'undo':
      if (map.undo()) changed(state);
      break;
    default:
      throw new Error(`unknown operation ${op.type}`);
  }
}

export function changed(state) {
  state.version += 1;
  state.cache = null;
  // An order being made for an older map is of no use.
  if (state.ordering) {
    state.ordering.free();
    state.ordering = null;
  }
}

