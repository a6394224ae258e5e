// @ts-check
// The stepper: shows one step of a build-time rendered scenario at a time.
// It only moves an index through steps the engine already wrote into the page
// (.lq-step[data-step]); it knows nothing of the rules. Safe to run twice.
// The step shown is kept in the address (#etape-4 on French pages, #step-4 on English
// ones: the words are the section's data-hash, from site.po), so that a reload keeps
// it, and the language switcher carries it to the same step in the other language.
// It hands itself to the projector view (projector.js), which steps it through ``go``,
// and tells the projector view's QR code the step's address (share.js). Those two and
// projector.css come when first used (the projector button, the ``f`` key), or as soon
// as another script of the page brings the projector (the class view's frame): a rule
// page that is only read never downloads them (benchmarks figure 5a).
import { announce, onPage, pageLang, projectorStyles, required, stepKey, typing } from "./core.js";

/** @typedef {{ section: HTMLElement, go: (go: Page.Go) => void, address: () => string | null }} Stepper */
/** @type {Stepper[]} */
const steppers = [];
/** @type {Promise<typeof import("./projector.js")> | null} */
let coming = null;
/** @type {{ projector: typeof import("./projector.js"), share: typeof import("./share.js") } | null} */
let loaded = null;

/** @param {Stepper} stepper */
function handOver(stepper) {
  if (!loaded) return;
  loaded.projector.projectable(stepper.section, { go: stepper.go });
  const address = stepper.address();
  if (address) loaded.share.shareAddress(stepper.section, address);
}

// The projector view and its QR code, loaded once, every stepper handed over to it.
/** @returns {Promise<typeof import("./projector.js")>} */
function projection() {
  if (!coming) {
    coming = Promise.all([import("./projector.js"), import("./share.js"), projectorStyles()]).then(function (modules) {
      loaded = { projector: modules[0], share: modules[1] };
      steppers.forEach(handOver);
      return modules[0];
    });
  }
  return coming;
}

if (document.documentElement.dataset.lqProjector !== undefined) projection();
else window.addEventListener("lq:projector", function () { projection(); }, { once: true });

// Until the projector view has come, the ``f`` key asks for it (capture: before
// Material's own ``f``, its search), then opens it as projector.js's own key would.
window.addEventListener("keydown", function (event) {
  if (loaded || !steppers.length || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
  if ((event.key !== "f" && event.key !== "F") || typing(event.target)) return;
  event.preventDefault();
  event.stopPropagation();
  const target = event.target;
  projection().then(function (projector) { projector.projectFor(target); });
}, true);

/** @param {HTMLElement} section */
function setup(section) {
  if (section.dataset.stepper === "ready") return;
  section.dataset.stepper = "ready";
  const steps = Array.from(section.querySelectorAll(".lq-step"));
  const controls = required(section, ".lq-controls");
  const counter = required(section, ".lq-counter");
  const live = required(section, ".lq-live"); // the step moved to, told once
  /** @type {Record<string, HTMLButtonElement>} */
  const buttons = {};
  /** @type {NodeListOf<HTMLButtonElement>} */ (controls.querySelectorAll("[data-go]")).forEach(function (b) { buttons[b.dataset.go || ""] = b; });
  let index = 0;
  const hashes = JSON.parse(section.dataset.hash || "{}");
  const own = hashes[pageLang()];

  // The step the address asks for (in either language's words), or null.
  function asked() {
    const found = /^#(.+)-(\d+)$/.exec(decodeURIComponent(location.hash));
    if (!found || !Object.keys(hashes).some(function (k) { return hashes[k] === found[1]; })) return null;
    return Number(found[2]) - 1;
  }

  function remember() {
    if (!own) return;
    history.replaceState(history.state, "", "#" + own + "-" + (index + 1));
    document.querySelectorAll("a[hreflang]").forEach(function (link) {
      const word = hashes[link.getAttribute("hreflang") || ""] || own;
      link.setAttribute("href", (link.getAttribute("href") || "").split("#")[0] + "#" + word + "-" + (index + 1));
    });
  }

  // The step moved to, its number and sentence, in the stepper's live region.
  function tell() {
    const text = (steps[index].querySelector(".lq-text")?.textContent || "").replace(/\s+/g, " ").trim();
    announce(live, (live.dataset.template || "").replace("{index}", String(index + 1))
      .replace("{total}", String(steps.length)).replace("{text}", text));
  }

  /**
   * @param {number} next
   * @param {boolean} focus
   */
  function show(next, focus) {
    const was = index;
    index = Math.max(0, Math.min(steps.length - 1, next));
    if (focus && index !== was) tell();
    steps.forEach(function (step, k) { step.hidden = k !== index; });
    counter.textContent = (counter.dataset.template || "")
      .replace("{index}", String(index + 1))
      .replace("{total}", String(steps.length));
    buttons.first.disabled = buttons.previous.disabled = index === 0;
    buttons.last.disabled = buttons.next.disabled = index === steps.length - 1;
    section.dataset.current = String(index);
    // What the projector view's QR code leads to: this step (share.js, once it has come).
    if (own && loaded) loaded.share.shareAddress(section, address());
    const active = /** @type {HTMLButtonElement} */ (document.activeElement);
    if (focus && active && active.disabled) section.focus();
  }

  /** @type {Record<Page.Go, () => number>} */
  const moves = {
    first: function () { return 0; },
    previous: function () { return index - 1; },
    next: function () { return index + 1; },
    last: function () { return steps.length - 1; },
  };
  /** @param {Page.Go} go */
  function step(go) {
    show(moves[go](), true);
    remember();
  }

  // The step's address, for the projector view's QR code.
  function address() {
    return own ? location.pathname + "#" + own + "-" + (index + 1) : null;
  }

  controls.addEventListener("click", function (event) {
    const button = /** @type {Element} */ (event.target).closest("[data-go]");
    if (button) step(/** @type {Page.Go} */ (button.dataset.go));
    // The projector button before the projector view has come: it comes, then opens
    // (from then on, projector.js takes the button's presses).
    if (!loaded && /** @type {Element} */ (event.target).closest('[data-action="projector"]')) {
      projection().then(function (projector) { projector.project(section, true); });
    }
  });
  section.addEventListener("keydown", function (event) {
    const go = stepKey(event);
    if (!go) return;
    event.preventDefault();
    step(go);
  });
  section.tabIndex = 0;
  section.classList.add("lq-stepping");
  controls.hidden = false;
  const projectButton = section.querySelector('[data-action="projector"]');
  if (projectButton instanceof HTMLElement) projectButton.hidden = false; // as projectable() shows it
  const stepper = { section: section, go: step, address: address };
  steppers.push(stepper);
  handOver(stepper);
  const start = asked();
  show(start === null ? 0 : start, false);
  if (start !== null) {
    remember(); // the switcher carries it too
    section.scrollIntoView();
  }
  window.addEventListener("hashchange", function () {
    const next = asked();
    if (next !== null && next !== index) { show(next, false); tell(); }
  });
}

function init() {
  document.querySelectorAll(".lansquenet-scenario").forEach(setup);
}

onPage(init);
