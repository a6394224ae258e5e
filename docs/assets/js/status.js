// What the play page says of the engine: Python's loading (a progress bar and a status
// line, or its failure, in the page's language), and the table while the engine works
// on a move (a busy state, the turn's controls off, "the engine is working" after a
// quarter of a second, so that a quick move does not flash it).
//
//   showLoading(el, word);                  // follows engine.js's loading
//   const busy = busyTable(el, function (working) { ... });
//   busy(true); busy(false);                // sessionClient's onBusy
import { onProgress } from "./engine.js";
import { STAGES } from "./words.js";

const BUSY_DELAY = 250; // ms before "the engine is working" shows

export function showLoading(el, word) {
  onProgress(function (status, detail) {
    el.status.dataset.status = status;
    el.progress.value = STAGES[status] || 0;
    el.progress.hidden = status === "ready" || status === "failed";
    if (status === "failed") {
      el.status.textContent = word("play.loading.failed", { detail: detail || "" });
      el.status.classList.add("lq-refusal");
    } else {
      el.status.textContent = word("play.loading." + status);
    }
  });
}

// The busy display of the table; ``also(working)`` is told too (the tools' states).
export function busyTable(el, also) {
  let timer = null;
  return function (working) {
    el.root.setAttribute("aria-busy", working ? "true" : "false");
    // An attribute, not a class: on this page a class change on an element restyles all
    // that it holds (the journal and the ledger grow with the game), an attribute that
    // only play.css reads restyles the two parts it dims.
    el.game.toggleAttribute("data-busy", working);
    el.turn.querySelector("fieldset").disabled = working;
    also(working);
    clearTimeout(timer);
    if (working) timer = setTimeout(function () { el.busy.hidden = false; }, BUSY_DELAY);
    else el.busy.hidden = true;
  };
}
