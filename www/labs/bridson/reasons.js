// Why each candidate of the Bridson lab's step was placed or refused: the counts under the map,
// and the sentence for the candidate the pointer is over.

import { element, readouts, units } from '../../lib/lab.js';
import { markAt } from './paint.js';

/** How near (map units) the pointer must be to a candidate's mark to pick it. */
const REACH = 12;

/**
 * The reasons box, placed after `anchor`: returns `{candidateAt(tried, x, y), show(frame,
 * hovered)}`. `Outcome` is the bindings' outcome names; the map is `width × height`.
 */
export function stepReasons(anchor, Outcome, width, height) {
  const box = element('div', { className: 'step-reasons' });
  const title = element('p', { className: 'step-reasons-title', textContent: 'This step’s candidates:' });
  const list = element('dl', { className: 'reasons' });
  const hoverNote = element('p', { className: 'step-hover' });
  hoverNote.setAttribute('aria-live', 'polite');
  box.append(title, list, hoverNote);
  anchor.after(box);
  const setReason = readouts(list, [
    ['tried-this-step', 'tried'],
    ['placed-this-step', 'placed'],
    ['rejected-too-close', 'too close', 'Closer than r to a point: the dashed line leads to it'],
    ['rejected-off-map', 'off the map', 'Outside the map: marked at the edge it fell past'],
    ['rejected-wrong-ground', 'wrong ground', 'Refused by a ground rule (none in this lab; see the layers lab)'],
  ]);

  /** The candidate of `tried` nearest `(x, y)`, within a finger's reach, or −1. */
  function candidateAt(tried, x, y) {
    let best = -1;
    let bestD2 = REACH * REACH;
    for (let j = 0; j < tried.length; j += 4) {
      // Off-map candidates are marked at the edge, so that is where the pointer finds them.
      const [mx, my] = markAt(tried[j], tried[j + 1], width, height);
      const d2 = (mx - x) ** 2 + (my - y) ** 2;
      if (d2 < bestD2) [best, bestD2] = [j / 4, d2];
    }
    return best;
  }

  /** Says why candidate `i` of `tried` was placed or refused, in words. */
  function reasonOf(tried, i) {
    const [x, y, outcome, hit] = tried.subarray(i * 4, i * 4 + 4);
    const where = `Candidate ${i + 1} at (${units(x)}, ${units(y)})`;
    if (outcome === Outcome.Accepted) return `${where} was placed: at least r from every point.`;
    if (outcome === Outcome.OffMap) return `${where} fell off the map.`;
    if (outcome === Outcome.WrongGround) return `${where} stood on the wrong ground.`;
    return `${where} was too close to point ${hit + 1} (ringed in red): closer than r.`;
  }

  /** Writes the counts of the frame's shown step, and the hovered candidate's reason. */
  function show(frame, hovered) {
    const tried = frame.candidates;
    const shown = tried.length > 0;
    setReason('tried-this-step', tried.length / 4);
    setReason('placed-this-step', shown ? frame.triedAccepted : 0);
    setReason('rejected-off-map', shown ? frame.triedOffMap : 0);
    setReason('rejected-wrong-ground', shown ? frame.triedWrongGround : 0);
    setReason('rejected-too-close', shown ? frame.triedTooClose : 0);
    const note = hovered >= 0 && hovered * 4 < tried.length ? reasonOf(tried, hovered) : '';
    hoverNote.textContent = note || (shown ? 'Point at a mark on the map to see why it was placed or refused.' : '');
  }

  return { candidateAt, show };
}
