// @ts-check
// The page's one way of saying something in its polite live region (#lq-announce): the
// region is emptied, then given the sentence on the next frame, so that a sentence the
// region already holds (the croupier's L, pressed while the last event is still there) is
// a change all the same, and a screen reader reads it again. A sentence asked for before
// the last one was set replaces it: only the newest is told.
//
//   announce(region, text);

/** @type {WeakMap<HTMLElement, number>} the frame each region waits for */
const pending = new WeakMap();

/**
 * @param {HTMLElement} region the polite live region
 * @param {string} text
 */
export function announce(region, text) {
  const waiting = pending.get(region);
  if (waiting !== undefined) cancelAnimationFrame(waiting);
  region.textContent = "";
  pending.set(region, requestAnimationFrame(function () {
    pending.delete(region);
    region.textContent = text;
  }));
}
