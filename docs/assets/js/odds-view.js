// @ts-check
// The odds of a move beside it, on demand (issue 22): the play page (turn.js, screen.js)
// and the lessons (learn.js) show them the same way. The figures and the sentence are
// the engine's (each move's ``odds`` and ``odds_text``, lansquenet/view.py): nothing
// here computes a chance, it draws the engine's "8/17" as a bar.
//
//   box.append(withOdds(button, move, word));  // the button, its odds under it
//   const odds = oddsSwitch(holder, toggles);  // holder's data-odds, remembered
//   odds.set(!odds.on);
import { node } from "./page.js";

const STORE = "lq.odds"; // localStorage: "on" when the reader asked for the odds (both pages)

// The move's button, its odds in words under it and, when it risks something, a bar
// of its chance to win the deal (``odds.win``, a fraction such as "8/17") and that chance
// at a glance (``odds_short``, the engine's "9 in 17, 53%"). With ``fold`` (the play
// page's game screen, the lessons), the long sentence folds behind that first line on a phone.
/**
 * @param {HTMLElement} button
 * @param {Bridge.ChoiceOdds} move a move of the engine, or a lesson's choice
 * @param {Page.Word} word
 * @param {boolean} [fold]
 */
export function withOdds(button, move, word, fold) {
  const box = node("span", null, { class: "lq-move" });
  const odds = node("span", null, { class: "lq-odds" });
  if (move.odds && move.odds.win) {
    const parts = String(move.odds.win).split("/");
    const share = parts.length === 2 ? Number(parts[0]) / Number(parts[1]) : Number(parts[0]);
    const bar = node("span", null, {
      class: "lq-odds-bar", role: "img", "aria-label": word("play.odds.win", { win: move.odds.win }),
    });
    const filled = node("span");
    filled.style.width = Math.round(Math.max(0, Math.min(1, share)) * 100) + "%"; // CSSOM: allowed by the page's policy
    bar.append(filled);
    odds.append(bar);
  }
  const text = node("span", move.odds_text, { class: "lq-odds-text" });
  const glance = node("span", move.odds_short || word("play.odds.nothing"), { class: "lq-odds-short" });
  if (fold) {
    const details = node("details", null, { class: "lq-odds-fold" });
    const summary = node("summary");
    summary.append(glance);
    details.append(summary, text);
    details.open = !window.matchMedia("(max-width: 37.5em)").matches; // folded on a phone only
    odds.append(details);
  } else {
    if (move.odds_short) odds.append(glance);
    odds.append(text);
  }
  box.append(button, odds);
  return box;
}

// The odds shown or not on ``holder`` (its data-odds, odds-view.css), every toggle's
// aria-pressed in step; off unless the reader turned them on, here or on the other page.
/**
 * @param {HTMLElement} holder
 * @param {Element[]} toggles
 */
export function oddsSwitch(holder, toggles) {
  /** @param {boolean} on */
  function set(on) {
    holder.dataset.odds = on ? "on" : "off";
    toggles.forEach(function (toggle) { toggle.setAttribute("aria-pressed", on ? "true" : "false"); });
    try { localStorage.setItem(STORE, on ? "on" : "off"); } catch (error) { /* private mode: not remembered */ }
  }
  let stored = null;
  try { stored = localStorage.getItem(STORE); } catch (error) { /* no storage: off */ }
  set(stored === "on");
  return { set: set, get on() { return holder.dataset.odds === "on"; } };
}
