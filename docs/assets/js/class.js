// @ts-check
// Run the class (issue 33): the teachers' plan as a projected sequence, one screen per
// part (overrides/partials/plan.html, the parts and minutes from plan.json). Each screen
// has its title, its minutes, a countdown read from the back of the room (P pauses and
// resumes it; at zero it says so, silently), what the teacher does, and the part's
// material live: the page's own section of that part (its steppers keep working) moved
// in while the class runs, and a page of the site (play, odds) shown beside it.
// PageDown and PageUp (what presentation clickers send) move between parts; Escape
// returns to the page where it was. Inside a part, a table's projector view
// (projector.js) keeps its own keys while it is open. Nothing here knows a rule.

/**
 * @typedef {{ part: HTMLElement, seconds: number, left: number, running: boolean, since: number }} Clock
 */

/** @param {Element} node @returns {node is HTMLElement} */
function isElement(node) {
  return node instanceof HTMLElement;
}

/**
 * The words of the plan (site.po, plan.*), {placeholders} filled.
 * @param {Record<string, string>} words
 */
function wordsOf(words) {
  /** @param {string} key @param {Record<string, string | number>} [params] */
  return function (key, params) {
    const text = words[key];
    if (text === undefined) throw new Error("missing word: " + key);
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return params && params[name] !== undefined ? String(params[name]) : whole;
    });
  };
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
  const word = wordsOf(JSON.parse(source ? source.textContent || "{}" : "{}"));
  const parts = Array.from(view.querySelectorAll(".lq-part")).filter(isElement);
  /** @type {{ at: number, scroll: number, inert: HTMLElement[], moved: [Node, Comment][], clock: Clock | null, timer: number } | null} */
  let open = null;

  // Every element beside the way from the view up to <body> stops taking focus or clicks.
  /** @param {HTMLElement} box */
  function quiet(box) {
    /** @type {HTMLElement[]} */
    const made = [];
    for (let node = box; node.parentElement && node !== document.body; node = node.parentElement) {
      Array.from(node.parentElement.children).filter(isElement).forEach(function (sibling) {
        if (sibling !== node && !sibling.inert && sibling.tagName !== "SCRIPT") {
          sibling.inert = true;
          made.push(sibling);
        }
      });
    }
    return made;
  }

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

  /** @param {number} at */
  function show(at) {
    if (!open) return;
    open.at = Math.max(0, Math.min(parts.length - 1, at));
    parts.forEach(function (part, k) { part.hidden = k !== open?.at; });
    const part = parts[open.at];
    counter.textContent = word("plan.counter", { index: open.at + 1, total: parts.length });
    view.dataset.current = String(open.at);
    // The projector view's QR code (share.js) leads to this part of the page.
    view.dataset.share = location.pathname + (part.dataset.section ? "#" + part.dataset.section : "");
    const frame = /** @type {HTMLIFrameElement | null} */ (part.querySelector("iframe[data-src]"));
    if (frame && !frame.getAttribute("src")) frame.setAttribute("src", frame.dataset.src || "");
    const seconds = Number(part.dataset.minutes) * 60;
    open.clock = { part: part, seconds: seconds, left: seconds, running: true, since: Date.now() };
    draw(open.clock);
    view.scrollTop = 0;
  }

  function enter() {
    if (open) return;
    open = { at: 0, scroll: window.scrollY, inert: [], moved: bring(), clock: null, timer: 0 };
    view.hidden = false;
    document.documentElement.classList.add("lq-class-on");
    open.inert = quiet(view);
    open.timer = window.setInterval(tick, 250);
    show(0);
    view.focus({ preventScroll: true });
  }

  function leave() {
    if (!open) return;
    const was = open;
    open = null;
    window.clearInterval(was.timer);
    was.inert.forEach(function (node) { node.inert = false; });
    giveBack(was.moved);
    view.hidden = true;
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

  // Capture: before the page's own keys. A table's projector view open inside a part
  // keeps every key (its Escape closes it first).
  window.addEventListener("keydown", function (event) {
    if (!open || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    if (document.documentElement.classList.contains("lq-projector-on")) return;
    const target = /** @type {HTMLElement} */ (event.target);
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    if (event.key === "PageDown") show(open.at + 1);
    else if (event.key === "PageUp") show(open.at - 1);
    else if (event.key === "p" || event.key === "P") toggle();
    else if (event.key === "Escape") leave();
    else return;
    event.preventDefault();
    event.stopPropagation();
  }, true);
}

function init() {
  document.querySelectorAll("[data-plan]").forEach(function (plan) {
    if (isElement(plan)) setup(plan);
  });
}

init();
/** @type {any} */
const material = window;
if (material.document$) material.document$.subscribe(init);
