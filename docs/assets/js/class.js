// @ts-check
// Run the class (issue 33): the teachers' plan as a projected sequence, one screen per
// part (templates/plan.html, the parts, minutes and frames from plan.json). Each screen
// has its title, its minutes, a countdown read from the back of the room (P pauses and
// resumes it; at zero it says so, silently), what the teacher does, and the part's
// material live: the page's own section of that part (its steppers keep working) moved
// in while the class runs, and the pages of the site it names, each in one frame for the
// whole class. The class's table (the frame "game": the play page) seats the names the
// teacher typed beforehand ("#seats=", computer players in the empty seats; none: a quick
// game) and keeps its game from the play part to the odds part, where its projector view
// shows the coach: the moves lettered, the odds hidden until R (projector.js).
// PageDown and PageUp (what presentation clickers send) move between parts, P and
// Escape too, from the frames as well; inside a part, a table's projector view keeps its
// own keys while it is open. The part's QR code (share.js) leads pupils to their page of
// it: the class's game at its step, else the part's pupils' page (never this one).
// Nothing here knows a rule.
// The frames' pages are spoken to by postMessage only, in the messages of
// types/messages.d.ts (their side: class-frame.js).
import { classKey } from "./class-frame.js";
import { inertAround, onPage, pageLang, pageWords } from "./page.js";
import { seatsFragment } from "./permalink.js";
import { projected } from "./projector.js";
import { shareAddress, shareShown } from "./share.js";

const SEATS = "lq.class.seats"; // localStorage: the names typed beforehand
const TABLE = "game"; // plan.json's frame of the class's table (the play page)

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
  const parts = Array.from(view.querySelectorAll(".lq-part")).filter(isElement);
  const frames = /** @type {HTMLIFrameElement[]} */ (Array.from(view.querySelectorAll("iframe[data-frame]")));
  const seats = /** @type {HTMLInputElement | null} */ (plan.querySelector("[data-class-seats]"));
  if (seats) {
    try { seats.value = localStorage.getItem(SEATS) || ""; } catch (error) { /* no storage */ }
    seats.addEventListener("input", function () {
      try { localStorage.setItem(SEATS, seats.value); } catch (error) { /* not kept */ }
    });
  }
  /** @type {{ at: number, scroll: number, release: () => void, moved: [Node, Comment][], clock: Clock | null, timer: number } | null} */
  let open = null;
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

  // Each part's section goes into its screen; a mark keeps its place in the page.
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
    });
    return moved;
  }

  /** @param {[Node, Comment][]} moved */
  function giveBack(moved) {
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
    const named = (part.dataset.frames || "").split(" ");
    frames.forEach(function (frame) {
      frame.hidden = named.indexOf(frame.dataset.frame || "") < 0;
      if (!frame.hidden) load(frame);
    });
    coach();
    share();
    const focused = document.activeElement;
    if (focused instanceof HTMLIFrameElement && focused.hidden) view.focus({ preventScroll: true });
    const seconds = Number(part.dataset.minutes) * 60;
    open.clock = { part: part, seconds: seconds, left: seconds, running: true, since: Date.now() };
    draw(open.clock);
    view.scrollTop = 0;
    // A live page is the part's table: in sight at once, under the part's head.
    const live = frames.find(function (frame) { return !frame.hidden; });
    if (live) live.scrollIntoView({ block: "start" });
  }

  // The names typed beforehand, as the engine will read them (it judges them).
  function names() {
    return seats ? seats.value.split(",").map(function (name) { return name.trim(); }).filter(Boolean) : [];
  }

  // A frame's page, loaded when first shown: the class's table seats the names typed
  // (a new game when they changed since; else the game goes on).
  /** @param {HTMLIFrameElement} frame */
  function load(frame) {
    const src = (frame.dataset.src || "") + (frame.dataset.frame === TABLE ? seatsFragment(names()) : "");
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

  /** @returns {HTMLIFrameElement | undefined} the class's table's frame, shown */
  function table() {
    return frames.find(function (frame) { return !frame.hidden && frame.dataset.frame === TABLE; });
  }

  // The coach: in a part marked so, the class's table is projected (its moves lettered,
  // their odds hidden until R: projector.js), once as the part is shown (left with
  // Escape, it stays left); elsewhere it is shown plain.
  function coach() {
    const on = !!open && parts[open.at].hasAttribute("data-coach");
    view.toggleAttribute("data-coach", on); // the table's own code then shows, not the view's
    frames.forEach(function (frame) {
      if (frame.dataset.frame === TABLE) tell(frame, { lq: "coach", on: on && !frame.hidden });
    });
  }

  // What the view's QR code (share.js) leads to, for the pupils: the class's game at its
  // step while its table is shown, else the part's pupils' page (plan.json's "pupils"),
  // at the step of the example projected once it was stepped on (the same example opens
  // the pupils' page's part: stepper.js reads the step from the address in either language).
  function share() {
    if (!open) return;
    const part = parts[open.at];
    const frame = table();
    const address = frame && shared.get(frame);
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

  // The odds' reveal (R) from the view: the class's table's, in the coach's part.
  function reveal() {
    const frame = open && parts[open.at].hasAttribute("data-coach") ? table() : undefined;
    if (frame) tell(frame, { lq: "reveal" });
    return !!frame;
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

  function enter() {
    if (open) return;
    open = { at: 0, scroll: window.scrollY, release: function () {}, moved: bring(), clock: null, timer: 0 };
    view.hidden = false;
    shareShown(view, true);
    document.documentElement.classList.add("lq-class-on");
    open.release = inertAround(view);
    open.timer = window.setInterval(tick, 250);
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

  // The class's keys, from the page and from its frames (their "key" messages: the
  // frame's own projector view keeps every key but the clicker's). A table's projector
  // view open in the page keeps every key (its Escape closes it first).
  /**
   * @param {string} key
   * @returns {boolean} whether the class took it
   */
  function press(key) {
    if (!open || projected()) return false;
    if (key === "PageDown") show(open.at + 1);
    else if (key === "PageUp") show(open.at - 1);
    else if (key === "p" || key === "P") toggle();
    else if ((key === "r" || key === "R") && reveal()) { /* revealed */ }
    else if (key === "Escape") leave();
    else return false;
    return true;
  }

  // Capture: before the pages' own keys.
  /** @param {KeyboardEvent} event */
  function keys(event) {
    const key = classKey(event);
    if (!key || !press(key)) return;
    event.preventDefault();
    event.stopPropagation();
  }

  window.addEventListener("keydown", keys, true);
}

function init() {
  document.querySelectorAll("[data-plan]").forEach(function (plan) {
    if (isElement(plan)) setup(plan);
  });
}

onPage(init);
