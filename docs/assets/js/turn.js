// @ts-check
// Whose turn it is, and the moves they may make: the engine's ``to_act`` (who acts,
// each legal move, whether it takes an amount and the amounts allowed), or the final
// standings. Nothing here knows which move takes an amount or how much, nor its odds:
// the engine says so (each move's ``odds`` and ``odds_text``, lansquenet/odds.py), and
// the page shows them beside the move when the reader asks (data-action="odds").
import { withOdds } from "./odds-view.js";
import { node } from "./page.js";

// A player's name where seats are listed: "Chloé (vous)" for a seat the reader plays.
/**
 * @param {string} player
 * @param {string[]} readers
 * @param {Page.Word} word
 */
export function seatName(player, readers, word) {
  return readers.indexOf(player) >= 0 ? word("play.seat_mark", { player: player }) : player;
}

/**
 * @param {Page.Elements} el
 * @param {Page.Word} word
 */
export function turnView(el, word) {
  /** @type {Bridge.ToAct | null} */
  let current = null; // the engine's to_act
  /** @type {string[]} */
  let readers = []; // the reader's seats, in a game with computer players (computer.js)

  /**
   * @param {Bridge.ToAct | null} toAct
   * @param {Bridge.State} state
   */
  function draw(toAct, state) {
    current = toAct;
    standings(state);
    el.amount.removeAttribute("aria-invalid");
    el.turn.hidden = !toAct;
    el.moves.textContent = "";
    if (!toAct) return;
    const yours = readers.indexOf(toAct.player) >= 0;
    el.turnText.textContent = word(yours ? "play.your_turn" : "play.turn", { player: toAct.player });
    const table = state && state.table;
    if (table && table.uncovered !== null && table.uncovered !== undefined) {
      el.situation.textContent = word("play.uncovered", { amount: table.uncovered });
    } else {
      el.situation.textContent = state && state.bank ? word("play.bank_now", { amount: state.bank.amount }) : "";
    }
    const sized = toAct.moves.filter(function (move) { return move.amount; });
    el.amountBox.hidden = !sized.length;
    if (!sized.length) el.amount.value = "";
    toAct.moves.forEach(function (move) {
      const button = node("button", word("play.move." + move.do), {
        type: "button", class: "md-button", "data-move": move.do,
      });
      el.moves.append(move.odds_text ? withOdds(button, move, word, true) : button);
    });
  }

  // At the finish (R-F1): the players ranked, ties sharing a place.
  /** @param {Bridge.State} state */
  function standings(state) {
    const rows = state.standings;
    el.over.hidden = !rows;
    const body = el.standings.tBodies[0];
    body.textContent = "";
    (rows || []).forEach(function (row) {
      const tr = node("tr");
      tr.append(node("td", row.place), node("th", seatName(row.player, readers, word), { scope: "row" }), node("td", row.balance));
      body.append(tr);
    });
  }

  // The move ``name`` of the player to act, or null.
  /** @param {string} name */
  function find(name) {
    return current ? current.moves.find(function (move) { return move.do === name; }) || null : null;
  }

  // The first move that takes an amount (what Enter in the amount field plays).
  function sized() {
    return current ? current.moves.find(function (move) { return move.amount; }) || null : null;
  }

  // The first control of the decision: the amount, else the first move. Never scrolls
  // the page (the game screen holds it in view).
  function focus() {
    const first = !el.amountBox.hidden ? el.amount : el.moves.querySelector("button");
    if (first) first.focus({ preventScroll: true });
    return !!first;
  }

  return {
    draw: draw, find: find, sized: sized, focus: focus, get current() { return current; },
    readers: function (/** @type {string[]} */ seats) { readers = seats; },
  };
}
