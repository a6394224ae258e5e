// @ts-check
// Run the class (issues 33 and 52): the teachers' plan as a projected sequence, one
// screen per part of the plan, in its order (the suggested plan of plan.json, or the
// teacher's own: class-plan.js; templates/plan.html has a screen for every part). Each
// screen has its title, its minutes, a countdown read from the back of the room (P pauses
// and resumes it; at zero it says so, silently), what the teacher does (not shown), and
// the part's material live: the page's own section of that part (its steppers keep
// working; a long one, its digest only) moved in while the class runs, and the pages of
// the site it names, each in one frame for the whole class (those it reveals, only on R).
// The class's table (the frame "game": the play page) seats the names the teacher typed
// beforehand ("#seats=", computer players in the empty seats; none: a quick game) and
// keeps its game from the play part to the odds part, where its projector view shows the
// coach: the moves lettered, the odds hidden until R (projector.js).
// The view owns its keys wherever the focus is, in a frame too (a click on the table or
// an example never makes a key do something else): PageDown and PageUp (what
// presentation clickers send) move between parts, P pauses, R reveals, Escape leaves,
// the arrows and Space step the part's example or table; no other view is projected
// inside it (the view is the projection: its examples' projector buttons are not shown,
// F does nothing), and Material's shortcuts never act. Its links open a new tab. The
// part's QR code (share.js) leads pupils to their page of it: the class's game at its
// step, else the part's pupils' page (never this one).
// Nothing here knows a rule.
// The frames' pages are spoken to by postMessage only, in the messages of
// types/messages.d.ts (their side: class-frame.js).
import { classKey } from "./class-frame.js";
import { planBuilder } from "./class-plan.js";
import { inertAround, onPage, ownKeys, pageLang, pageWords, stepKey } from "./page.js";
import { seatsFragment } from "./permalink.js";
import { containers, stepIn } from "./projector.js";
import { shareAddress, shareShown } from "./share.js";

const SEATS = "lq.class.seats"; // localStorage: the names typed beforehand
const TABLE = "game"; // plan.json's frame of the class's table (the play page), which shares its game
// Every frame that is a class's table (plan.json's "tables": the court game's too) is
// marked data-table, with data-rules: the "#rules=" name of its game (class_plan.py
// finds it in the games' registry); it seats the names, and is coached.

/**
 * @typedef {{ part: HTMLElement, seconds: number, left: number, running: boolean, since: number }} Clock
 */

/** @param {Element} node @returns {node is HTMLElement} */
function isElement(node) {
  return node instanceof HTMLElement;
}

/** @param {number} seconds */
function clockText(seconds) {
  const whole = Math.ceil(seconds);
  return Math.floor(whole / 60) + ":" + String(whole % 60).padStart(2, "0");
}

/** @param {HTMLElement} plan */
function setup(plan) {
  if (plan.dataset.ready) return;
  plan.dataset.ready = "true";
  const view = /** @type {HTMLElement} */ (plan.querySelector(".lq-class"));
  const run = /** @type {HTMLButtonElement} */ (plan.querySelector('[data-action="run-class"]'));
  const counter = /** @type {HTMLElement} */ (view.querySelector(".lq-class-counter"));
  const pause = /** @type {HTMLButtonElement} */ (view.querySelector('[data-class="pause"]'));
  const source = document.getElementById("lq-plan-words");
  const word = pageWords(JSON.parse(source ? source.textContent || "{}" : "{}"));
  const screens = Array.from(view.querySelectorAll(".lq-part")).filter(isElement);
  /** @type {HTMLElement[]} */
  let parts = []; // the screens of the plan run, in its order (class-plan.js: the teacher's own)
  const built = planBuilder(plan, word, function () {
    run.disabled = !built.parts().length;
    if (!open) arrange();
  });
  run.disabled = !built.parts().length;
  // The pupils' card: their page's short link and its QR code (share.js), always shown.
  const card = /** @type {HTMLElement | null} */ (plan.querySelector("[data-pupils-card]"));
  if (card) {
    shareAddress(card, card.dataset.address || "");
    shareShown(card, true);
  }
  const frames = /** @type {HTMLIFrameElement[]} */ (Array.from(view.querySelectorAll("iframe[data-frame]")));
  const seats = /** @type {HTMLInputElement | null} */ (plan.querySelector("[data-class-seats]"));
  if (seats) {
    try { seats.value = localStorage.getItem(SEATS) || ""; } catch (error) { /* no storage */ }
    seats.addEventListener("input", function () {
      try { localStorage.setItem(SEATS, seats.value); } catch (error) { /* not kept */ }
    });
  }
  /** @type {{ at: number, scroll: number, release: () => void, moved: [Node, Comment][], clock: Clock | null, timer: number, revealed: boolean } | null} */
  let open = null;
  /** @type {((event: KeyboardEvent) => boolean) | null} */
  let owner = null; // the view's keys (below), while it is shown
  /** @type {Map<HTMLIFrameElement, string>} */
  const shared = new Map(); // what each frame's page shares now (its "share" message)

  // The page's section of a part: the nodes after its heading up to the next one as high.
  /** @param {string} anchor */
  function sectionOf(anchor) {
    const heading = document.getElementById(anchor);
    /** @type {Node[]} */
    const nodes = [];
    if (!heading) return nodes;
    for (let node = heading.nextSibling; node; node = node.nextSibling) {
      if (node instanceof HTMLHeadingElement && node.tagName <= heading.tagName) break;
      if (node instanceof HTMLElement && node.contains(plan)) break;
      nodes.push(node);
    }
    return nodes;
  }

  // A long section projects its digest (plan.json's "digest", issue 52): the first of its
  // ranked items, as many as the part's minutes in the plan run hold (one each
  // "minutes_each", at least one, at most all), what it keeps, never what it drops; the
  // whole is on the pupils' phones, and the screen says so while an item is left out.
  // An item is marked in the page by its key (a timeline's entry, data-timeline; any
  // other, data-digest); a heading's mark takes its sub-section with it.
  /**
   * @param {HTMLElement} part
   * @param {Element} into
   */
  function digest(part, into) {
    /** @type {{ ranked?: string[], minutes_each?: number, keep?: string, drop?: string }} */
    const declared = JSON.parse(part.dataset.digest || "{}");
    const ranked = declared.ranked || [];
    const each = declared.minutes_each || 0;
    if (!ranked.length || !(each > 0)) return;
    const fits = Math.floor(Number(part.dataset.minutes) / each + 1e-9);
    const shown = ranked.slice(0, Math.min(ranked.length, Math.max(1, fits)));
    const keep = declared.keep;
    if (keep) {
      Array.from(into.children).forEach(function (node) {
        if (!node.matches(keep) && !node.querySelector(keep)) node.classList.add("lq-not-projected");
      });
    }
    if (declared.drop) into.querySelectorAll(declared.drop).forEach(function (node) { node.classList.add("lq-not-projected"); });
    into.querySelectorAll("[data-digest], [data-timeline]").forEach(function (item) {
      if (!(item instanceof HTMLElement)) return;
      if (shown.indexOf(item.dataset.digest || item.dataset.timeline || "") >= 0) return;
      item.classList.add("lq-not-projected");
      if (!(item instanceof HTMLHeadingElement)) return;
      for (let next = item.nextElementSibling; next; next = next.nextElementSibling) {
        if (next instanceof HTMLHeadingElement && next.tagName <= item.tagName) break;
        next.classList.add("lq-not-projected");
      }
    });
    part.dataset.projected = String(shown.length);
    const whole = /** @type {HTMLElement | null} */ (part.querySelector("[data-digest-whole]"));
    if (whole) whole.hidden = shown.length >= ranked.length;
  }

  // Each part's section goes into its screen; a mark keeps its place in the page; a long
  // one projects its digest. Its links open a new tab: the class view and its progress stay.
  function bring() {
    /** @type {[Node, Comment][]} */
    const moved = [];
    parts.forEach(function (part) {
      const into = part.querySelector(".lq-part-material");
      if (!into || !part.dataset.section) return;
      sectionOf(part.dataset.section).forEach(function (node) {
        const mark = document.createComment("lq-class");
        node.parentNode && node.parentNode.replaceChild(mark, node);
        into.appendChild(node);
        moved.push([node, mark]);
      });
      digest(part, into);
      into.querySelectorAll("a[href]").forEach(function (link) {
        if (link.hasAttribute("target")) return;
        link.setAttribute("target", "_blank");
        link.setAttribute("rel", "noopener");
        link.dataset.classTab = "";
      });
    });
    return moved;
  }

  /** @param {[Node, Comment][]} moved */
  function giveBack(moved) {
    view.querySelectorAll(".lq-not-projected").forEach(function (node) { node.classList.remove("lq-not-projected"); });
    view.querySelectorAll("a[data-class-tab]").forEach(function (link) {
      link.removeAttribute("target");
      link.removeAttribute("rel");
      delete link.dataset.classTab;
    });
    moved.forEach(function (pair) {
      if (pair[1].parentNode) pair[1].parentNode.replaceChild(pair[0], pair[1]);
    });
  }

  /** @param {Clock} clock */
  function draw(clock) {
    const shown = /** @type {HTMLElement} */ (clock.part.querySelector(".lq-countdown"));
    const up = clock.left <= 0;
    shown.textContent = up ? word("plan.time_up") : clockText(clock.left) + (clock.running ? "" : " (" + word("plan.paused") + ")");
    shown.classList.toggle("lq-time-up", up);
    shown.dataset.left = String(Math.max(0, Math.ceil(clock.left)));
    shown.dataset.state = up ? "up" : clock.running ? "running" : "paused";
    pause.setAttribute("aria-pressed", String(!clock.running && !up));
  }

  function tick() {
    if (!open || !open.clock) return;
    const clock = open.clock;
    const now = Date.now();
    if (clock.running) {
      clock.left = Math.max(0, clock.left - (now - clock.since) / 1000);
      if (clock.left <= 0) clock.running = false;
    }
    clock.since = now;
    draw(clock);
  }

  // The part at ``at`` (kept within the plan), its countdown from the start; the part
  // already shown stays as it is: PageDown on the last part leaves its clock running.
  /** @param {number} at */
  function show(at) {
    if (!open) return;
    const to = Math.max(0, Math.min(parts.length - 1, at));
    if (open.clock && to === open.at) return;
    open.at = to;
    parts.forEach(function (part, k) { part.hidden = k !== open?.at; });
    const part = parts[open.at];
    counter.textContent = word("plan.counter", { index: open.at + 1, total: parts.length });
    view.dataset.current = String(open.at);
    open.revealed = false;
    frameShown();
    coach();
    share();
    const focused = document.activeElement;
    if (focused instanceof HTMLIFrameElement && focused.hidden) view.focus({ preventScroll: true });
    const seconds = Number(part.dataset.minutes) * 60;
    screens.forEach(function (screen) { if (parts.indexOf(screen) < 0) screen.hidden = true; });
    open.clock = { part: part, seconds: seconds, left: seconds, running: true, since: Date.now() };
    draw(open.clock);
    view.scrollTop = 0;
    // A live page is the part's table: in sight at once, under the part's head, as tall
    // as that head is (two lines when its title, its minutes and its countdown do not
    // fit in one: a 4:3 projector, a long title), never under it.
    const head = part.querySelector(".lq-part-head");
    if (head) view.style.setProperty("--lq-head", Math.ceil(head.getBoundingClientRect().height) + "px");
    const live = frames.find(function (frame) { return !frame.hidden; });
    if (live) live.scrollIntoView({ block: "start" });
  }

  // The part's frames shown, but those it reveals only on R (plan.json's "reveal": the
  // bank's odds, an answer, not before the class has discussed it).
  function frameShown() {
    if (!open) return;
    const part = parts[open.at];
    const named = (part.dataset.frames || "").split(" ");
    const later = open.revealed ? [] : (part.dataset.reveal || "").split(" ");
    frames.forEach(function (frame) {
      const name = frame.dataset.frame || "";
      frame.hidden = named.indexOf(name) < 0 || later.indexOf(name) >= 0;
      if (!frame.hidden) load(frame);
    });
  }

  // The names typed beforehand, as the engine will read them (it judges them).
  function names() {
    return seats ? seats.value.split(",").map(function (name) { return name.trim(); }).filter(Boolean) : [];
  }

  // A frame's page, loaded when first shown: the class's table seats the names typed
  // (a new game when they changed since; else the game goes on).
  /** @param {HTMLIFrameElement} frame */
  function load(frame) {
    const rules = frame.dataset.rules ? { rules: frame.dataset.rules } : undefined;
    const src = (frame.dataset.src || "") + (frame.hasAttribute("data-table") ? seatsFragment(names(), rules) : "");
    if (frame.dataset.loaded === src) return;
    frame.dataset.loaded = src;
    frame.setAttribute("src", src);
  }

  /**
   * @param {HTMLIFrameElement} frame
   * @param {ClassMessage.ToFrame} message
   */
  function tell(frame, message) {
    if (frame.contentWindow) frame.contentWindow.postMessage(message, location.origin);
  }

  /** @returns {HTMLIFrameElement | undefined} the class's table's frame, shown (any game's) */
  function table() {
    return frames.find(function (frame) { return !frame.hidden && frame.hasAttribute("data-table"); });
  }

  // The coach: in a part marked so, the class's table is projected (its moves lettered,
  // their odds hidden until R: projector.js), once as the part is shown (left with
  // Escape, it stays left); elsewhere it is shown plain.
  function coach() {
    const on = !!open && parts[open.at].hasAttribute("data-coach");
    const shown = table();
    // The class's table's own code then shows, not the view's; another table's (the
    // court game's) is hidden, the view's (the part's pupils' page) shows.
    view.toggleAttribute("data-coach", on && (!shown || shown.dataset.frame === TABLE));
    frames.forEach(function (frame) {
      if (!frame.hasAttribute("data-table")) return;
      tell(frame, { lq: "coach", on: on && !frame.hidden, share: frame.dataset.frame === TABLE });
    });
  }

  // What the view's QR code (share.js) leads to, for the pupils: the class's game at its
  // step while its table ("game") is shown, else the part's pupils' page (plan.json's "pupils":
  // the court game's part, its question on the pupils' page),
  // at the step of the example projected once it was stepped on (the same example opens
  // the pupils' page's part: stepper.js reads the step from the address in either language).
  function share() {
    if (!open) return;
    const part = parts[open.at];
    const frame = table();
    const address = frame && frame.dataset.frame === TABLE && shared.get(frame);
    const pupils = new URL(part.dataset.pupils || "", location.href);
    const example = /** @type {HTMLElement | null} */ (part.querySelector(".lansquenet-scenario[data-current]"));
    const at = example ? Number(example.dataset.current) : 0;
    const word = example ? JSON.parse(example.dataset.hash || "{}")[pageLang()] : "";
    if (pupils.hash && at > 0 && word) pupils.hash = word + "-" + (at + 1);
    shareAddress(view, address || pupils.href);
  }

  // The projected example stepped on (stepper.js tells its step's address): the code follows.
  view.addEventListener("lq:share", function (event) {
    if (event.target !== view) share();
  });

  // The reveal (R): the class's table's odds, in the coach's part, and the frames the
  // part shows only then.
  function reveal() {
    if (!open) return;
    const frame = parts[open.at].hasAttribute("data-coach") ? table() : undefined;
    if (frame) tell(frame, { lq: "reveal" });
    if (!open.revealed) {
      open.revealed = true;
      frameShown();
      share();
    }
  }

  // A frame's new page: told it is in the class view, its table coached or not.
  frames.forEach(function (frame) {
    frame.addEventListener("load", function () {
      shared.delete(frame);
      tell(frame, { lq: "hello" });
      share();
      coach();
    });
  });

  // The frames' messages: what their view shares, the class's keys pressed there.
  window.addEventListener("message", function (event) {
    const frame = frames.find(function (f) { return f.contentWindow === event.source; });
    if (!frame || event.origin !== location.origin) return;
    /** @type {ClassMessage.FromFrame} */
    const message = event.data;
    if (!message || typeof message !== "object") return;
    if (message.lq === "share") {
      shared.set(frame, message.address);
      share();
    } else if (message.lq === "key") press(message.key);
  });

  // The plan's screens, in its order, each with its minutes; the others out of the view
  // (kept here, for a plan that takes them).
  function arrange() {
    parts = [];
    screens.forEach(function (screen) { screen.remove(); });
    const before = frames[0] || null;
    built.parts().forEach(function (chosen) {
      const part = screens.find(function (screen) { return screen.dataset.part === chosen.id; });
      if (!part) return;
      view.insertBefore(part, before);
      part.dataset.minutes = String(chosen.minutes);
      const countdown = /** @type {HTMLElement} */ (part.querySelector(".lq-countdown"));
      countdown.dataset.seconds = String(chosen.minutes * 60);
      countdown.textContent = chosen.minutes + ":00";
      /** @type {HTMLElement} */ (part.querySelector(".lq-part-minutes")).textContent = word.count("plan.minutes", chosen.minutes, { minutes: chosen.minutes });
      parts.push(part);
    });
  }

  function enter() {
    if (open) return;
    arrange();
    if (!parts.length) return;
    open = { at: 0, scroll: window.scrollY, release: function () {}, moved: bring(), clock: null, timer: 0, revealed: false };
    view.hidden = false;
    shareShown(view, true);
    document.documentElement.classList.add("lq-class-on");
    open.release = inertAround(view);
    open.timer = window.setInterval(tick, 250);
    ownKeys(owner);
    show(0);
    view.focus({ preventScroll: true });
  }

  function leave() {
    if (!open) return;
    const was = open;
    open = null;
    coach(); // the class's table back to plain
    window.clearInterval(was.timer);
    was.release();
    ownKeys(null);
    giveBack(was.moved);
    view.hidden = true;
    shareShown(view, false);
    document.documentElement.classList.remove("lq-class-on");
    window.scrollTo(0, was.scroll);
    run.focus({ preventScroll: true });
  }

  function toggle() {
    if (!open || !open.clock || open.clock.left <= 0) return;
    tick();
    open.clock.running = !open.clock.running;
    open.clock.since = Date.now();
    draw(open.clock);
  }

  arrange();
  run.addEventListener("click", enter);
  view.addEventListener("click", function (event) {
    const target = /** @type {HTMLElement} */ (event.target);
    const button = /** @type {HTMLElement | null} */ (target.closest && target.closest("[data-class]"));
    if (!button || !open) return;
    const go = button.dataset.class;
    if (go === "next") show(open.at + 1);
    else if (go === "previous") show(open.at - 1);
    else if (go === "pause") toggle();
    else if (go === "close") leave();
  });

  // The class's keys, wherever the focus is: the page's (page.js ownKeys, while the view
  // is shown: before the steppers', the projector view's and Material's own) and its
  // frames' ("key" messages: class-frame.js takes them there). PageDown and PageUp walk
  // the parts, P pauses, R reveals, Escape leaves; the arrows and Space step the part's
  // example (the one the focus is in, else the first in sight), else the class's table;
  // every other single key does nothing (Material's N, S, F: not while the class runs).
  /**
   * @param {string} key
   * @returns {boolean} whether the class took it
   */
  function press(key) {
    if (!open) return false;
    if (key === "PageDown") show(open.at + 1);
    else if (key === "PageUp") show(open.at - 1);
    else if (key === "p" || key === "P") toggle();
    else if (key === "r" || key === "R") reveal();
    else if (key === "Escape") leave();
    else return false;
    return true;
  }

  /**
   * @param {Page.Go} go
   * @param {EventTarget | null} target
   * @returns {boolean} whether something stepped
   */
  function stepPart(go, target) {
    if (!open) return false;
    const part = parts[open.at];
    const shown = containers().filter(function (box) { return part.contains(box) && box.getClientRects().length > 0; });
    const inside = target instanceof Node ? shown.find(function (box) { return box.contains(target); }) : undefined;
    const seen = shown.find(function (box) {
      const r = box.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight;
    });
    const box = inside || seen;
    if (box && stepIn(box, go)) return true;
    const frame = part.hasAttribute("data-coach") ? table() : undefined;
    if (frame) tell(frame, { lq: "step", go: go });
    return !!frame;
  }

  /** @param {EventTarget | null} target */
  function pressable(target) {
    return target instanceof Element && !!target.closest("button, a, summary");
  }

  /**
   * @param {KeyboardEvent} event
   * @returns {boolean} whether the key is taken (it does nothing else)
   */
  function keys(event) {
    const key = classKey(event);
    if (!open || !key) return false;
    if (press(key)) return true;
    const go = stepKey(event, { space: true });
    if (go) return !(key === " " && pressable(event.target)) && stepPart(go, event.target);
    return key.length === 1 && key !== " ";
  }
  owner = keys;
  if (built.linked) enter(); // a plan's link opens the class view on it
}

// The teachers' page printed: its answer keys (and every collapsed note) open on paper,
// as they were after.
/** @type {HTMLDetailsElement[]} */
let opened = [];
window.addEventListener("beforeprint", function () {
  if (!document.querySelector("[data-plan]")) return;
  opened = Array.from(document.querySelectorAll(".md-content details:not([open])"));
  opened.forEach(function (details) { details.open = true; });
});
window.addEventListener("afterprint", function () {
  opened.splice(0).forEach(function (details) { details.open = false; });
});

function init() {
  document.querySelectorAll("[data-plan]").forEach(function (plan) {
    if (isElement(plan)) setup(plan);
  });
}

onPage(init);
