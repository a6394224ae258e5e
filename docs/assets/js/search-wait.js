// @ts-check
// Material's search builds its index (lunr, in a worker) as soon as a page loads: about
// half a second of a processor here, more on a phone. On a page where Python is starting,
// that work competes with Python's own start (benchmarks/RESULTS.md, 3c). This script
// runs just before Material's bundle on the pages that hold the engine (the site plugin
// writes its tag there only: lansquenet_site/chrome.py) and holds the search worker back
// until the first of:
//   - Python has started, or failed (engine.js: the "lansquenet:engine" event);
//   - the page has loaded with no Python starting (a page that starts it on request);
//   - the reader opens the search (its box takes the focus, or its toggle is checked).
// The search then works exactly as it would have. What this knows of Material: the
// worker's address (its __config's "search") and that Material talks to the worker with
// postMessage() and "message" events; tests/browser/test_smoke.py searches a play page.
(function () {
  "use strict";

  const Native = window.Worker;
  const config = document.getElementById("__config");
  if (!Native || !config) return;
  /** @type {string} */
  let address;
  try {
    address = new URL(JSON.parse(config.textContent).search, document.baseURI).href;
  } catch (error) {
    return; // no search worker named: nothing to hold
  }

  /** @type {(() => void)[]} */
  const held = []; // functions that create the real worker, once allowed
  let free = false;

  function release() {
    if (free) return;
    free = true;
    window.Worker = Native;
    held.splice(0).forEach(function (create) { create(); });
  }

  // A stand-in with the worker's interface, until the real worker may start.
  /**
   * @param {string | URL} url
   * @param {WorkerOptions} [options]
   * @returns {Worker}
   */
  function HeldWorker(url, options) {
    if (free || new URL(url, document.baseURI).href !== address) return new Native(url, options);
    const stand = /** @type {Worker} */ (new EventTarget());
    /** @type {any[]} */
    const messages = [];
    /** @type {Worker | null} */
    let worker = null;
    held.push(function () {
      const real = worker = new Native(url, options);
      ["message", "messageerror", "error"].forEach(function (type) {
        real.addEventListener(type, function (event) {
          stand.dispatchEvent(type === "error" ? new Event("error") : new MessageEvent(type, { data: /** @type {MessageEvent} */ (event).data }));
        });
      });
      messages.splice(0).forEach(function (message) { real.postMessage(message); });
    });
    stand.postMessage = function (message) {
      if (worker) worker.postMessage(message);
      else messages.push(message);
    };
    stand.terminate = function () {
      if (worker) worker.terminate();
      messages.length = 0;
    };
    return stand;
  }
  window.Worker = /** @type {typeof Worker} */ (/** @type {unknown} */ (HeldWorker));

  const engine = function () { return document.documentElement.getAttribute("data-lq-engine"); };
  window.addEventListener("lansquenet:engine", release);
  window.addEventListener("load", function () {
    if (engine() !== "starting") release();
  }, { once: true });
  document.addEventListener("focusin", function (event) {
    const target = /** @type {Element} */ (event.target);
    if (target.matches && target.matches("[data-md-component=search-query]")) release();
  });
  document.addEventListener("change", function (event) {
    if (/** @type {Element} */ (event.target).id === "__search") release();
  });
})();
