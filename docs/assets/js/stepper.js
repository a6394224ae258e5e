// @ts-check
// The stepper: shows one step of a build-time rendered scenario at a time.
// It only moves an index through steps the engine already wrote into the page
// (.lq-step[data-step]); it knows nothing of the rules. Safe to run twice.
// The step shown is kept in the address (#etape-4 on French pages, #step-4 on English
// ones: the words are the section's data-hash, from site.po), so that a reload keeps
// it, and the language switcher carries it to the same step in the other language.
(function () {
  "use strict";

  /** @param {HTMLElement} section */
  function setup(section) {
    if (section.dataset.stepper === "ready") return;
    section.dataset.stepper = "ready";
    const steps = Array.from(section.querySelectorAll(".lq-step"));
    const controls = section.querySelector(".lq-controls");
    const counter = section.querySelector(".lq-counter");
    const live = /** @type {HTMLElement} */ (controls.querySelector(".lq-live"));
    /** @type {Record<string, HTMLButtonElement>} */
    const buttons = {};
    /** @type {NodeListOf<HTMLButtonElement>} */ (controls.querySelectorAll("[data-go]")).forEach(function (b) { buttons[b.dataset.go] = b; });
    let index = 0;
    const hashes = JSON.parse(section.dataset.hash || "{}");
    const own = hashes[(document.documentElement.lang || "fr").slice(0, 2)];

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
        const word = hashes[link.getAttribute("hreflang")] || own;
        link.setAttribute("href", link.getAttribute("href").split("#")[0] + "#" + word + "-" + (index + 1));
      });
    }

    // The step moved to, told once in the stepper's live region: emptied, then given its
    // words on the next frame (as every live region of the site: live.js).
    /** @type {number | undefined} */
    let telling;
    function tell() {
      const text = steps[index].querySelector(".lq-text").textContent.replace(/\s+/g, " ").trim();
      if (telling !== undefined) cancelAnimationFrame(telling);
      live.textContent = "";
      telling = requestAnimationFrame(function () {
        telling = undefined;
        live.textContent = live.dataset.template.replace("{index}", String(index + 1))
          .replace("{total}", String(steps.length)).replace("{text}", text);
      });
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
      counter.textContent = counter.dataset.template
        .replace("{index}", String(index + 1))
        .replace("{total}", String(steps.length));
      buttons.first.disabled = buttons.previous.disabled = index === 0;
      buttons.last.disabled = buttons.next.disabled = index === steps.length - 1;
      section.dataset.current = String(index);
      // What the projector view's QR code leads to: this step (share.js).
      if (own) section.dataset.share = location.pathname + "#" + own + "-" + (index + 1);
      const active = /** @type {HTMLButtonElement} */ (document.activeElement);
      if (focus && active && active.disabled) section.focus();
    }

    /** @type {Record<string, () => number>} */
    const moves = {
      first: function () { return 0; },
      previous: function () { return index - 1; },
      next: function () { return index + 1; },
      last: function () { return steps.length - 1; },
    };
    /** @type {Record<string, string>} */
    const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };

    controls.addEventListener("click", function (event) {
      const button = /** @type {Element} */ (event.target).closest("[data-go]");
      if (button) { show(moves[button.dataset.go](), true); remember(); }
    });
    section.addEventListener("keydown", function (event) {
      const go = keys[event.key];
      if (!go || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      show(moves[go](), true);
      remember();
    });
    section.tabIndex = 0;
    section.classList.add("lq-stepping");
    controls.hidden = false;
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

  if (typeof document$ !== "undefined") document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
