// @ts-check
// The page core's smallest part: what a page that only reads needs (a rule page's
// steppers: stepper.js), without the words, the loading display and the rest of page.js,
// which re-exports all of it (the other scripts import page.js).
//
//   pageLang()                      the page's language: the document's, nothing guessed
//   required(root, selector)        an element the page's template writes (missing: a bug)
//   typing(target)                  whether the reader is typing there (keys left alone)
//   stepKey(event, extra)           the step a key asks for: "previous", "next", "first",
//                                   "last" (arrows, Home, End; PageUp/PageDown, Space asked)
//   onPage(init)                    ``init`` once the document is parsed (safe to run twice)
//   stylesheet(name)                assets/css/<name> in the page (once), a promise of it loaded
//   projectorStyles()               projector.css in the page (once), a promise of it loaded
//   ownKeys(take)                   the keys' owner: take(event) true keeps a key from all else
//   announce(region, text)          the page's one way of saying something in its polite live
//                                   region (it was live.js: one request fewer on a rule page)

// The page's language: the document's own (<html lang>, Material's theme language).
/** @returns {string} */
export function pageLang() {
  return document.documentElement.lang;
}

// An element the page's template writes: there on every page that runs the script (the
// browser tests find each one); missing, a bug said at once.
/**
 * @template {Element} [E=HTMLElement]
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {E}
 */
export function required(root, selector) {
  const found = /** @type {E | null} */ (root.querySelector(selector));
  if (!found) throw new Error("the page has no " + selector);
  return found;
}

const OWN_KEYS = ["button", "checkbox", "submit", "reset", "image", "color", "file", "hidden"];

// Whether the reader is typing at ``target`` (a text field, a list, a radio group, an
// editable region): the pages' single keys leave it alone there.
/**
 * @param {EventTarget | null} target
 * @returns {boolean}
 */
export function typing(target) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && OWN_KEYS.indexOf(target.type) < 0;
}

/** @type {Record<string, Page.Go>} */
const STEP_KEYS = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
/** @type {Record<string, Page.Go>} */
const PAGE_KEYS = { PageUp: "previous", PageDown: "next" };

// The step ``event``'s key asks for (arrows, Home, End; with ``extra.pages``, PageUp and
// PageDown, what presentation clickers send; with ``extra.space``, Space forward), or
// null: another key, or one held with a modifier.
/**
 * @param {KeyboardEvent} event
 * @param {{pages?: boolean, space?: boolean}} [extra]
 * @returns {Page.Go | null}
 */
export function stepKey(event, extra) {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (extra && extra.pages && PAGE_KEYS[event.key]) return PAGE_KEYS[event.key];
  if (extra && extra.space && event.key === " ") return "next";
  return STEP_KEYS[event.key] || null;
}

// ``init`` once the document is parsed, and again on each page Material swaps in
// (document$); each page script's setup is safe to run twice.
/** @param {() => void} init */
export function onPage(init) {
  if (typeof document$ !== "undefined") document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
}

// A stylesheet of assets/css (``name``) in the page once; the promise resolves once it
// applies (or could not load: what it styles still opens). A page that shows its parts
// from the start links the sheet in its HTML (the play page, the lessons, the class view
// link projector.css: their templates); the others get it when first used (benchmarks
// figure 5a): projectorStyles(), the projector view's styles (projector.css: the projected
// views, the class view's parts, the vote, a framed page), which a rule page's stepper
// loads with projector.js; forget.css with the erase control's dialog.
/** @type {Map<string, Promise<void>>} */
const sheets = new Map();

/**
 * @param {string} name a file of assets/css
 * @returns {Promise<void>}
 */
export function stylesheet(name) {
  const href = new URL("../css/" + name, import.meta.url).href;
  const known = sheets.get(href);
  if (known) return known;
  const linked = Array.from(document.querySelectorAll('link[rel="stylesheet"]')).some(function (link) {
    return /** @type {HTMLLinkElement} */ (link).href === href;
  });
  if (linked) {
    sheets.set(href, Promise.resolve());
    return Promise.resolve();
  }
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  /** @type {Promise<void>} */
  const loaded = new Promise(function (resolve) {
    link.addEventListener("load", function () { resolve(); });
    link.addEventListener("error", function () { resolve(); });
  });
  sheets.set(href, loaded);
  document.head.appendChild(link);
  return loaded;
}

/** @returns {Promise<void>} */
export function projectorStyles() {
  return stylesheet("projector.css");
}

// The keys' owner (ownKeys): the class view (class.js) while it is shown, a page shown in
// its frame (class-frame.js). This module is the first every page script imports (page.js
// re-exports it), so its listener is the window's first, in capture: before the projector
// view's, the steppers', the tables' and Material's own shortcuts (P, N, S, F...), which a
// key the owner takes never reaches.
/** @type {((event: KeyboardEvent) => boolean) | null} */
let owner = null;

/** @param {((event: KeyboardEvent) => boolean) | null} take */
export function ownKeys(take) {
  owner = take;
}

window.addEventListener("keydown", function (event) {
  if (!owner || event.defaultPrevented || !owner(event)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
}, true);

// The page's one way of saying something in its polite live region (#lq-announce): the
// region is emptied, then given the sentence on the next frame, so that a sentence the
// region already holds (the croupier's L, pressed while the last event is still there) is
// a change all the same, and a screen reader reads it again. A sentence asked for before
// the last one was set replaces it: only the newest is told.
//

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
