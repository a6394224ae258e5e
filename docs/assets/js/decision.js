// @ts-check
// The decision on the projected table (issue 45): the class plays its game from the
// screen. While the play page's table is projected (projector.js), its turn's bar is out
// of sight; this panel shows, in the room's size, whose turn it is, the amounts the engine
// offers (its presets and its suggestion: computer.js's buttons, view.py ``offered``) and
// that move as a button, when the decision has one move only. Two moves or more are the
// class's vote (vote.js), in the same place: the panel then stays away (a move with an
// amount is played with the one in the turn's field, the engine's suggestion). An amount
// pressed goes into the turn's own field; the move is played through the page's
// ``choose`` (the bridge): nothing here knows a rule.
//
//   const decision = mountDecision(view, el, word, choose);
//   decision.draw();   // the decision now (after the engine's answer, or projected)
import { node } from "./page.js";

/** @param {Element} element */
function shown(element) { return element.getClientRects().length > 0; }

/**
 * @param {HTMLElement} box the table's view, projected or not
 * @param {{ turn: HTMLElement, turnText: HTMLElement, presets: HTMLElement, amount: HTMLInputElement }} el the turn's bar
 * @param {Page.Word} word the page's words
 * @param {(button: HTMLElement) => void} choose how a move is played
 */
export function mountDecision(box, el, word, choose) {
  /** @type {HTMLElement | null} */
  let panel = null;

  /** @param {string} amount @param {string} text @param {boolean} suggested */
  function amountButton(amount, text, suggested) {
    const button = node("button", text, {
      type: "button", class: "md-button lq-decision-amount", "data-amount": amount,
      "aria-pressed": String(el.amount.value.trim() === amount),
    });
    if (suggested) button.classList.add("lq-decision-suggested");
    button.addEventListener("click", function () {
      el.amount.value = amount;
      el.amount.removeAttribute("aria-invalid");
      if (panel) panel.querySelectorAll("[data-amount]").forEach(function (other) {
        other.setAttribute("aria-pressed", String(other === button || /** @type {HTMLElement} */ (other).dataset.amount === amount));
      });
    });
    return button;
  }

  function draw() {
    if (panel) panel.remove();
    panel = null;
    if (!box.classList.contains("lq-projecting") || !shown(el.turn)) return;
    const moves = Array.from(el.turn.querySelectorAll("button[data-move]")).filter(shown);
    if (moves.length !== 1) return; // none: a computer player's turn; two or more: the vote
    panel = node("div", null, { class: "lq-decision" });
    panel.append(node("p", el.turnText.textContent || "", { class: "lq-decision-who" }));
    const amounts = node("p", null, { class: "lq-decision-amounts" });
    const suggested = el.presets.dataset.suggested;
    if (suggested) amounts.append(amountButton(suggested, word("play.preset.suggested", { amount: suggested }), true));
    el.presets.querySelectorAll("[data-amount]").forEach(function (preset) {
      const amount = /** @type {HTMLElement} */ (preset).dataset.amount || "";
      if (amount !== suggested) amounts.append(amountButton(amount, preset.textContent || "", false));
    });
    if (amounts.childNodes.length) panel.append(amounts);
    const one = /** @type {HTMLElement} */ (moves[0]);
    const move = node("button", one.textContent, { type: "button", class: "md-button md-button--primary lq-decision-move" });
    move.addEventListener("click", function () { choose(one); });
    panel.append(move);
    box.append(panel);
  }

  box.addEventListener("lq:projected", function () { draw(); });
  return { draw: draw };
}
