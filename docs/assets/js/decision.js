// @ts-check
// The decision on the projected table (issue 45): the class plays its game from the
// screen. While the play page's table is projected (projector.js), its turn's bar is out
// of sight; this panel shows, in the room's size, whose turn it is, the amounts the engine
// offers for the move (its suggestion and its presets: view.py ``offered``, read from the
// engine's ``to_act`` as computer.js reads them) and that move as a button, when the
// decision has one move only. Two moves or more are the class's vote (vote.js), in the
// same place: the panel then stays away (a move with an amount is played with the one in
// the turn's field, the engine's suggestion). An amount pressed goes into the turn's own
// field (the page's ``take``, as a preset's does); the move (the turn's own button, as the vote's are) is played through the
// page's ``choose`` (the bridge): nothing here knows a rule.
//
//   const decision = mountDecision(view, el, word, { choose, take });
//   decision.draw(toAct);   // the engine's decision now (null: none); drawn when projected
import { node } from "./page.js";

/** @param {Element} element */
function shown(element) { return element.getClientRects().length > 0; }

/**
 * @param {HTMLElement} box the table's view, projected or not
 * @param {{ turn: HTMLElement, turnText: HTMLElement, amount: HTMLInputElement }} el the turn's bar
 * @param {Page.Word} word the page's words
 * @param {{ choose: (button: HTMLElement) => void, take: (amount: string) => void }} act how a move
 *   is played, how an amount goes into the turn's field
 */
export function mountDecision(box, el, word, act) {
  /** @type {HTMLElement | null} */
  let panel = null;
  /** @type {Bridge.ToAct | null} */
  let decision = null; // the engine's last

  /** @param {string} amount @param {string} text @param {boolean} suggested */
  function amountButton(amount, text, suggested) {
    const button = node("button", text, {
      type: "button", class: "md-button lq-decision-amount", "data-amount": amount,
      "aria-pressed": String(el.amount.value.trim() === amount),
    });
    if (suggested) button.classList.add("lq-decision-suggested");
    button.addEventListener("click", function () {
      act.take(amount);
      if (panel) panel.querySelectorAll("[data-amount]").forEach(function (other) {
        other.setAttribute("aria-pressed", String(other === button || /** @type {HTMLElement} */ (other).dataset.amount === amount));
      });
    });
    return button;
  }

  /** @param {Bridge.ToAct | null} [toAct] the engine's decision (none given: the last) */
  function draw(toAct) {
    if (toAct !== undefined) decision = toAct;
    if (panel) panel.remove();
    panel = null;
    if (!decision || !box.classList.contains("lq-projecting") || !shown(el.turn)) return;
    const moves = /** @type {HTMLElement[]} */ (Array.from(el.turn.querySelectorAll("button[data-move]")).filter(shown));
    if (moves.length !== 1) return; // none: a computer player's turn; two or more: the vote
    panel = node("div", null, { class: "lq-decision" });
    panel.append(node("p", el.turnText.textContent || "", { class: "lq-decision-who" }));
    const sized = decision.moves.find(function (m) { return m.amount; });
    if (sized && sized.suggested !== undefined) {
      const suggested = String(sized.suggested);
      const amounts = node("p", null, { class: "lq-decision-amounts" });
      amounts.append(amountButton(suggested, word("play.preset.suggested", { amount: sized.suggested }), true));
      (sized.presets || []).forEach(function (preset) {
        const amount = String(preset.amount);
        if (amount !== suggested) amounts.append(amountButton(amount, word("play.preset." + preset.kind, { amount: preset.amount }), false));
      });
      panel.append(amounts);
    }
    const one = moves[0];
    const move = node("button", one.textContent, { type: "button", class: "md-button md-button--primary lq-decision-move" });
    move.addEventListener("click", function () { act.choose(one); });
    panel.append(move);
    box.append(panel);
  }

  box.addEventListener("lq:projected", function () { draw(); });
  return { draw: draw };
}
