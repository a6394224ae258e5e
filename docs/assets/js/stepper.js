// @ts-check
// The stepper: shows one step of a build-time rendered scenario at a time.
// It only moves an index through steps the engine already wrote into the page
// (.lq-step[data-step]); it knows nothing of the rules. Safe to run twice.
// The step shown is kept in the address (#etape-4 on French pages, #step-4 on English
// ones: the words are the section's data-hash, from site.po), so that a reload keeps
// it, and the language switcher carries it to the same step in the other language.
// It hands itself to the projector view (projector.js), which steps it through ``go``,
// and tells the projector view's QR code the step's address (share.js).
import { onPage, pageLang, required, stepKey } from "./page.js";
import { projectable } from "./projector.js";
import { shareAddress } from "./share.js";

/** @param {HTMLElement} section */
function setup(section) {
  if (section.dataset.stepper === "ready") return;
  section.dataset.stepper = "ready";
  const steps = Array.from(section.querySelectorAll(".lq-step"));
  const controls = required(section, ".lq-controls");
  const counter = required(section, ".lq-counter");
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

  /**
   * @param {number} next
   * @param {boolean} focus
   */
  function show(next, focus) {
    index = Math.max(0, Math.min(steps.length - 1, next));
    steps.forEach(function (step, k) { step.hidden = k !== index; });
    counter.textContent = (counter.dataset.template || "")
      .replace("{index}", String(index + 1))
      .replace("{total}", String(steps.length));
    buttons.first.disabled = buttons.previous.disabled = index === 0;
    buttons.last.disabled = buttons.next.disabled = index === steps.length - 1;
    section.dataset.current = String(index);
    // What the projector view's QR code leads to: this step (share.js).
    if (own) shareAddress(section, location.pathname + "#" + own + "-" + (index + 1));
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

  controls.addEventListener("click", function (event) {
    const button = /** @type {Element} */ (event.target).closest("[data-go]");
    if (button) step(/** @type {Page.Go} */ (button.dataset.go));
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
  projectable(section, { go: step });
  const start = asked();
  show(start === null ? 0 : start, false);
  if (start !== null) {
    remember(); // the switcher carries it too
    section.scrollIntoView();
  }
  window.addEventListener("hashchange", function () {
    const next = asked();
    if (next !== null && next !== index) show(next, false);
  });
}

function init() {
  document.querySelectorAll(".lansquenet-scenario").forEach(setup);
}

onPage(init);
