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
import { node } from "./words.js";

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
 * @param {Page.Elements} el
 * @param {Page.Session} session
 * @param {ReturnType<typeof import("./step-view.js").stepView>} view
 * @param {(index: number, count: number) => void} onView
 * @param {Page.Word} word
 */
export function viewer(el, session, view, onView, word) {
  /** @type {Map<number, Bridge.Step>} */
  const kept = new Map(); // step index -> the engine's step
  let count = 0;
  let viewed = 0;
  /** @type {Element | null} */
  let marked = null; // the story's item of the step shown
  /** @type {string[]} */
  let texts = []; // every step's sentence: the story's whole text
  let known = 0; // the first step whose sentence the page has (those before are on their way)
  /** @type {Map<number, string>} */
  let reasons = new Map(); // step index -> a computer player's reason (an answer's ``reasons``)
  /** @type {Deal[]} */
  let deals = []; // the story's deals: {deal, start, box, list, byHand}
  let storyShown = false; // the story's tab is selected: every deal has its line

  /** @param {Bridge.Step} step */
  function keep(step) {
    kept.set(step.index, step);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value);
  }

  function reset() {
    count = 0;
    viewed = 0;
    marked = null;
    texts = [];
    known = 0;
    reasons = new Map();
    deals = [];
    kept.clear();
    el.journal.textContent = "";
    el.feed.textContent = "";
  }

  // --- the story, by deal ---------------------------------------------------------------

  /** @param {Deal} d */
  function end(d) {
    const next = deals[deals.indexOf(d) + 1];
    return next ? next.start : texts.length;
  }

  // Write the deal's sentences (only those not written yet; extra ones, after an undo, go),
  // once the page has them.
  /** @param {Deal} d */
  function fill(d) {
    if (d.start < known) return;
    if (!d.list) {
      d.list = node("ol", null, { start: String(d.start + 1) });
      d.box.append(d.list);
    }
    const want = end(d) - d.start;
    while (d.list.children.length > want) d.list.lastElementChild.remove();
    const items = document.createDocumentFragment();
    for (let i = d.start + d.list.children.length; i < d.start + want; i++) items.append(line(i));
    d.list.append(items);
  }

  // A sentence of the story, with the computer player's reason when there is one.
  /** @param {number} i */
  function line(i) {
    const item = node("li", texts[i]);
    const why = reasons.get(i);
    if (why) item.append(node("br"), node("small", why, { class: "lq-reason" }));
    return item;
  }

  /** @param {Deal} d */
  function clear(d) {
    if (d.list) d.list.remove();
    d.list = null;
  }

  /**
   * @param {number} start
   * @param {number} number
   */
  function addDeal(start, number) {
    /** @type {Deal} */
    const d = { deal: number, start: start, box: null, list: null, byHand: false };
    deals.push(d);
    return d;
  }

  // The deal's line (a closed <details>), made when it is to be shown.
  /** @param {Deal} d */
  function boxOf(d) {
    if (d.box) return d.box;
    const box = d.box = node("details");
    box.append(node("summary", word("play.deal_n", { n: d.deal })));
    box.querySelector("summary").addEventListener("click", function () { d.byHand = true; });
    box.addEventListener("toggle", function () {
      if (box.open) { fill(d); markJournal(); } else if (d !== deals[deals.length - 1]) clear(d);
    });
    return box;
  }

  // The deals in the page: all of them while the story is shown, else the current one
  // and those the reader opened.
  function lay() {
    const current = deals[deals.length - 1];
    /** @type {HTMLDetailsElement[]} */
    const boxes = [];
    deals.forEach(function (d) {
      if (storyShown || d === current || d.byHand) boxes.push(boxOf(d));
      else if (d.box) { clear(d); d.box = null; }
    });
    el.journal.replaceChildren.apply(el.journal, boxes);
  }

  /** @param {boolean} on */
  function showStory(on) {
    storyShown = on;
    if (deals.length) lay();
    markJournal();
  }

  /** @param {Bridge.Position} position */
  function story(position) {
    const from = position.from;
    if (from > texts.length) known = from; // an opened game: the sentences before come later
    texts.length = from;
    position.texts.forEach(function (text) { texts.push(text); });
    if (texts.length < position.count) texts.push(position.step.text); // an answer that leaves out the last step's
    reasons.forEach(function (_, index) { if (index >= from) reasons.delete(index); });
    Object.keys(position.reasons || {}).forEach(function (index) { reasons.set(Number(index), position.reasons[index]); });
    while (deals.length && deals[deals.length - 1].start >= from && deals[deals.length - 1].start > 0) {
      const gone = deals.pop();
      if (gone.box) gone.box.remove();
    }
    const was = deals[deals.length - 1];
    if (!deals.length) addDeal(0, 1);
    (position.deal_starts || []).forEach(function (pair) {
      if (pair[0] > 0) addDeal(pair[0], pair[1]);
    });
    const current = deals[deals.length - 1];
    if (was && was !== current) {
      if (!was.byHand && was.box) { was.box.open = false; clear(was); }
      else if (was.list) fill(was); // opened by the reader: its end is known now
    }
    if (!current.box || was !== current || !current.box.isConnected) lay();
    current.box.open = true;
    fill(current);
    feed();
  }

  function feed() {
    const first = Math.max(known, texts.length - FEED);
    el.feed.replaceChildren.apply(el.feed, texts.slice(first).map(function (_, i) { return line(first + i); }));
    el.feed.parentElement.scrollTop = el.feed.parentElement.scrollHeight; // the feed's own box, never the page
  }

  // The sentences of steps ``from`` to ``known`` (the worker's ``story`` answer), come
  // after an opened game: the deals open now that they complete are written.
  /**
   * @param {Bridge.StoryAnswer} piece
   * @param {number} from
   */
  function more(piece, from) {
    if (from + piece.texts.length !== known) return; // not the piece the page waits for
    piece.texts.forEach(function (text, i) { texts[from + i] = text; });
    Object.keys(piece.reasons).forEach(function (index) { reasons.set(Number(index), piece.reasons[index]); });
    known = from;
    deals.forEach(function (d) { if (d.box && d.box.open && !d.list) fill(d); });
    feed();
    markJournal();
  }

  // Take what is new in an engine position (lansquenet/web.py), and show its last step.
  /** @param {Bridge.Position} position */
  function update(position) {
    count = position.count;
    story(position);
    kept.forEach(function (_, index) { if (index >= position.from) kept.delete(index); });
    keep(position.step);
    goTo(count - 1);
  }

  /** @param {number} index */
  function goTo(index) {
    viewed = Math.max(0, Math.min(count - 1, index));
    view.counter(viewed, count);
    el.view.classList.toggle("lq-past", viewed < count - 1);
    markJournal();
    onView(viewed, count);
    const wanted = viewed;
    if (kept.has(wanted)) { view.draw(kept.get(wanted)); return; }
    session.steps(Math.max(0, wanted - WINDOW), wanted + WINDOW + 1).then(function (reply) {
      if (reply.error) return;
      reply.steps.forEach(keep);
      if (viewed === wanted && kept.has(wanted)) view.draw(kept.get(wanted));
    }, function () { /* the loading failure is already on the page */ });
  }

  // The story's sentence of the step shown, when its deal is drawn (nothing is laid out).
  function markJournal() {
    if (marked) marked.removeAttribute("aria-current");
    marked = null;
    let low = 0;
    let high = deals.length - 1;
    while (low < high) { // the last deal starting at or before the step shown
      const mid = (low + high + 1) >> 1;
      if (deals[mid].start <= viewed) low = mid; else high = mid - 1;
    }
    const d = deals[low];
    if (!d || !d.list) return;
    marked = d.list.children[viewed - d.start] || null;
    if (marked) marked.setAttribute("aria-current", "step");
  }

  // Go "first", "previous", "next" or "last" (buttons and arrow keys).
  /** @param {string} go */
  function step(go) {
    if (!count) return;
    goTo(/** @type {Record<string, number>} */ ({ first: 0, previous: viewed - 1, next: viewed + 1, last: count - 1 })[go]);
    const active = /** @type {HTMLButtonElement} */ (document.activeElement);
    if (active && active.disabled) el.view.focus({ preventScroll: true });
  }

  el.view.addEventListener("keydown", function (event) {
    /** @type {Record<string, string>} */
    const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
    if (!keys[event.key] || event.altKey || event.ctrlKey || event.metaKey || !count) return;
    event.preventDefault();
    step(keys[event.key]);
  });
  el.view.tabIndex = 0;

  return {
    reset: reset, update: update, more: more, goTo: goTo, step: step, showStory: showStory,
    get count() { return count; },
  };
}
