// @ts-check
// Offline after the first visit: registers the site's service worker (sw.js, at the
// site's top folder, written by site_plugins/lansquenet_site/offline.py), whose scope
// is the whole site, both languages. Every page loads this script (the plugin writes
// its tag): data-lq-sw is the worker's address, data-lq-scope the site's top folder.
// Under `mkdocs serve` data-lq-sw is "off": a worker left on this address by a built
// site is removed, with the files it kept, so that live reload always gets fresh files.
// Nothing here is needed to read the site: without service workers, nothing happens.
//
// It also holds the erase control of every page (the footer's button, the play page's
// offline notice: [data-lq-forget-open]; it was forget-control.js, a request of its own).
// What that runs, forget.js (what the site keeps, listed with its sizes, and erased on
// confirmation), its dialog in the page's language (assets/forget/<lang>.json, written
// at build time from site.po) and its styles (assets/css/forget.css, through core.js's
// stylesheet; forget.js brings both) come when the control is first pressed: few readers
// ever press it, and no
// page downloads them before (benchmarks figure 5a). The service worker keeps them all,
// for a press while offline. The control works with or without service workers.
(function () {
  "use strict";

  const script = document.currentScript;
  if (script instanceof HTMLScriptElement) eraseControl(new URL(script.src, document.baseURI).href);
  if (!script || !("serviceWorker" in navigator)) return;
  const worker = script.getAttribute("data-lq-sw");
  const scope = new URL(script.getAttribute("data-lq-scope") || "./", document.baseURI).href;

  if (worker === "off") {
    navigator.serviceWorker.getRegistrations().then(function (registrations) {
      registrations.forEach(function (registration) {
        if (registration.scope === scope) registration.unregister();
      });
    }, function () {});
    // And the files it kept (sw.js names its caches "lansquenet:<site path>:<version>").
    const prefix = "lansquenet:" + new URL(scope).pathname + ":";
    if (window.caches) {
      caches.keys().then(function (names) {
        names.forEach(function (name) { if (name.indexOf(prefix) === 0) caches.delete(name); });
      }, function () {});
    }
    return;
  }

  function register() {
    navigator.serviceWorker
      .register(new URL(worker || "sw.js", document.baseURI).href, { scope: scope })
      .catch(function (error) {
        // Offline reading is a bonus: the site works without it. Say so quietly.
        console.warn("Lansquenet: offline reading is not available here (" + error + ")");
      });
  }

  // Once Python has started on this page, the worker keeps its files (they were fetched
  // before the worker controlled the page, on a first visit).
  function keepPython() {
    const wheel = document.querySelector("[data-lq-wheel]");
    const urls = wheel ? [new URL(wheel.getAttribute("data-lq-wheel") || "", document.baseURI).href] : [];
    navigator.serviceWorker.ready.then(function (registration) {
      // A reader saving data keeps no copy of the build's Python snapshot (never fetched).
      const saveData = Boolean(navigator.connection && navigator.connection.saveData);
      if (registration.active) registration.active.postMessage({ keep: "python", urls: urls, saveData: saveData });
    }, function () {});
  }

  // After the page's own files: the worker then downloads the rest of the site. On a page
  // where Python is starting (engine.js marks <html data-lq-engine>), after Python: its
  // download comes first, and then the worker keeps it.
  function whenLoaded() {
    const engine = document.documentElement.getAttribute("data-lq-engine");
    if (engine !== "starting") register();
    if (engine === "ready") keepPython();
    window.addEventListener("lansquenet:engine", function (event) {
      // In a task of its own, not in the one that shows the engine ready: the first
      // register() of a page can hold the main thread 5 to 100 ms (benchmarks/README.md, 3b).
      setTimeout(function () {
        register(); // again is harmless: the same worker, the same scope
        if (event.detail === "ready") keepPython();
      }, 0);
    });
  }
  if (document.readyState === "complete") whenLoaded();
  else window.addEventListener("load", whenLoaded, { once: true });
  // The erase control: forget.js, loaded with the button's first press, which brings its
  // dialog and stylesheet and opens it. ``here``: this script's address (forget.js beside it).
  /** @param {string} here */
  function eraseControl(here) {
    let loading = false;
    document.addEventListener("click", function (event) {
      const target = event.target;
      if (loading || !(target instanceof Element) || !target.closest("[data-lq-forget-open]")) return;
      loading = true; // from now on, forget.js's own listener takes the presses
      import(new URL("forget.js", here).href).then(function (forget) { return forget.openDialog(); }).catch(function (error) {
        loading = false; // offline with the files never kept: the next press tries again
        console.warn("Lansquenet: the erase control could not load:", String((error && error.message) || error));
      });
    });
  }
})();
