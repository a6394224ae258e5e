// @ts-check
// The game's steps as the page holds them: the story (every step's sentence, grouped by
// deal), the feed (its last sentences, under the table) and the viewer that goes from
// step to step. The story keeps its whole text in memory but draws only what is shown:
// the current deal and the deals the reader opens (a <details> each; a closed deal is a
// line, written only while the story's tab is shown). Steps are drawn from the engine's display-ready steps, asked for when first
// shown (the worker's ``steps`` op, a few around the one wanted) and kept for a while.
// Nothing here lays out the whole game: a move costs the same at move 10 and at 1 000.
// An opened game's answer brings the sentences of its last deal only; a deal before it
// has its sentences asked for when the reader opens it (the worker's ``story`` op, from
// the deal's start: the deals opened at once in one piece), the feed's last lines too,
// and each is kept at its step's index: a move made before a piece comes keeps its own
// sentences, the piece fills the steps it was asked for (answers come in the order
// asked, so a piece always speaks of the game the page holds when it comes). The table
// is never busy for them; a deal whose sentences are on their way says so (aria-busy).
//
//   const steps = viewer(el, session, view, onView, word, failed);
//   steps.update(position);   // an engine position: new sentences, the last step
//   steps.goTo(index);        // show step ``index`` (onView(index, count) is told)
//   steps.redraw();           // the step shown drawn again, as the session now draws
//                             // (session.drawing: the table projected, or not)
import { announce, node, required, stepKey } from "./page.js";

const WINDOW = 8; // steps asked for on each side of the one wanted
const KEPT = 400; // steps kept drawn-ready in the page
const FEED = 6; // the latest sentences under the table (a phone shows the last few, the rest scrolls in its box)

/**
 * A deal of the story: where it starts, its line (a <details>) and its sentences' list
 * when they are drawn (once the page has them all), and whether the reader opened it.
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
 * @property {(string | undefined)[]} texts every step's sentence, by its index: the story's whole
 *   text (as long as the game; a step whose sentence has not come yet is a hole)
 * @property {Map<number, string>} reasons step index -> a computer player's reason (an answer's ``reasons``)
 * @property {Deal[]} deals the story's deals
 * @property {boolean} storyShown the story's tab is selected: every deal has its line
 * @property {object | null} asking the story's piece on its way (one at a time), or none
 * @property {(reason: any) => void} failed a piece that cannot come: said on the page
 */

/**
 * @param {Page.Elements} el
 * @param {Page.Session} session
 * @param {ReturnType<typeof import("./step-view.js").stepView>} view
 * @param {(index: number, count: number) => void} onView
 * @param {Page.Word} word
 * @param {(reason: any) => void} failed a piece of the story that cannot come (a refusal, a loading failure)
 */
export function viewer(el, session, view, onView, word, failed) {
  /** @type {Viewing} */
  const viewing = {
    el: el, session: session, view: view, onView: onView, word: word,
    kept: new Map(), count: 0, viewed: 0, marked: null, texts: [], reasons: new Map(),
    deals: [], storyShown: false, asking: null, failed: failed,
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
  viewing.reasons = new Map();
  viewing.asking = null; // a piece of the game before comes to nothing
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

// Whether the page has every sentence of the deal (else they are asked for: want).
/**
 * @param {Viewing} viewing
 * @param {Deal} d
 */
function whole(viewing, d) {
  const texts = viewing.texts;
  for (let i = d.start, stop = end(viewing, d); i < stop; i++) if (texts[i] === undefined) return false;
  return true;
}

// Write the deal's sentences (only those not written yet; extra ones, after an undo, go),
// once the page has them all.
/**
 * @param {Viewing} viewing
 * @param {Deal} d
 */
function fill(viewing, d) {
  if (!whole(viewing, d)) {
    if (d.box) d.box.setAttribute("aria-busy", "true"); // its sentences on their way (want)
    return;
  }
  if (d.box) d.box.removeAttribute("aria-busy");
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
    if (box.open) { fill(viewing, d); markJournal(viewing); want(viewing); } else if (d !== viewing.deals[viewing.deals.length - 1]) clear(d);
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
  texts.length = from; // an opened game: the sentences before are holes, asked for when shown
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
  want(viewing);
}

// The feed: the last sentences the page has, back to the first hole.
/** @param {Viewing} viewing */
function feed(viewing) {
  const el = viewing.el;
  let first = viewing.texts.length;
  while (first > Math.max(0, viewing.texts.length - FEED) && viewing.texts[first - 1] !== undefined) first -= 1;
  el.feed.replaceChildren.apply(el.feed, viewing.texts.slice(first).map(function (_, i) { return line(viewing, first + i); }));
  const box = /** @type {HTMLElement} */ (el.feed.parentElement); // the feed's own box, never the page
  box.scrollTop = box.scrollHeight;
}

// The sentences the page shows and does not have yet, asked for: the open deals' (the
// current one, those the reader opened) and the feed's, in one piece from the first
// such step to the last (the engine's piece may begin later: asked again, from the
// end). One piece at a time; when it comes, each sentence goes to its step, the deals
// it completes are written, and what is still missing is asked for.
/** @param {Viewing} viewing */
function want(viewing) {
  if (viewing.asking) return;
  const texts = viewing.texts;
  let from = -1;
  let to = -1;
  /**
   * @param {number} start
   * @param {number} stop
   */
  function need(start, stop) {
    for (let i = start; i < stop; i++) {
      if (texts[i] !== undefined) continue;
      if (from < 0 || i < from) from = i;
      if (stop > to) to = stop;
      return;
    }
  }
  viewing.deals.forEach(function (d) { if (d.box && d.box.open && !d.list) need(d.start, end(viewing, d)); });
  need(Math.max(0, texts.length - FEED), texts.length);
  if (from < 0) return;
  while (to > from && texts[to - 1] !== undefined) to -= 1;
  const asking = viewing.asking = {};
  viewing.session.story(to, from).then(function (piece) {
    if (viewing.asking !== asking) return; // another game since
    viewing.asking = null;
    if (piece.error) { viewing.failed(piece); return; }
    if (piece.count !== viewing.count) { want(viewing); return; } // not the game as shown: asked again
    piece.texts.forEach(function (text, i) { if (piece.from + i < texts.length) texts[piece.from + i] = text; });
    Object.keys(piece.reasons).forEach(function (index) { viewing.reasons.set(Number(index), piece.reasons[index]); });
    viewing.deals.forEach(function (d) { if (d.box && d.box.open && !d.list) fill(viewing, d); });
    feed(viewing);
    markJournal(viewing);
    if (piece.texts.length) want(viewing); // an empty piece: nothing more to ask now
  }, function (/** @type {any} */ reason) {
    if (viewing.asking !== asking) return;
    viewing.asking = null;
    viewing.failed(reason);
  });
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
