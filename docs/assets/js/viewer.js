// @ts-check
// The game's steps as the page holds them: the story (every step's sentence, grouped by
// deal), the feed (its last sentences, under the table) and the viewer that goes from
// step to step. The story keeps its whole text in memory but draws only what is shown:
// the current deal and the deals the reader opens (a <details> each; a closed deal is a
// line, written only while the story's tab is shown). Steps are drawn from the engine's display-ready steps, asked for when first
// shown (the worker's ``steps`` op, a few around the one wanted) and kept for a while.
// Nothing here lays out the whole game: a move costs the same at move 10 and at 1 000.
// An opened game's answer brings the sentences of its last deal only; the ones before
// come after it, a piece at a time (``more``), each drawn when it comes if its deal is open.
//
//   const steps = viewer(el, session, view, onView, word);
//   steps.update(position);   // an engine position: new sentences, the last step
//   steps.more(piece, from);  // the sentences of steps from.. (the worker's ``story`` op)
//   steps.goTo(index);        // show step ``index`` (onView(index, count) is told)
//   steps.redraw();           // the step shown drawn again, as the session now draws
//                             // (session.drawing: the table projected, or not)
import { announce, node, required, stepKey } from "./page.js";

const WINDOW = 8; // steps asked for on each side of the one wanted
const KEPT = 400; // steps kept drawn-ready in the page
const FEED = 6; // the latest sentences under the table (a phone shows the last few, the rest scrolls in its box)

/**
 * A deal of the story: where it starts, its line (a <details>) and its sentences' list
 * when they are drawn, and whether the reader opened it.
 * @typedef {{deal: number, start: number, box: HTMLDetailsElement | null,
 *   list: HTMLOListElement | null, byHand: boolean}} Deal
 */

/**
 * What the viewer holds: the page's parts it draws in and the story as the page has it.
 * @typedef {object} Viewing
 * @property {Page.Elements} el
 * @property {Page.Session} session
 * @property {ReturnType<typeof import("./step-view.js").stepView>} view
 * @property {(index: number, count: number) => void} onView
 * @property {Page.Word} word
 * @property {Map<number, Bridge.Step>} kept step index -> the engine's step
 * @property {number} count
 * @property {number} viewed
 * @property {Element | null} marked the story's item of the step shown
 * @property {string[]} texts every step's sentence: the story's whole text
 * @property {number} known the first step whose sentence the page has (those before are on their way)
 * @property {Map<number, string>} reasons step index -> a computer player's reason (an answer's ``reasons``)
 * @property {Deal[]} deals the story's deals
 * @property {boolean} storyShown the story's tab is selected: every deal has its line
 */

/**
 * @param {Page.Elements} el
 * @param {Page.Session} session
 * @param {ReturnType<typeof import("./step-view.js").stepView>} view
 * @param {(index: number, count: number) => void} onView
 * @param {Page.Word} word
 */
export function viewer(el, session, view, onView, word) {
  /** @type {Viewing} */
  const viewing = {
    el: el, session: session, view: view, onView: onView, word: word,
    kept: new Map(), count: 0, viewed: 0, marked: null, texts: [], known: 0, reasons: new Map(),
    deals: [], storyShown: false,
  };
  el.view.addEventListener("keydown", function (event) {
    const go = stepKey(event);
    if (!go || !viewing.count) return;
    event.preventDefault();
    step(viewing, go);
  });
  el.view.tabIndex = 0;

  return {
    reset: function () { reset(viewing); },
    update: function (/** @type {Bridge.Position} */ position) { update(viewing, position); },
    more: function (/** @type {Bridge.StoryAnswer} */ piece, /** @type {number} */ from) { more(viewing, piece, from); },
    goTo: function (/** @type {number} */ index) { goTo(viewing, index); },
    redraw: function () { viewing.kept.clear(); if (viewing.count) goTo(viewing, viewing.viewed); },
    step: function (/** @type {Page.Go} */ go) { step(viewing, go); },
    showStory: function (/** @type {boolean} */ on) { showStory(viewing, on); },
    get count() { return viewing.count; },
  };
}

/**
 * @param {Viewing} viewing
 * @param {Bridge.Step} step
 */
function keep(viewing, step) {
  const kept = viewing.kept;
  if (step.drawing !== viewing.session.drawing) return; // asked for before a redraw: asked again
  kept.set(step.index, step);
  const oldest = kept.keys().next();
  if (kept.size > KEPT && !oldest.done) kept.delete(oldest.value);
}

/** @param {Viewing} viewing */
function reset(viewing) {
  viewing.count = 0;
  viewing.viewed = 0;
  viewing.marked = null;
  viewing.texts = [];
  viewing.known = 0;
  viewing.reasons = new Map();
  viewing.deals = [];
  viewing.kept.clear();
  viewing.el.journal.textContent = "";
  viewing.el.feed.textContent = "";
}

// --- the story, by deal -----------------------------------------------------------------

/**
 * @param {Viewing} viewing
 * @param {Deal} d
 */
function end(viewing, d) {
  const next = viewing.deals[viewing.deals.indexOf(d) + 1];
  return next ? next.start : viewing.texts.length;
}

// Write the deal's sentences (only those not written yet; extra ones, after an undo, go),
// once the page has them.
/**
 * @param {Viewing} viewing
 * @param {Deal} d
 */
function fill(viewing, d) {
  if (d.start < viewing.known) return;
  if (!d.list) {
    d.list = node("ol", null, { start: String(d.start + 1) });
    boxOf(viewing, d).append(d.list);
  }
  const list = d.list;
  const want = end(viewing, d) - d.start;
  while (list.lastElementChild && list.children.length > want) list.lastElementChild.remove();
  const items = document.createDocumentFragment();
  for (let i = d.start + d.list.children.length; i < d.start + want; i++) items.append(line(viewing, i));
  d.list.append(items);
}

// A sentence of the story, with the computer player's reason when there is one.
/**
 * @param {Viewing} viewing
 * @param {number} i
 */
function line(viewing, i) {
  const item = node("li", viewing.texts[i]);
  const why = viewing.reasons.get(i);
  if (why) item.append(node("br"), node("small", why, { class: "lq-reason" }));
  return item;
}

/** @param {Deal} d */
function clear(d) {
  if (d.list) d.list.remove();
  d.list = null;
}

/**
 * @param {Viewing} viewing
 * @param {number} start
 * @param {number} number
 */
function addDeal(viewing, start, number) {
  /** @type {Deal} */
  const d = { deal: number, start: start, box: null, list: null, byHand: false };
  viewing.deals.push(d);
  return d;
}

// The deal's line (a closed <details>), made when it is to be shown.
/**
 * @param {Viewing} viewing
 * @param {Deal} d
 */
function boxOf(viewing, d) {
  if (d.box) return d.box;
  const box = d.box = node("details");
  box.append(node("summary", viewing.word("play.deal_n", { n: d.deal })));
  required(box, "summary").addEventListener("click", function () { d.byHand = true; });
  box.addEventListener("toggle", function () {
    if (box.open) { fill(viewing, d); markJournal(viewing); } else if (d !== viewing.deals[viewing.deals.length - 1]) clear(d);
  });
  return box;
}

// The deals in the page: all of them while the story is shown, else the current one
// and those the reader opened.
/** @param {Viewing} viewing */
function lay(viewing) {
  const deals = viewing.deals;
  const current = deals[deals.length - 1];
  /** @type {HTMLDetailsElement[]} */
  const boxes = [];
  deals.forEach(function (d) {
    if (viewing.storyShown || d === current || d.byHand) boxes.push(boxOf(viewing, d));
    else if (d.box) { clear(d); d.box = null; }
  });
  viewing.el.journal.replaceChildren.apply(viewing.el.journal, boxes);
}

/**
 * @param {Viewing} viewing
 * @param {boolean} on
 */
function showStory(viewing, on) {
  viewing.storyShown = on;
  if (viewing.deals.length) lay(viewing);
  markJournal(viewing);
}

/**
 * @param {Viewing} viewing
 * @param {Bridge.Position} position
 */
function story(viewing, position) {
  const texts = viewing.texts;
  const reasons = viewing.reasons;
  const deals = viewing.deals;
  const from = position.from;
  if (from > texts.length) viewing.known = from; // an opened game: the sentences before come later
  texts.length = from;
  position.texts.forEach(function (text) { texts.push(text); });
  if (texts.length < position.count) texts.push(position.step.text); // an answer that leaves out the last step's
  reasons.forEach(function (_, index) { if (index >= from) reasons.delete(index); });
  Object.keys(position.reasons || {}).forEach(function (index) { reasons.set(Number(index), position.reasons[index]); });
  while (deals.length && deals[deals.length - 1].start >= from && deals[deals.length - 1].start > 0) {
    const gone = deals.pop();
    if (gone && gone.box) gone.box.remove();
  }
  const was = deals[deals.length - 1];
  if (!deals.length) addDeal(viewing, 0, 1);
  (position.deal_starts || []).forEach(function (pair) {
    if (pair[0] > 0) addDeal(viewing, pair[0], pair[1]);
  });
  const current = deals[deals.length - 1];
  if (was && was !== current) {
    if (!was.byHand && was.box) { was.box.open = false; clear(was); }
    else if (was.list) fill(viewing, was); // opened by the reader: its end is known now
  }
  if (!current.box || was !== current || !current.box.isConnected) lay(viewing);
  boxOf(viewing, current).open = true;
  fill(viewing, current);
  feed(viewing);
}

/** @param {Viewing} viewing */
function feed(viewing) {
  const el = viewing.el;
  const first = Math.max(viewing.known, viewing.texts.length - FEED);
  el.feed.replaceChildren.apply(el.feed, viewing.texts.slice(first).map(function (_, i) { return line(viewing, first + i); }));
  const box = /** @type {HTMLElement} */ (el.feed.parentElement); // the feed's own box, never the page
  box.scrollTop = box.scrollHeight;
}

// The sentences of steps ``from`` to ``known`` (the worker's ``story`` answer), come
// after an opened game: the deals open now that they complete are written.
/**
 * @param {Viewing} viewing
 * @param {Bridge.StoryAnswer} piece
 * @param {number} from
 */
function more(viewing, piece, from) {
  if (from + piece.texts.length !== viewing.known) return; // not the piece the page waits for
  piece.texts.forEach(function (text, i) { viewing.texts[from + i] = text; });
  Object.keys(piece.reasons).forEach(function (index) { viewing.reasons.set(Number(index), piece.reasons[index]); });
  viewing.known = from;
  viewing.deals.forEach(function (d) { if (d.box && d.box.open && !d.list) fill(viewing, d); });
  feed(viewing);
  markJournal(viewing);
}

// --- the step shown -----------------------------------------------------------------------

// Take what is new in an engine position (lansquenet/web.py), and show its last step.
/**
 * @param {Viewing} viewing
 * @param {Bridge.Position} position
 */
function update(viewing, position) {
  viewing.count = position.count;
  story(viewing, position);
  viewing.kept.forEach(function (_, index) { if (index >= position.from) viewing.kept.delete(index); });
  keep(viewing, position.step);
  goTo(viewing, viewing.count - 1);
}

/**
 * @param {Viewing} viewing
 * @param {number} index
 * @param {boolean} [tell] the reader moved there: said once, with its sentence
 */
function goTo(viewing, index, tell) {
  const kept = viewing.kept;
  viewing.viewed = Math.max(0, Math.min(viewing.count - 1, index));
  viewing.view.counter(viewing.viewed, viewing.count);
  viewing.el.view.classList.toggle("lq-past", viewing.viewed < viewing.count - 1);
  markJournal(viewing);
  viewing.onView(viewing.viewed, viewing.count);
  const wanted = viewing.viewed;
  const count = viewing.count;
  /** @param {Bridge.Step} shown */
  function draw(shown) {
    viewing.view.draw(shown);
    if (tell) announce(viewing.el.announce, viewing.word("stepper.told", { index: wanted + 1, total: count, text: shown.text }));
  }
  const shown = kept.get(wanted);
  if (shown) { draw(shown); return; }
  viewing.session.steps(Math.max(0, wanted - WINDOW), wanted + WINDOW + 1).then(function (reply) {
    if (reply.error) return;
    reply.steps.forEach(function (step) { keep(viewing, step); });
    const come = kept.get(wanted);
    if (viewing.viewed === wanted && come) draw(come);
  }, function () { /* the loading failure is already on the page */ });
}

// The story's sentence of the step shown, when its deal is drawn (nothing is laid out).
/** @param {Viewing} viewing */
function markJournal(viewing) {
  const deals = viewing.deals;
  if (viewing.marked) viewing.marked.removeAttribute("aria-current");
  viewing.marked = null;
  let low = 0;
  let high = deals.length - 1;
  while (low < high) { // the last deal starting at or before the step shown
    const mid = (low + high + 1) >> 1;
    if (deals[mid].start <= viewing.viewed) low = mid; else high = mid - 1;
  }
  const d = deals[low];
  if (!d || !d.list) return;
  viewing.marked = d.list.children[viewing.viewed - d.start] || null;
  if (viewing.marked) viewing.marked.setAttribute("aria-current", "step");
}

// Go "first", "previous", "next" or "last" (buttons and arrow keys).
/**
 * @param {Viewing} viewing
 * @param {Page.Go} go
 */
function step(viewing, go) {
  const viewed = viewing.viewed;
  const count = viewing.count;
  if (!count) return;
  const next = /** @type {Record<string, number>} */ ({ first: 0, previous: viewed - 1, next: viewed + 1, last: count - 1 })[go];
  goTo(viewing, next, Math.max(0, Math.min(count - 1, next)) !== viewed);
  const active = /** @type {HTMLButtonElement} */ (document.activeElement);
  if (active && active.disabled) viewing.el.view.focus({ preventScroll: true });
}
