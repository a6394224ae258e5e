// @ts-check
// The projector view: any element marked ``data-projector`` (a rule page's stepper,
// the play page's table, a lesson) fills the screen for a classroom, with large cards
// and large type (projector.css). A button ``[data-action="projector"]`` inside it, or
// the ``f`` key, opens it; Escape, or the same button, leaves it.
//
// The Fullscreen API where the browser gives it; else (or while it is refused) the same
// full-window layout over the page, which is all CSS. While it is open: ← → step, Space
// steps forward, Home and End go to the first and the last step, by pressing the
// container's own step buttons (``[data-go]``: the stepper's, the play page's); a
// container without them (a lesson) steps to the previous or the next container of the
// page. The rest of the page is ``inert`` meanwhile, so that Tab stays in the view.
// Nothing here knows a rule. Safe to run twice.
(function () {
  "use strict";

  /** @type {Record<string, string>} */
  const KEYS = { ArrowLeft: "previous", ArrowRight: "next", " ": "next", Home: "first", End: "last" };
  /** @type {{box: HTMLElement, inert: HTMLElement[], scroll: number, full?: boolean} | null} */
  let open = null; // { box, inert: [elements made inert], scroll, full: in full screen }

  function containers() {
    return Array.from(document.querySelectorAll("[data-projector]"));
  }

  /** @param {HTMLElement} box */
  function buttonOf(box) {
    return box.querySelector('[data-action="projector"]');
  }

  // Every element beside the way from ``box`` up to <body> stops taking focus or clicks.
  /**
   * @param {HTMLElement} box
   * @returns {HTMLElement[]}
   */
  function quiet(box) {
    /** @type {HTMLElement[]} */
    const made = [];
    for (let node = box; node && node !== document.body; node = node.parentElement) {
      const parent = node.parentElement;
      if (!parent) break;
      Array.from(/** @type {HTMLCollectionOf<HTMLElement>} */ (parent.children)).forEach(function (sibling) {
        if (sibling !== node && !sibling.inert && sibling.tagName !== "SCRIPT") {
          sibling.inert = true;
          made.push(sibling);
        }
      });
    }
    return made;
  }

  /** @param {HTMLElement} box */
  function enter(box) {
    const scroll = open ? open.scroll : window.scrollY;
    if (open) leave(false, true); // another container: full screen passes to it
    open = { box: box, inert: quiet(box), scroll: scroll };
    box.classList.add("lq-projecting");
    document.documentElement.classList.add("lq-projector-on");
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
    if (box.requestFullscreen && document.fullscreenEnabled) {
      // Refused (no user gesture, a browser that forbids it): the full-window layout stays.
      // Left (Escape, the button) before the full screen came: it goes as it comes.
      const shown = open;
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
    const box = open.box;
    const scroll = open.scroll;
    open.inert.forEach(function (node) { node.inert = false; });
    open = null;
    box.classList.remove("lq-projecting");
    box.querySelectorAll(".lq-story").forEach(function (story) { story.removeAttribute("tabindex"); });
    document.documentElement.classList.remove("lq-projector-on");
    const button = buttonOf(box);
    if (button) button.setAttribute("aria-pressed", "false");
    if (switching) return;
    if (document.fullscreenElement) document.exitFullscreen().catch(function () {});
    window.scrollTo(0, scroll);
    box.scrollIntoView({ block: "nearest" }); // the one shown last, when the keys went on
    if (focus !== false) (button || box).focus({ preventScroll: true });
  }

  // The container the ``f`` key means: the one holding the focus, else the first one on
  // the screen, else the first of the page.
  /**
   * @param {EventTarget} target
   * @returns {HTMLElement | null}
   */
  function wanted(target) {
    const element = /** @type {Element} */ (target);
    const inside = element && element.closest && element.closest("[data-projector]");
    if (inside) return inside;
    const all = containers().filter(function (box) { return box.getClientRects().length; });
    const seen = all.find(function (box) {
      const r = box.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight;
    });
    return seen || all[0] || null;
  }

  /** @param {string} go */
  function step(go) {
    const box = open.box;
    const button = /** @type {HTMLButtonElement} */ (box.querySelector('[data-go="' + go + '"]'));
    if (box.querySelector("[data-go]")) {
      if (button && !button.disabled) button.click();
      return;
    }
    const all = containers();
    const at = all.indexOf(box);
    const next = /** @type {Record<string, number>} */ ({ first: 0, previous: at - 1, next: at + 1, last: all.length - 1 })[go];
    if (next >= 0 && next < all.length && next !== at) enter(all[next]);
  }

  /** @param {any} target an event's target: an element, or the window */
  function typing(target) {
    return !!(target && target.closest && target.closest("input, textarea, select, [contenteditable]"));
  }

  // Space on a button or a link presses it (a lesson's choice), as everywhere.
  /** @param {any} target */
  function pressable(target) {
    return !!(target && target.closest && target.closest("button, a, summary"));
  }

  // Capture: before Material's own keys (its "f" opens search) and the steppers' own.
  window.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const f = event.key === "f" || event.key === "F";
    if (open) {
      if (event.key === "Escape") leave();
      else if (f && !typing(event.target)) leave();
      else if (KEYS[event.key] && !typing(event.target) && !(event.key === " " && pressable(event.target))) {
        step(KEYS[event.key]);
      } else return;
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
    const target = /** @type {Element} */ (event.target);
    const button = target.closest && target.closest('[data-action="projector"]');
    if (!button) return;
    const box = button.closest("[data-projector]");
    if (!box) return;
    if (open && open.box === box) leave();
    else enter(box);
  });

  // Leaving the browser's full screen (its own Escape) leaves the view.
  document.addEventListener("fullscreenchange", function () {
    if (open && open.full && document.fullscreenElement !== open.box) leave();
  });

  function init() {
    containers().forEach(function (box) {
      const button = buttonOf(box);
      if (button) { button.hidden = false; button.setAttribute("aria-pressed", "false"); }
    });
  }

  if (typeof document$ !== "undefined") document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
