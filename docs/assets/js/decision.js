// @ts-check
// The decision on the projected table (issues 45 and 52): the class plays its game from
// the screen. While the play page's table is projected (projector.js), its turn's bar is
// out of sight; this module shows, in the room's size:
//
// - a decision of one move (a bank to announce): whose turn, the amounts the engine
//   offers (its suggestion, chosen at first, and its presets: view.py ``offered``, read
//   from the engine's ``to_act`` as computer.js reads them), a field for another amount,
//   and the move as a button;
// - a decision of two moves or more is the class's vote (vote.js), in the same place; the
//   move of the vote that takes an amount (a stake) gets its amounts beside its letter:
//   the least, half, all (the engine's presets) and a field for any other. None is chosen
//   at first: the class chooses one, and its lettered move is refused on the screen until
//   then (``ready``), so that a stake is never the amount a hidden field held;
// - a finished game: "new game" (the same seats, the table's computer players or none,
//   the rules chosen among the page's presets) and "carry on" (the same game, more deals).
//
// An amount pressed or typed goes into the turn's own field (the page's ``take``, as a
// preset's does); the move is played through the page's ``choose`` (the bridge), the new
// game and the carrying on through the page's own requests: nothing here knows a rule.
//
//   const decision = mountDecision(view, el, word, { choose, take, fresh, more, presets });
//   decision.draw(toAct);      // the engine's decision now (null: none); drawn when projected
//   decision.ready(button);    // false (and said) when the vote's move needs an amount first
//   decision.say(text);        // a refusal of the engine, on the screen
import { node } from "./page.js";

/** @param {Element} element */
function shown(element) { return element.getClientRects().length > 0; }

/**
 * @typedef {{ value: string, text: string, selected: boolean }} Choice
 * @typedef {{ rules: string, computers: boolean }} Fresh
 */

/**
 * @param {HTMLElement} box the table's view, projected or not
 * @param {{ turn: HTMLElement, turnText: HTMLElement, amount: HTMLInputElement, over: HTMLElement }} el
 *   the turn's bar, the standings
 * @param {Page.Word} word the page's words
 * @param {{ choose: (button: HTMLElement) => void, take: (amount: string) => void,
 *   fresh: (how: Fresh) => void, more: () => void, presets: () => Choice[],
 *   computers: () => boolean }} act how a move is played, how an amount goes into the turn's
 *   field; a new game (its rules, computer players or not), the game carried on; the rules
 *   the page offers (the form's presets, the game's chosen), whether the game has computer players
 */
export function mountDecision(box, el, word, act) {
  /** @type {HTMLElement | null} */
  let panel = null; // the decision's own panel (one move; the game's end)
  /** @type {HTMLElement | null} */
  let sizes = null; // the vote's amounts, within its lettered move
  /** @type {Bridge.ToAct | null} */
  let decision = null; // the engine's last
  /** @type {string | null} */
  let chosen = null; // the amount the class chose at the vote (none yet: null)

  /** @param {HTMLElement} holder @param {string} amount */
  function press(holder, amount) {
    holder.querySelectorAll("button[data-amount]").forEach(function (other) {
      other.setAttribute("aria-pressed", String(/** @type {HTMLElement} */ (other).dataset.amount === amount));
    });
  }

  // The amounts of ``sized`` (the engine's presets, and its suggestion when ``suggested``),
  // each a button, and a field for another: chosen, it goes into the turn's field.
  /**
   * @param {Required<Bridge.Move>} sized
   * @param {boolean} suggested the engine's suggestion offered (and chosen at first)
   * @param {string | null} now the amount chosen
   */
  function amounts(sized, suggested, now) {
    const row = node("p", null, { class: "lq-decision-amounts" });
    /** @param {string} amount @param {string} text @param {string} label */
    function add(amount, text, label) {
      const button = node("button", text, {
        type: "button", class: "md-button lq-decision-amount", "data-amount": amount,
        "aria-pressed": String(now === amount),
      });
      if (label !== text) button.setAttribute("aria-label", label);
      if (suggested && amount === String(sized.suggested)) button.classList.add("lq-decision-suggested");
      button.addEventListener("click", function () {
        chosen = amount;
        act.take(amount);
        press(row, amount);
        other.value = "";
        say("");
      });
      row.append(button);
    }
    if (suggested) add(String(sized.suggested), word("play.preset.suggested", { amount: sized.suggested }), word("play.preset.suggested", { amount: sized.suggested }));
    (sized.presets || []).forEach(function (preset) {
      const amount = String(preset.amount);
      const said = word("play.preset." + preset.kind, { amount: preset.amount });
      if (!(suggested && amount === String(sized.suggested))) add(amount, suggested ? said : amount, said);
    });
    // Any other amount, as the teacher types it (the engine judges it: its refusal is said).
    const range = sized.min === sized.max ? word("play.range_one", { amount: sized.min })
      : word("play.range", { min: sized.min, max: sized.max });
    const other = /** @type {HTMLInputElement} */ (node("input", null, {
      type: "text", inputmode: "numeric", autocomplete: "off", class: "lq-decision-other",
      "aria-label": word("play.vote.other", { range: range }), placeholder: word("play.vote.other_short"),
    }));
    other.addEventListener("input", function () {
      const typed = other.value.trim();
      chosen = typed || null;
      act.take(typed);
      press(row, "");
      say("");
    });
    // Enter in it: the move that takes the amount, as in the turn's own field.
    other.addEventListener("keydown", function (event) {
      if (event.key !== "Enter") return;
      event.preventDefault();
      const button = el.turn.querySelector('button[data-move="' + sized.do + '"]');
      if (button instanceof HTMLElement && ready(button)) act.choose(button);
    });
    row.append(other);
    return row;
  }

  /** @param {string} text a sentence for the room (a refusal), or "" */
  function say(text) {
    if (sizes) { // the vote's: in its title's place (its list stays whole above the step bar)
      const head = box.querySelector(":scope > .lq-vote .lq-vote-title");
      const words = head && head.firstChild;
      if (!(head instanceof HTMLElement) || !words || words.nodeType !== Node.TEXT_NODE) return;
      if (head.dataset.title === undefined) head.dataset.title = words.textContent || "";
      words.textContent = text ? text + " " : head.dataset.title;
      head.classList.toggle("lq-vote-asking", !!text);
      sizes.classList.toggle("lq-vote-asking", !!text);
      return;
    }
    const holder = panel;
    if (!holder) return;
    let line = /** @type {HTMLElement | null} */ (holder.querySelector(".lq-decision-said"));
    if (!line) {
      line = node("p", null, { class: "lq-decision-said", role: "alert" });
      holder.append(line);
    }
    line.textContent = text;
    line.hidden = !text;
  }

  // The game's end: "new game" (its rules and its computer players chosen here) and
  // "carry on".
  function over() {
    const end = node("div", null, { class: "lq-decision lq-decision-over" });
    end.append(node("p", word("play.finished"), { class: "lq-decision-who" }));
    const rules = /** @type {HTMLSelectElement} */ (node("select", null, { id: "lq-decision-rules", class: "lq-decision-rules" }));
    act.presets().forEach(function (choice) {
      const option = /** @type {HTMLOptionElement} */ (node("option", choice.text, { value: choice.value }));
      option.selected = choice.selected;
      rules.append(option);
    });
    const pick = node("p", null, { class: "lq-decision-pick" });
    pick.append(node("label", word("play.rules.choose"), { for: "lq-decision-rules" }), rules);
    const computers = /** @type {HTMLInputElement} */ (node("input", null, { type: "checkbox", id: "lq-decision-computers" }));
    computers.checked = act.computers();
    const seats = node("p", null, { class: "lq-decision-pick" });
    seats.append(computers, node("label", word("play.vote.computers"), { for: "lq-decision-computers" }));
    const fresh = node("button", word("play.vote.new_game"), { type: "button", class: "md-button md-button--primary", "data-decision": "new-game" });
    fresh.addEventListener("click", function () { act.fresh({ rules: rules.value, computers: computers.checked }); });
    const more = node("button", word("play.vote.carry_on"), { type: "button", class: "md-button", "data-decision": "carry-on" });
    more.addEventListener("click", function () { act.more(); });
    const buttons = node("p", null, { class: "lq-decision-amounts" });
    buttons.append(more, fresh);
    end.append(buttons, pick, seats);
    return end;
  }

  /** @param {Bridge.ToAct | null} [toAct] the engine's decision (none given: the last) */
  function draw(toAct) {
    if (toAct !== undefined) {
      if (toAct !== decision) chosen = null; // a new decision: the class chooses again
      decision = toAct;
    }
    if (panel) panel.remove();
    if (sizes) { say(""); sizes.remove(); } // the vote's title back as it was
    panel = sizes = null;
    if (!box.classList.contains("lq-projecting")) return;
    if (!decision) {
      if (!el.over.hidden) { panel = over(); box.append(panel); } // the game is over
      return;
    }
    if (!shown(el.turn)) return;
    const moves = /** @type {HTMLElement[]} */ (Array.from(el.turn.querySelectorAll("button[data-move]")).filter(shown));
    const sized = /** @type {Required<Bridge.Move> | undefined} */ (decision.moves.find(function (m) { return m.amount; }));
    if (moves.length >= 2) { // the vote's: its move that takes an amount gets them
      const item = sized && box.querySelector(':scope > .lq-vote li[data-vote-move="' + sized.do + '"]');
      if (!sized || !item) return;
      sizes = node("div", null, { class: "lq-vote-amounts" });
      sizes.append(amounts(sized, false, chosen));
      item.append(sizes);
      if (chosen) act.take(chosen);
      return;
    }
    if (moves.length !== 1) return; // none: a computer player's turn
    panel = node("div", null, { class: "lq-decision" });
    panel.append(node("p", el.turnText.textContent || "", { class: "lq-decision-who" }));
    if (sized && sized.suggested !== undefined) {
      panel.append(amounts(sized, true, chosen === null ? String(sized.suggested) : chosen));
    }
    const one = moves[0];
    const move = node("button", one.textContent, { type: "button", class: "md-button md-button--primary lq-decision-move" });
    move.addEventListener("click", function () { act.choose(one); });
    panel.append(move);
    box.append(panel);
  }

  // Whether the vote's ``button`` may be played now: a move that takes an amount waits for
  // the class's (said on the screen, its field focused); any other may.
  /** @param {HTMLElement} button the turn's own button for the move */
  function ready(button) {
    if (!sizes || chosen || !decision) return true;
    const move = /** @type {Required<Bridge.Move> | undefined} */ (decision.moves.find(function (m) { return m.do === button.dataset.move; }));
    if (!move || !move.amount) return true;
    say(move.min === move.max ? word("play.amount_empty_one", { amount: move.min })
      : word("play.amount_empty", { min: move.min, max: move.max }));
    const field = /** @type {HTMLElement | null} */ (sizes.querySelector(".lq-decision-other"));
    if (field) field.focus();
    return false;
  }

  box.addEventListener("lq:projected", function () { draw(); });
  box.addEventListener("lq:voted", function () { draw(); }); // the vote drawn again: its amounts too
  return { draw: draw, ready: ready, say: say };
}
