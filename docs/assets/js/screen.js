// @ts-check
// The game screen (play.css): while a game is shown it fills the window under the
// site's header, and the page behind it is inert and still (nothing scrolls it); its
// tabs swap what the stage shows (the table, the story, the ledger, the tools); the
// odds of each move are shown on demand (data-action="odds"), remembered by the browser,
// and on the class's R where no vote is open (projector.js's "lq:reveal").
//
//   const screen = gameScreen(el, root, onTab);  // onTab(key): the tab now shown
//   screen.show(true);        // a game: the screen on, the page behind inert
//   screen.select("story");   // the story's tab
import { oddsSwitch } from "./odds-view.js";
import { inertAround, required, stepKey } from "./page.js";

const KEEP = ".md-header, [data-md-component=skip], #lq-announce, script, template";

/**
 * @param {Page.Elements} el
 * @param {HTMLElement} root
 * @param {(key: string) => void} onTab
 */
export function gameScreen(el, root, onTab) {
  const tabs = Array.from(root.querySelectorAll('[role="tab"]'));
  const odds = oddsSwitch(el.game, [required(root, '[data-action="odds"]')]);
  let release = function () {}; // the page behind given back

  // The game on screen (or not): what lies behind it leaves the tab order and the page
  // stops scrolling; the header (language, search, palette) stays.
  /** @param {boolean} on */
  function show(on) {
    release();
    release = function () {};
    document.documentElement.classList.toggle("lq-screen", on);
    if (on) release = inertAround(el.game, KEEP);
  }

  /**
   * @param {string} key
   * @param {boolean} focus
   */
  function select(key, focus) {
    tabs.forEach(function (tab) {
      const on = tab.dataset.tab === key;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
      required(document, "#" + tab.getAttribute("aria-controls")).hidden = !on;
      if (on && focus) tab.focus({ preventScroll: true });
    });
    onTab(key);
  }


  root.addEventListener("click", function (event) {
    const target = /** @type {Element} */ (event.target);
    const tab = target.closest("[data-tab]");
    if (tab) select(tab.dataset.tab || "", false);
    else if (target.closest('[data-action="odds"]')) odds.set(!odds.on);
  });
  // The class's R on the projected table with no vote open (projector.js "lq:reveal"):
  // its odds shown, the court game's coach among them (each coupeur's chance, COURT.md C-15).
  el.game.addEventListener("lq:reveal", function (event) {
    odds.set(true);
    event.preventDefault();
  });
  // The tabs from the keyboard (ARIA tabs): arrows, Home and End move and select.
  required(root, '[role="tablist"]').addEventListener("keydown", function (event) {
    const at = tabs.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    const go = stepKey(event);
    if (at < 0 || !go) return;
    const to = { previous: at - 1, next: at + 1, first: 0, last: tabs.length - 1 }[go];
    event.preventDefault();
    select(tabs[(to + tabs.length) % tabs.length].dataset.tab || "", true);
  });

  return { show: show, select: select };
}
