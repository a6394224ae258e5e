// @ts-check
// A page shown in a frame of the class view (class.js): its side of their messages
// (types/messages.d.ts), by postMessage only, from and to its own site. Told "hello",
// the page shows its table alone (projector.css's .lq-framed) and says so ("lq:framed",
// links.js then shares its game's short address), passes on the class's keys (PageDown,
// PageUp: the clicker's; P, R, Escape while its own projector view is not open) and tells
// what its view shares (share.js's "lq:share"). Told "coach", its table's projector view
// opens once, as soon as a table is there to project (projector.js); "reveal" reveals
// the vote's odds. Elsewhere (not in a frame, or never told), nothing happens.
//
//   framed();          // whether the page is shown in the class view
//   classKey(event);   // the key the class view may take from ``event``, or null
import { typing } from "./page.js";
import { containers, project, projected, reveal } from "./projector.js";

const CLASS_KEYS = ["p", "P", "r", "R", "Escape"];
const CLICKER = ["PageDown", "PageUp"];

let hello = false;
let coach = { on: false, done: false }; // projected for the coach's part; once

/** @returns {boolean} */
export function framed() {
  return hello;
}

// The key the class view may take from ``event`` (the page's or a frame's): none held with
// a modifier or already taken; typing keeps its keys, but a clicker's go on from a
// one-line field (the table's amount).
/**
 * @param {KeyboardEvent} event
 * @returns {string | null}
 */
export function classKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return null;
  const clicker = CLICKER.indexOf(event.key) >= 0;
  if (typing(event.target) && !(clicker && event.target instanceof HTMLInputElement)) return null;
  return event.key;
}

/** @param {ClassMessage.FromFrame} message */
function tell(message) {
  window.parent.postMessage(message, location.origin);
}

// The table to project for the coach: the first view that may be projected and is shown.
/** @param {EventTarget | null} target */
function coached(target) {
  if (!coach.on || coach.done || !(target instanceof HTMLElement) || !target.getClientRects().length) return;
  coach.done = true;
  project(target, true);
}

window.addEventListener("message", function (event) {
  if (event.source !== window.parent || event.origin !== location.origin || window.parent === window) return;
  /** @type {ClassMessage.ToFrame} */
  const message = event.data;
  if (!message || typeof message !== "object") return;
  if (message.lq === "hello" && !hello) {
    hello = true;
    document.documentElement.classList.add("lq-framed"); // its table alone (projector.css)
    window.dispatchEvent(new CustomEvent("lq:framed"));
  } else if (message.lq === "coach") {
    coach = { on: message.on, done: false };
    const open = projected();
    if (!message.on && open) project(open, false);
    else if (message.on && !open) {
      containers().forEach(coached);
    }
  } else if (message.lq === "reveal") reveal();
});

document.addEventListener("lq:projectable", function (event) { coached(event.target); });
document.addEventListener("lq:share", function (event) {
  if (hello) tell({ lq: "share", address: new URL(event.detail, location.href).href });
});

// The class's keys, passed on (capture: before the page's own keys, after its projector
// view's, which keeps its own while it is open).
window.addEventListener("keydown", function (event) {
  const key = hello ? classKey(event) : null;
  if (!key) return;
  if (CLICKER.indexOf(key) < 0 && (projected() || CLASS_KEYS.indexOf(key) < 0)) return;
  tell({ lq: "key", key: key });
  event.preventDefault();
  event.stopPropagation();
}, true);
