// @ts-check
// The step viewer of the play page: one step of the game, drawn from the engine's
// display-ready view (lansquenet/view.py, sent by the worker's ``steps``, ``move`` and
// ``open`` answers). The sentence, the cards as seen (text and colour), the result of
// a deal, the diagram (SVG the engine wrote) and each player's counters, stake and
// signed change all come from the engine: this module only puts them in the page, in
// the same form as the rule pages' stepper (site_plugins/lansquenet_site/render.py).
//
//   const view = stepView(el, word);
//   view.counter(index, total);   // "Step 3 of 11" and the buttons' states
//   view.draw(step);              // a step of the engine
//   view.readers(["Chloé"]);      // the reader's seats, marked "(vous)" in the balances
//
// To draw the table differently, replace this module: its input is the engine's step.
import { parseSvg } from "./engine.js";
import { seatName } from "./turn.js";
import { node, required, show } from "./page.js";

/**
 * @param {Page.Elements} el
 * @param {Page.Word} word
 */
export function stepView(el, word) {
  /** @type {string[]} */
  let readers = []; // the reader's seats, marked in the balances
  // Found once: a search of the page at every step would go through the whole journal.
  const goButtons = /** @type {NodeListOf<HTMLButtonElement>} */ (el.root.querySelectorAll("[data-go]"));

  /**
   * @param {number} index
   * @param {number} total
   */
  function counter(index, total) {
    el.counter.textContent = word("stepper.counter", { index: index + 1, total: total });
    goButtons.forEach(function (button) {
      const go = button.dataset.go;
      button.disabled = (go === "first" || go === "previous") ? index === 0 : index === total - 1;
    });
  }

  /**
   * @param {Bridge.Step} step
   * @returns {Node[]}
   */
  function cards(step) {
    /** @type {Node[]} */
    const spans = [];
    step.cards.forEach(function (card, i) {
      if (i) spans.push(document.createTextNode(" "));
      spans.push(node("span", card.text, { class: "lq-cardtext lq-" + card.colour }));
    });
    return spans;
  }

  // Each row is a copy of the page's <template id="lq-balances-row">, written at build
  // time by the same function as the rule pages' balances (render.py balance_row): the
  // engine's values go into its parts, an empty part goes.
  const rowTemplate = required(/** @type {HTMLTemplateElement} */ (document.getElementById("lq-balances-row")).content, "tr");

  /**
   * @param {string} player
   * @param {number} balance
   * @param {string} change
   * @param {string} stake
   * @returns {HTMLTableRowElement}
   */
  function row(player, balance, change, stake) {
    const tr = /** @type {HTMLTableRowElement} */ (rowTemplate.cloneNode(true));
    required(tr, "th").textContent = player;
    required(tr, "td").prepend(String(balance));
    const changed = required(tr, ".lq-change");
    if (change) changed.textContent = (changed.textContent || "").replace("{change}", change);
    else changed.remove();
    const staked = required(tr, ".lq-stake");
    if (stake) staked.textContent = stake;
    else {
      if (staked.previousSibling && staked.previousSibling.nodeType === Node.TEXT_NODE) staked.previousSibling.remove();
      staked.remove();
    }
    return tr;
  }

  /** @param {Bridge.Step} step */
  function balances(step) {
    const rows = step.rows.map(function (r) {
      return row(seatName(r.player, readers, word), r.balance, r.change_text,
        r.stake ? word("steps.stake", { amount: r.stake }) : "");
    });
    if (step.bank !== null) rows.push(row(word("steps.bank"), step.bank, "", ""));
    el.balances.tBodies[0].replaceChildren.apply(el.balances.tBodies[0], rows);
  }

  // The court game's coach at this step (the engine's exact chances, in its words): each
  // coupeur's card still on the table, then the holder's chances; nothing in the later
  // game, whose odds stand beside its moves (turn.js), nor once a coup is decided.
  /** @param {Bridge.Step} step */
  function coach(step) {
    const found = step.coach;
    const lines = found ? found.cards.map(function (card) {
      return node("p", card.text, { class: "lq-odds-text", "data-before": card.before });
    }).concat([node("p", found.text, { class: "lq-odds-short", "data-make": found.make })]) : [];
    el.coach.replaceChildren.apply(el.coach, lines);
  }

  /** @param {Bridge.Step} step */
  function draw(step) {
    el.stepText.textContent = step.text;
    el.stepCards.replaceChildren.apply(el.stepCards, cards(step));
    show(el.result, step.result ? word("steps.result", { changes: step.result.line }) : "");
    coach(step);
    const svg = parseSvg(step.svg);
    // The cards that were not on the table just before turn (CSS: a short animation).
    const before = new Set(Array.from(el.figure.querySelectorAll("[data-card]"), function (c) { return c.getAttribute("data-card"); }));
    if (svg) {
      svg.querySelectorAll("[data-card]").forEach(function (card) {
        if (!before.has(card.getAttribute("data-card"))) card.classList.add("lq-turning");
      });
    }
    el.figure.replaceChildren.apply(el.figure, svg ? [svg] : []);
    balances(step);
  }

  return { counter: counter, draw: draw, readers: function (/** @type {string[]} */ seats) { readers = seats; } };
}
