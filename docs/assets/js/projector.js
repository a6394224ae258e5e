// @ts-check
// The projector view: a view that hands itself to it (``projectable(box, options)``: a
// rule page's stepper, the play page's table, a lesson) fills the screen for a classroom,
// with large cards and large type (projector.css). A button ``[data-action="projector"]``
// inside it, or the ``f`` key, opens it; Escape, or the same button, leaves it.
//
// The Fullscreen API where the browser gives it; else (or while it is refused) the same
// full-window layout over the page, which is all CSS. While it is open: ← → step, Space
// steps forward, Home and End go to the first and the last step, through the view's own
// ``go``; a view without one (a lesson) steps to the previous or the next view of the
// page. The rest of the page is ``inert`` meanwhile (page.js), so that Tab stays in the
// view. A view with ``choices`` (its decision's buttons) shows the class's vote while it
// is projected (vote.js), drawn again when the view says its decision ``changed()``; with
// ``choose`` (how the view plays one of them), each lettered choice is a button for it.
// Nothing here knows a rule.
//
//   const projection = projectable(box, { go: function (go) {...}, choices: function () {...},
//                                         choose: function (button) {...} });
//   projection.changed();         // the view's decision changed: the vote follows
//   project(box, true);           // opened (or left) from a script: the class's coach
//   reveal();                     // the vote's odds revealed (R), else the view's ("lq:reveal"); false: none
//   stepIn(box, "next");          // a view stepped as its keys do (the class view's →)
//   projected();                  // the view open, or null
//   containers();                 // the views handed over, in the page's order
//   projectFor(target);           // as the ``f`` key: the view holding ``target``, or the first on the screen
// Events, on the view (they bubble): "lq:projectable" once it may be projected (handed
// over, or shown again: ``changed()``), "lq:projected" (detail: open or not), "lq:reveal"
// (R with no vote open: a view that shows its odds then cancels it).
import { inertAround, pageWords, projectorStyles, stepKey, typing } from "./page.js";
import { mountVote } from "./vote.js";

projectorStyles(); // in the page's HTML where it shows from the start, else linked now

/** @type {Map<HTMLElement, Page.Projectable>} */
const views = new Map();
/** @type {{box: HTMLElement, release: () => void, scroll: number, full?: boolean,
 *   vote: ReturnType<typeof mountVote> | null} | null} */
let open = null;

// The views handed over, in the page's order.
/** @returns {HTMLElement[]} */
export function containers() {
  return Array.from(views.keys()).filter(function (box) { return box.isConnected; }).sort(function (a, b) {
    return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/** @param {HTMLElement} box */
function buttonOf(box) {
  return box.querySelector('[data-action="projector"]');
}

/**
 * @param {HTMLElement} box
 * @param {boolean} on
 */
function told(box, on) {
  box.dispatchEvent(new CustomEvent("lq:projected", { detail: on, bubbles: true }));
}

// ``box`` may be projected: its button shown, the page told.
/**
 * @param {HTMLElement} box
 * @param {Page.Projectable} [options]
 */
export function projectable(box, options) {
  views.set(box, options || {});
  const button = buttonOf(box);
  if (button) { button.hidden = false; button.setAttribute("aria-pressed", String(!!open && open.box === box)); }
  box.dispatchEvent(new CustomEvent("lq:projectable", { bubbles: true }));
  return {
    changed: function () {
      if (open && open.box === box && open.vote) open.vote.draw();
      box.dispatchEvent(new CustomEvent("lq:projectable", { bubbles: true }));
    },
  };
}

/** @returns {HTMLElement | null} the view open */
export function projected() {
  return open ? open.box : null;
}

/**
 * @param {HTMLElement} box
 * @param {boolean} on
 */
export function project(box, on) {
  if (on && !(open && open.box === box)) enter(box);
  else if (!on && open && open.box === box) leave(false);
}

// The odds revealed (R): the vote's, or, where no vote is open (a decision of one move:
// the court game's deal), the view's own ("lq:reveal", which a view that shows odds takes).
/** @returns {boolean} whether odds were there to reveal */
export function reveal() {
  if (!open) return false;
  if (open.vote && open.vote.reveal()) return true;
  return !open.box.dispatchEvent(new CustomEvent("lq:reveal", { bubbles: true, cancelable: true }));
}

/** @param {HTMLElement} box */
function enter(box) {
  const scroll = open ? open.scroll : window.scrollY;
  if (open) leave(false, true); // another container: full screen passes to it
  const { choices, choose } = views.get(box) || {};
  const vote = choices && document.getElementById("lq-words") ? mountVote(box, choices, pageWords(), choose) : null;
  /** @type {NonNullable<typeof open>} */
  const shown = { box: box, release: inertAround(box), scroll: scroll, vote: vote };
  open = shown;
  box.classList.add("lq-projecting");
  document.documentElement.classList.add("lq-projector-on");
  if (vote) vote.draw();
  const button = buttonOf(box);
  if (button) button.setAttribute("aria-pressed", "true");
  if (!box.hasAttribute("tabindex")) box.tabIndex = -1;
  box.focus({ preventScroll: true });
  // A story that scrolls in the view (a lesson's) shows its latest lines, and takes the
  // keyboard's focus to scroll.
  box.querySelectorAll(".lq-story").forEach(function (story) {
    story.tabIndex = 0;
    story.scrollTop = story.scrollHeight;
  });
  told(box, true);
  if (box.requestFullscreen && document.fullscreenEnabled) {
    // Refused (no user gesture, a browser that forbids it): the full-window layout stays.
    // Left (Escape, the button) before the full screen came: it goes as it comes.
    box.requestFullscreen({ navigationUI: "hide" }).then(function () {
      shown.full = true;
      if (open !== shown && document.fullscreenElement === box) document.exitFullscreen().catch(function () {});
    }, function () {});
  }
}

/**
 * @param {boolean} [focus]
 * @param {boolean} [switching]
 */
function leave(focus, switching) {
  if (!open) return;
  const was = open;
  const box = was.box;
  was.release();
  open = null;
  box.classList.remove("lq-projecting");
  if (was.vote) was.vote.drop();
  box.querySelectorAll(".lq-story").forEach(function (story) { story.removeAttribute("tabindex"); });
  document.documentElement.classList.remove("lq-projector-on");
  const button = buttonOf(box);
  if (button) button.setAttribute("aria-pressed", "false");
  told(box, false);
  if (switching) return;
  if (document.fullscreenElement) document.exitFullscreen().catch(function () {});
  window.scrollTo(0, was.scroll);
  box.scrollIntoView({ block: "nearest" }); // the one shown last, when the keys went on
  if (focus !== false) (button || box).focus({ preventScroll: true });
}

// The view the ``f`` key means: the one holding the focus, else the first one on the
// screen, else the first of the page.
/**
 * @param {EventTarget | null} target
 * @returns {HTMLElement | null}
 */
function wanted(target) {
  const all = containers();
  const inside = target instanceof Node && all.find(function (box) { return box.contains(target); });
  if (inside) return inside;
  const drawn = all.filter(function (box) { return box.getClientRects().length; });
  const seen = drawn.find(function (box) {
    const r = box.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  });
  return seen || drawn[0] || null;
}

// Opened as the ``f`` key opens it (a view that loads this module on first use: stepper.js).
/** @param {EventTarget | null} target */
export function projectFor(target) {
  const box = wanted(target);
  if (box && !(open && open.box === box)) enter(box);
}

/**
 * @param {HTMLElement} box
 * @param {Page.Go} go
 */
function step(box, go) {
  const own = (views.get(box) || {}).go;
  if (own) { own(go); return; }
  const all = containers();
  const at = all.indexOf(box);
  const next = { first: 0, previous: at - 1, next: at + 1, last: all.length - 1 }[go];
  if (next >= 0 && next < all.length && next !== at) enter(all[next]);
}

// ``box`` (open or not) stepped by its own steps, as its keys step it: the class view's
// arrows (class.js) and the ones it passes to its frame's table.
/**
 * @param {HTMLElement} box
 * @param {Page.Go} go
 * @returns {boolean} whether ``box`` is a view with steps of its own
 */
export function stepIn(box, go) {
  const own = (views.get(box) || {}).go;
  if (own) own(go);
  return !!own;
}

// Space on a button or a link presses it (a lesson's choice), as everywhere.
/** @param {EventTarget | null} target */
function pressable(target) {
  return target instanceof Element && !!target.closest("button, a, summary");
}

// Capture: before Material's own keys (its "f" opens search) and the steppers' own.
window.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
  const f = event.key === "f" || event.key === "F";
  const go = stepKey(event, { space: true });
  if (open) {
    if (event.key === "Escape") leave();
    else if (f && !typing(event.target)) leave();
    else if ((event.key === "r" || event.key === "R") && !typing(event.target) && reveal()) { /* revealed */ }
    else if (go && !typing(event.target) && !(event.key === " " && pressable(event.target))) step(open.box, go);
    else return;
  } else {
    if (!f || typing(event.target)) return;
    const box = wanted(event.target);
    if (!box) return;
    enter(box);
  }
  event.preventDefault();
  event.stopPropagation();
}, true);

document.addEventListener("click", function (event) {
  const target = event.target;
  const button = target instanceof Element && target.closest('[data-action="projector"]');
  const box = button && containers().find(function (view) { return view.contains(button); });
  if (!box) return;
  if (open && open.box === box) leave();
  else enter(box);
});

// Leaving the browser's full screen (its own Escape) leaves the view.
document.addEventListener("fullscreenchange", function () {
  if (open && open.full && document.fullscreenElement !== open.box) leave();
});

// Views that hand themselves over only once this module is there (stepper.js, which
// loads it on first use) see that it came with another script of the page: before them
// (the mark) or after them (the event).
document.documentElement.dataset.lqProjector = "";
window.dispatchEvent(new Event("lq:projector"));
