// @ts-check
// A page shown in a frame of the class view (class.js): its side of their messages
// (types/messages.d.ts), by postMessage only, from and to its own site. Told "hello",
// the page shows its table alone (projector.css's .lq-framed) and says so ("lq:framed",
// links.js then shares its game's short address), gives the class view its keys and
// tells what its view shares (share.js's "lq:share"). Told "coach", its table's
// projector view opens once, as soon as a table is there to project (projector.js);
// "reveal" reveals the vote's odds; "step" steps its projected table (the class view's
// arrows, pressed out of the frame). Elsewhere (not in a frame, or never told), nothing
// happens.
//
// The keys, wherever the focus is in the frame (a click on the table, a control in it):
// PageDown, PageUp, P, R and Escape are the class view's, told to it and nothing else
// here (not the projector view's Escape, not Material's P); the arrows and Space step
// the projected table (its projector view's own keys); every other single key is kept
// from Material's shortcuts (N, S, F, /...), which would leave the page or open its
// search inside the frame. Typing (a name, an amount) keeps its keys but the clicker's
// and Escape.
//
//   framed();          // whether the page is shown in the class view
//   classKey(event);   // the key the class view may take from ``event``, or null
import { ownKeys, stepKey, typing } from "./page.js";
import { containers, project, projected, reveal, stepIn } from "./projector.js";

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
// one-line field (the table's amount), and Escape from any.
/**
 * @param {KeyboardEvent} event
 * @returns {string | null}
 */
export function classKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return null;
  const clicker = CLICKER.indexOf(event.key) >= 0;
  if (typing(event.target) && event.key !== "Escape" && !(clicker && event.target instanceof HTMLInputElement)) return null;
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
    ownKeys(keys);
    window.dispatchEvent(new CustomEvent("lq:framed"));
  } else if (message.lq === "coach") {
    coach = { on: message.on, done: false };
    // share false: the class view's code is the part's (the court game's: its question on
    // the pupils' page), the projected table's own code is not shown (projector.css).
    document.documentElement.classList.toggle("lq-unshared", message.share === false);
    const open = projected();
    if (!message.on && open) project(open, false);
    else if (message.on && !open) {
      containers().forEach(coached);
    }
  } else if (message.lq === "reveal") reveal();
  else if (message.lq === "step") {
    const open = projected();
    if (open) stepIn(open, message.go);
  }
});

document.addEventListener("lq:projectable", function (event) { coached(event.target); });
document.addEventListener("lq:share", function (event) {
  if (hello) tell({ lq: "share", address: new URL(event.detail, location.href).href });
});

// Space on a button or a link presses it (a vote's letter, the table's move), as everywhere.
/** @param {EventTarget | null} target */
function pressable(target) {
  return target instanceof Element && !!target.closest("button, a, summary");
}

// The frame's keys (page.js ownKeys: before the projector view's, the table's and
// Material's own): see the head of this file.
/**
 * @param {KeyboardEvent} event
 * @returns {boolean} whether the key is taken (it does nothing else)
 */
function keys(event) {
  const key = classKey(event);
  if (!key) return false;
  if (CLICKER.indexOf(key) >= 0 || CLASS_KEYS.indexOf(key) >= 0) {
    tell({ lq: "key", key: key });
    return true;
  }
  const go = stepKey(event, { space: true });
  if (go) {
    const open = projected();
    if (!open || (key === " " && pressable(event.target))) return false;
    stepIn(open, go);
    return true;
  }
  return key.length === 1 && key !== " "; // Material's shortcuts, the projector's F: none here
}
