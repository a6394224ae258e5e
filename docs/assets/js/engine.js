// @ts-check
// The engine in the page: a module that starts the Python worker (engine-worker.mjs)
// on first use and sends it JSON requests. Nothing here knows a rule; the answers are
// the engine's own (lansquenet/web.py; as types, types/bridge.d.ts: each request's
// answer is Bridge.AnswerTo<request>). The main thread never waits on Python.
//
//   import { call, start, onProgress } from "./engine.js";
//   await call({ op: "replay", scenario });    // the command line's JSON
//   window.lansquenet.replay(scenario);         // the same, from anywhere in the page
//
// The wheel's address is written by the site plugin on the element [data-lq-wheel].
// That element also says how Python started, once it has: data-lq-python="snapshot"
// (restored from the memory snapshot of an earlier visit), "build-snapshot" (restored from
// the one the build made, on a first visit) or "plain", and
// data-lq-snapshot="kept" once a plain start has left its snapshot for the next visit.

/** @typedef {(status: string, detail?: any) => void} Listener */

/** @type {Worker | null} */
let worker = null;
let nextId = 1;
/** @type {(Error & {offline: boolean}) | null} */
let failure = null; // the loading failure, once there is one (``offline``: Python's files out of reach)
// "idle" | "runtime" (downloading; detail {loaded, total}) | "starting" | "restoring" |
// "engine" | "ready" (detail "plain": a snapshot could not be restored, Python started
// plainly) | "failed" (detail: the error) | "offline" (Python's files out of reach)
let status = "idle";
/** @typedef {{resolve: (answer: any) => void, reject: (error: Error) => void}} Waiting */
/** @type {Map<number, Waiting>} */
const pending = new Map(); // id -> {resolve, reject}
/** @type {Set<Listener>} */
const listeners = new Set();

/**
 * @param {string} next
 * @param {any} [detail]
 */
function setStatus(next, detail) {
  status = next;
  listeners.forEach(function (listener) { listener(status, detail); });
  // offline.js waits for this before it registers the service worker (and has it keep
  // Python's files): the first start's downloads are Python's alone.
  if (next === "ready" || next === "failed" || next === "offline") {
    document.documentElement.setAttribute("data-lq-engine", next);
    window.dispatchEvent(new CustomEvent("lansquenet:engine", { detail: next }));
  }
}

/**
 * @param {string} message
 * @param {boolean} [offline]
 */
function fail(message, offline) {
  if (failure) return;
  failure = Object.assign(new Error(message), { offline: Boolean(offline) });
  setStatus(offline ? "offline" : "failed", offline ? undefined : message);
  const failed = failure;
  pending.forEach(function (waiting) { waiting.reject(failed); });
  pending.clear();
}

function holder() {
  const found = document.querySelector("[data-lq-wheel]");
  if (!found) throw new Error("no [data-lq-wheel] in this page");
  return found;
}

// The engine's wheel, its digest in its address: which engine this page runs.
export function wheelURL() {
  return new URL(holder().getAttribute("data-lq-wheel") || "", document.baseURI).href;
}

// Under `mkdocs serve` (offline.js told "off"), no snapshot is kept: the engine changes.
function serving() {
  return document.querySelector('script[data-lq-sw="off"]') !== null;
}

// Start the worker if it is not running yet (safe to call any number of times).
export function start() {
  if (worker || failure) return;
  try {
    const url = new URL("engine-worker.mjs", import.meta.url);
    url.searchParams.set("wheel", wheelURL());
    if (serving()) url.searchParams.set("snapshots", "off");
    // A reader who asked to save data: Python starts plainly (6.6 MB less to download).
    if (navigator.connection && navigator.connection.saveData) url.searchParams.set("data", "save");
    worker = new Worker(url, { type: "module" });
  } catch (/** @type {any} */ error) {
    fail(String((error && error.message) || error));
    return;
  }
  document.documentElement.setAttribute("data-lq-engine", "starting");
  setStatus("runtime");
  worker.addEventListener("message", function (event) {
    /** @type {Bridge.FromWorker} */
    const message = event.data || {};
    // "failed" and "offline" are final: no later progress turns them back into a download.
    if (failure && message.progress) return;
    if (message.progress === "failed") fail(message.error || "failed");
    else if (message.progress === "offline") fail("offline", true);
    else if (message.progress === "kept") {
      if (message.kept) holder().setAttribute("data-lq-snapshot", "kept");
    } else if (message.progress === "ready") {
      holder().setAttribute("data-lq-python", message.from || "");
      // A snapshot that could not be restored: the views say so ("…ready_plain").
      setStatus("ready", message.refused ? "plain" : undefined);
    } else if (message.progress === "runtime") {
      setStatus("runtime", { loaded: message.loaded || 0, total: message.total || 0 });
    } else if (message.progress) setStatus(message.progress);
    else if (message.id !== undefined && pending.has(message.id)) {
      const waiting = /** @type {Waiting} */ (pending.get(message.id));
      pending.delete(message.id);
      waiting.resolve(JSON.parse(message.response || "null"));
    }
  });
  worker.addEventListener("error", function (event) {
    fail((event && event.message) || "the engine's worker could not start");
  });
}

// Send one request (an object) and get the engine's answer (an object).
/**
 * @template {Bridge.Request} R
 * @param {R} request
 * @returns {Promise<Bridge.AnswerTo<R>>}
 */
export function call(request) {
  start();
  const running = worker; // start() made it, or failed
  if (failure || !running) return Promise.reject(failure);
  return new Promise(function (resolve, reject) {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    /** @type {Bridge.ToWorker} */
    const message = { id, request: JSON.stringify(request) };
    running.postMessage(message);
  });
}

// Follow the loading: listener(status, detail) now and at every change.
/**
 * @param {Listener} listener
 * @returns {() => void} what stops following it
 */
export function onProgress(listener) {
  listeners.add(listener);
  listener(status, failure ? failure.message : undefined);
  return function () { listeners.delete(listener); };
}

window.lansquenet = Object.assign(window.lansquenet || {}, {
  // Exactly what `python -m lansquenet replay` prints for this scenario (refusals too).
  replay: function (/** @type {Bridge.Scenario | string} */ scenario) { return call({ op: "replay", scenario }); },
  call,
});

// An SVG the engine drew (a diagram, a chart), read as SVG: an XML parser runs no
// script and knows no HTML, so names inside it stay text. Null if it is not an SVG.
/**
 * @param {string | null | undefined} text
 * @returns {SVGSVGElement | null}
 */
export function parseSvg(text) {
  if (!text) return null;
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = /** @type {Element} */ (doc.documentElement); // not an HTML element here
  if (!svg || svg.nodeName !== "svg" || doc.getElementsByTagName("parsererror").length) return null;
  return /** @type {SVGSVGElement} */ (document.importNode(svg, true));
}
