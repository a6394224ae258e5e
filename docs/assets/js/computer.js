// @ts-check
// Computer players and the turn's helps on the play page.
//
// - A seat named in the scenario's ``computer`` map ({"Bruno": "cautious", ...}) is a
//   computer player: when it is its turn, the page waits a moment (the pace setting,
//   kept in localStorage "lansquenet.pace", in ms; 0 in tests) and asks the engine's
//   worker to move for it (op "bot", lansquenet.bots.decide): the move is an ordinary
//   action, its reason a sentence in the page's language (the position's ``reasons``).
//   The quick game itself is the engine's (op "quick", lansquenet.bots.quick_game).
// - The amount field is never empty without a hint: prefilled, its range shown
//   ("1–88", or "exactly 1") and presets (the least, half, all that is uncovered),
//   all from the engine's ``to_act`` (which move takes an amount, its bounds, what to
//   offer).
// - Each move button explains itself on focus and hover (play.help.<move>).
import { node, show } from "./page.js";

const PACE_KEY = "lansquenet.pace";

export function pace() {
  try {
    const stored = localStorage.getItem(PACE_KEY);
    return stored === null ? 700 : Math.max(0, Number(stored) || 0);
  } catch (error) {
    return 700;
  }
}

/** @param {number} ms */
export function setPace(ms) {
  try { localStorage.setItem(PACE_KEY, String(ms)); } catch (error) { /* not kept */ }
}

// The seats the reader plays: those that are not computer players, in a game that has
// computer players (none at a table of the reader's own, where every seat is theirs).
/**
 * @param {Bridge.Scenario} data
 * @returns {string[]}
 */
export function readerSeats(data) {
  const computer = (data && data.computer) || {};
  if (!Object.keys(computer).length) return [];
  return data.players.map(String).filter(function (name) {
    return !Object.prototype.hasOwnProperty.call(computer, name);
  });
}

// "Vous jouez Chloé." / "You play Chloé.", or "" when every seat is the reader's.
/**
 * @param {string[]} seats
 * @param {Page.Word} word
 * @param {string} lang
 */
export function seatLine(seats, word, lang) {
  if (!seats.length) return "";
  const list = new Intl.ListFormat(lang, { type: "conjunction" }).format(seats);
  return word("play.you_play", { players: list });
}

/**
 * @param {Page.Elements} el
 * @param {Page.Word} word
 */
export function helps(el, word) {
  // The amounts of the move that takes one, as the engine offers them (view.py
  // ``offered``): the field prefilled, the range said, the presets as buttons.
  /** @param {Bridge.ToAct | null} toAct */
  function amounts(toAct) {
    el.presets.textContent = "";
    // A move that takes an amount has its bounds, its suggestion and its presets.
    const sized = /** @type {Required<Bridge.Move> | null | undefined} */ (toAct ? toAct.moves.find(function (m) { return m.amount; }) : null);
    const range = !sized ? ""
      : sized.min === sized.max ? word("play.range_one", { amount: sized.min })
      : word("play.range", { min: sized.min, max: sized.max });
    show(el.range, range);
    el.amount.placeholder = range; // what an emptied field says
    if (!sized) return;
    el.amount.value = String(sized.suggested);
    if (document.activeElement === el.amount) el.amount.select(); // typing replaces it
    sized.presets.forEach(function (preset) {
      el.presets.append(node("button", word("play.preset." + preset.kind, { amount: preset.amount }), {
        type: "button", class: "md-button lq-preset", "data-amount": String(preset.amount),
      }));
    });
  }

  // An amount chosen (a preset, or the projected table's panel: decision.js) goes into
  // the turn's field, which the move then sends.
  /** @param {string} amount */
  function take(amount) {
    el.amount.value = amount;
    el.amount.removeAttribute("aria-invalid");
  }

  // One line saying what the focused or hovered move does.
  /** @param {HTMLElement | null} button */
  function explain(button) {
    const move = button && button.dataset ? button.dataset.move : null;
    el.help.textContent = move ? word("play.help." + move) : "";
  }

  function wire() {
    el.amount.addEventListener("focus", function () { el.amount.select(); }); // typing replaces the suggestion
    el.presets.addEventListener("click", function (event) {
      const preset = /** @type {Element} */ (event.target).closest("[data-amount]");
      if (!preset) return;
      take(preset.dataset.amount || "");
      el.amount.focus();
    });
    ["focusin", "mouseover"].forEach(function (kind) {
      el.moves.addEventListener(kind, function (event) { explain(/** @type {Element} */ (event.target).closest("[data-move]")); });
    });
    el.moves.querySelectorAll("[data-move]").forEach(function (b) { b.setAttribute("aria-describedby", "lq-move-help"); });
  }

  function describe() {
    el.moves.querySelectorAll("[data-move]").forEach(function (b) {
      b.setAttribute("aria-describedby", "lq-move-help");
      b.title = word("play.help." + b.dataset.move);
    });
    explain(null);
  }

  return { amounts: amounts, take: take, wire: wire, describe: describe };
}

// The computer players of a game: who they are, and their moves, one at a time.
/**
 * @param {Page.Elements} el
 * @param {Page.Word} word
 * @param {Page.Session} session
 * @param {(reply: Bridge.Position) => void} onMove
 * @param {() => boolean} [hold] whether they wait now (the class's table out of the class's sight)
 */
export function computerPlayers(el, word, session, onMove, hold) {
  /** @type {Record<string, string>} */
  let seats = {};
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Bridge.Position | null} */
  let waiting = null; // the position a computer player waits to move from, while held

  /** @param {Bridge.Scenario | null} data */
  function reset(data) {
    seats = (data && data.computer) || {};
    waiting = null;
    clearTimeout(timer);
  }

  /**
   * @param {Bridge.ToAct | null} toAct
   * @returns {toAct is Bridge.ToAct}
   */
  function isComputer(toAct) {
    return !!(toAct && Object.prototype.hasOwnProperty.call(seats, toAct.player));
  }

  // After each position: if a computer player is to act, it moves after the pause.
  /** @param {Bridge.Position} position */
  function follow(position) {
    clearTimeout(timer);
    const toAct = position && position.step.state.to_act;
    const thinking = isComputer(toAct);
    el.turn.classList.toggle("lq-computer-turn", thinking);
    if (!thinking) return;
    el.situation.textContent = word("play.thinking", { player: toAct.player });
    waiting = position;
    if (hold && hold()) return; // resumed when the table is in sight again
    timer = setTimeout(function () {
      if (session.busy) { follow(position); return; }
      if (hold && hold()) return;
      waiting = null;
      session.bot().then(onMove, function () {});
    }, pace());
  }

  // The table in sight again: a computer player that waited moves.
  function resume() {
    if (waiting && !(hold && hold())) follow(waiting);
  }

  return {
    reset: reset, follow: follow, isComputer: isComputer, resume: resume,
    any: function () { return Object.keys(seats).length > 0; }, // whether the game has computer players
  };
}
