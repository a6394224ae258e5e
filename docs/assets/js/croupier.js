// @ts-check
// The croupier (issue 34 item 3): single keys that ask what is on the table, answered in
// the page's one polite live region (#lq-announce), apart from the buttons' names.
//
//   L the last events   T the table (the bank, the stakes, the cards turned)
//   M whose turn it is and the moves   O the odds of my moves   S every player's counters
//   ? (or the visible "Keys" button) the list of keys, in a dialog
//
// The keys are the same in both languages and act only while the focus is inside the
// game screen and not in a text field (WCAG 2.1.4), so a screen reader's own browse-mode
// letters and the reader's typing are untouched. Every sentence is the engine's (the
// step's ``say``, lansquenet/view.py croupier; the feed's sentences): this module only
// picks one and places it.
//
//   const croupier = croupierKeys(game, announce, keysButton, dialog, word);
//   croupier.update(step, yours);   // the engine's last step; whether the reader acts
//   croupier.last(text);            // what the last move(s) said (L repeats it)

/**
 * @typedef {{ table: string, counters: string, moves: string, odds: string }} Said
 * @typedef {{ say?: Said | null }} Step
 */

import { announce, typing } from "./page.js";

const ASK = /** @type {const} */ ({ t: "table", m: "moves", o: "odds", s: "counters" });

/**
 * @param {HTMLElement} game the game screen (the keys act inside it only)
 * @param {HTMLElement} region the one polite live region
 * @param {HTMLElement | null} keysButton the visible "Keys" button
 * @param {HTMLDialogElement | null} dialog the list of keys
 * @param {Page.Word} word the page's words
 */
export function croupierKeys(game, region, keysButton, dialog, word) {
  /** @type {Said | null} */
  let said = null;
  let yours = false;
  let lastSaid = "";

  /** @param {string} text */
  function say(text) { announce(region, text); } // the same answer twice is still read

  /**
   * @param {Step} step the engine's last step
   * @param {boolean} readerActs whether the player to act is the reader's
   */
  function update(step, readerActs) {
    said = step && step.say ? step.say : null;
    yours = readerActs;
  }

  /** @param {string} text */
  function last(text) { lastSaid = text; }

  /** @param {string} key */
  function answer(key) {
    if (key === "l") return lastSaid || word("play.croupier.nothing_yet");
    if (!said) return word("play.croupier.nothing_yet");
    if (key === "o") return yours && said.odds ? said.odds : word("play.croupier.no_odds");
    return said[ASK[/** @type {"t" | "m" | "s"} */ (key)]];
  }

  function openHelp() {
    if (!dialog || dialog.open) return;
    dialog.showModal();
  }

  game.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
    if (typing(event.target) || (dialog && dialog.open)) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : "";
    if (key !== "?" && key !== "l" && !(key in ASK)) return;
    // Answered here only: not Material's own keys too (its "s" opens the search).
    event.preventDefault();
    event.stopPropagation();
    if (key === "?") openHelp();
    else say(answer(key));
  });
  if (keysButton) keysButton.addEventListener("click", openHelp);
  if (dialog) {
    dialog.addEventListener("click", function (event) {
      const target = /** @type {HTMLElement} */ (event.target);
      if (target === dialog || target.closest("[data-close]")) dialog.close();
    });
    // Back to where the reader was: the dialog's own return of focus (its opener).
  }

  return { update: update, last: last, say: say };
}
