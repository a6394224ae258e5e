// @ts-check
// What the play page says of the engine: Python's loading (a progress bar and a status
// line in the page's language: megabytes downloaded of the total, then "starting
// Python", or "restoring" it from the last visit, then ready; or its failure; offline
// with Python never kept, one sentence and no play controls), and the table while the engine works
// on a move (a busy state, the turn's controls off, "the engine is working" after a
// quarter of a second, so that a quick move does not flash it).
//
//   showLoading(el, word);                  // follows engine.js's loading
//   const busy = busyTable(el, function (working) { ... });
//   busy(true); busy(false);                // sessionClient's onBusy
import { onProgress } from "./engine.js";

// The progress bar's value (of 100) at each stage; downloading fills 5 to 80.
/** @type {Record<string, number>} */
const AT = { idle: 0, runtime: 5, starting: 85, restoring: 50, engine: 95, ready: 100 };

const BUSY_DELAY = 250; // ms before "the engine is working" shows

/**
 * @param {Page.Elements} el
 * @param {Page.Word} word
 */
export function showLoading(el, word) {
  /** @type {Intl.NumberFormat} */
  let megabytes = null; // made at the first download's figure: not in the page's first task
  /** @param {number} bytes */
  function inMegabytes(bytes) {
    megabytes = megabytes || new Intl.NumberFormat(el.root.lang || document.documentElement.lang || "en", {
      minimumFractionDigits: 1, maximumFractionDigits: 1,
    });
    return megabytes.format(bytes / 1e6);
  }
  el.progress.max = 100;
  onProgress(function (status, detail) {
    el.status.dataset.status = status;
    el.progress.hidden = status === "ready" || status === "failed" || status === "offline";
    el.progress.value = AT[status] || 0;
    if (status === "failed") {
      el.status.textContent = word("play.loading.failed", { detail: detail || "" });
      el.status.classList.add("lq-refusal");
    } else if (status === "offline") {
      // Nothing to play with: the sentence alone, no controls.
      el.status.textContent = word("play.loading.offline");
      // And what the site keeps on this device, to see or erase (the footer's button).
      const keeps = document.querySelector(".lq-forget-open");
      if (keeps) el.status.append(" ", keeps.cloneNode(true));
      [el.setup, el.game, el.root.querySelector(".lq-quick")].forEach(function (part) {
        if (part) part.hidden = true;
      });
    } else if (status === "runtime" && detail && detail.total) {
      const share = Math.min(detail.loaded / detail.total, 1);
      el.progress.value = AT.runtime + share * (AT.starting - AT.runtime - 5);
      el.status.textContent = word("play.loading.download", {
        loaded: inMegabytes(detail.loaded), total: inMegabytes(detail.total),
      });
    } else {
      el.status.textContent = word("play.loading." + status + (status === "ready" && detail === "plain" ? "_plain" : ""));
    }
  });
}

// The busy display of the table; ``also(working)`` is told too (the tools' states).
/**
 * @param {Page.Elements} el
 * @param {(working: boolean) => void} also
 * @returns {(working: boolean) => void}
 */
export function busyTable(el, also) {
  /** @type {ReturnType<typeof setTimeout>} */
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
