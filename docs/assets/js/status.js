// @ts-check
// What the play page says of the engine: Python's loading (a progress bar and a status
// line in the page's language: megabytes downloaded of the total, then "starting
// Python", or "restoring" it from the last visit, then ready; or its failure; offline
// with Python never kept, one sentence and no play controls), and the table while the engine works
// on a move (a busy state, the turn's controls off, "the engine is working" after a
// quarter of a second, so that a quick move does not flash it).
//
//   followLoading(el, word);                 // follows engine.js's loading
//   const busy = busyTable(el, function (working) { ... });
//   busy(true); busy(false);                // sessionClient's onBusy
import { onProgress } from "./engine.js";
import { required, showLoading } from "./page.js";

const BUSY_DELAY = 250; // ms before "the engine is working" shows

// Python's loading in the page core's one display (the play page's words, the megabytes
// downloaded); offline with Python never kept, the sentence alone, no controls.
/**
 * @param {Page.Elements} el
 * @param {Page.Word} word
 */
export function followLoading(el, word) {
  /** @type {Page.Loading} */
  const display = { line: el.status, bar: el.progress, word: word, words: "play.loading.", figures: true };
  onProgress(function (status, detail) {
    showLoading(display, status, detail);
    // Final: play.css hides the quick game, the form and the game under this mark, so no
    // later step of the page's set-up (a form shown, a link's game) brings them back.
    if (status === "offline") el.root.setAttribute("data-lq-offline", "");
  });
}

// The busy display of the table; ``also(working)`` is told too (the tools' states).
/**
 * @param {Page.Elements} el
 * @param {(working: boolean) => void} also
 * @returns {(working: boolean) => void}
 */
export function busyTable(el, also) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  return function (working) {
    el.root.setAttribute("aria-busy", working ? "true" : "false");
    // An attribute, not a class: on this page a class change on an element restyles all
    // that it holds (the journal and the ledger grow with the game), an attribute that
    // only play.css reads restyles the two parts it dims.
    el.game.toggleAttribute("data-busy", working);
    /** @type {HTMLFieldSetElement} */ (required(el.turn, "fieldset")).disabled = working;
    also(working);
    clearTimeout(timer);
    if (working) timer = setTimeout(function () { el.busy.hidden = false; }, BUSY_DELAY);
    else el.busy.hidden = true;
  };
}
