// @ts-check
// The play page's set-up form: the players, their counters, the first banker, the
// agreed finish, the seed and stacked decks. It reads and writes a scenario's table
// (CONFORMANCE.md, without its actions) and its rules (rules-choice.js); the engine
// judges it, not this module.
import { node } from "./page.js";
import { rulesChoice } from "./rules-choice.js";

/**
 * @param {Page.Elements} el
 * @param {Page.Word} word
 */
export function setupForm(el, word) {
  const defaultNames = word("play.default_names").split(",").map(function (s) { return s.trim(); });
  const rules = rulesChoice(el.root, word);

  function nameInputs() { return Array.from(el.names.querySelectorAll("input")); }

  function renumber() {
    nameInputs().forEach(function (input, i) {
      const row = /** @type {HTMLLIElement} */ (input.closest("li"));
      const id = "lq-name-" + (i + 1);
      input.id = id;
      const label = /** @type {HTMLLabelElement} */ (row.querySelector("label"));
      label.textContent = word("play.player_n", { n: i + 1 });
      label.htmlFor = id;
      const remove = /** @type {HTMLButtonElement} */ (row.querySelector("button"));
      remove.setAttribute("aria-label", word("play.remove_player", { n: i + 1 }));
    });
    fillBankers();
  }

  /** @param {string} value */
  function addName(value) {
    const row = node("li");
    const label = node("label");
    const input = node("input", null, { type: "text", autocomplete: "off", spellcheck: "false" });
    input.value = value;
    const remove = node("button", "×", { type: "button", class: "md-button lq-remove", "data-act": "remove-player" });
    row.append(label, input, remove);
    el.names.append(row);
    renumber();
    return input;
  }

  function fillBankers() {
    const chosen = el.banker.selectedIndex;
    while (el.banker.options.length > 1) el.banker.remove(1);
    nameInputs().forEach(function (input, i) {
      const option = node("option", input.value || word("play.player_n", { n: i + 1 }));
      option.value = String(i);
      el.banker.append(option);
    });
    el.banker.selectedIndex = chosen < el.banker.options.length ? Math.max(chosen, 0) : 0;
  }

  function freshSeed() { return String(Math.floor(Math.random() * 1000000)); }

  // Fill the form with a scenario's table (``data``), or the default table.
  /** @param {Bridge.Scenario | null} data */
  function reset(data) {
    el.names.textContent = "";
    const names = data && Array.isArray(data.players) ? data.players.map(String) : defaultNames.slice(0, 3);
    names.forEach(function (name) { addName(name); });
    el.balance.value = data && data.balance !== undefined ? String(data.balance) : el.balance.defaultValue; // the engine's default (R-P2), in the page's HTML
    el.finish.value = data && data.finish_after ? String(data.finish_after) : "";
    el.seed.value = data && data.seed !== undefined ? String(data.seed) : freshSeed();
    el.decks.value = data && Array.isArray(data.decks)
      ? data.decks.map(function (deck) { return Array.isArray(deck) ? deck.join(" ") : ""; }).join("\n")
      : "";
    const banker = data ? names.indexOf(String(data.first_banker)) : -1;
    el.banker.selectedIndex = banker >= 0 ? banker + 1 : 0;
    rules.reset(data ? data.rules : null);
  }

  // The table the form describes (a scenario without actions).
  /** @returns {Bridge.Scenario} */
  function read() {
    const players = nameInputs().map(function (input) { return input.value; });
    const chosen = el.banker.value;
    const banker = chosen === ""
      ? players[Math.floor(Math.random() * players.length)]
      : players[Number(chosen)];
    /** @type {Bridge.Scenario} */
    const data = { players: players, balance: typed(el.balance.value), first_banker: banker === undefined ? "" : banker };
    if (el.seed.value !== "") data.seed = Number(el.seed.value);
    if (el.finish.value !== "") data.finish_after = Number(el.finish.value);
    const lines = el.decks.value.split("\n").map(function (line) {
      return line.split(/[\s,;]+/).filter(Boolean);
    });
    while (lines.length && !lines[lines.length - 1].length) lines.pop();
    if (lines.length) data.decks = lines;
    const ruled = rules.read();
    if (ruled) data.rules = ruled; // none: the standard game, its scenario as before (V-R1)
    return data;
  }

  function addPlayer() {
    const taken = nameInputs().map(function (input) { return input.value; });
    const fresh = defaultNames.find(function (n) { return taken.indexOf(n) < 0; }) || "";
    addName(fresh).focus();
  }

  /** @param {HTMLElement} button */
  function removePlayer(button) {
    const row = /** @type {HTMLLIElement} */ (button.closest("li"));
    const next = row.nextElementSibling || row.previousElementSibling;
    row.remove();
    renumber();
    ((next && next.querySelector("input")) || el.addPlayer).focus();
  }

  el.names.addEventListener("input", fillBankers);
  return { reset: reset, read: read, addPlayer: addPlayer, removePlayer: removePlayer, rules: rules };
}

// A number as typed: a whole number goes as a number; anything else goes as typed, and
// the engine says what is wrong with it (invalid_balance, invalid_amount).
/**
 * @param {string} text
 * @returns {number | string}
 */
export function typed(text) {
  const trimmed = String(text).trim();
  return /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : text;
}

// The quick game's lengths: the main button plays 6 deals; 3 and 10 are one tap away,
// buttons beside it (the engine checks the number: lansquenet.bots.QUICK_DEALS).
/**
 * @param {HTMLElement} root
 * @param {Page.Word} word
 */
export function quickChoices(root, word) {
  const main = root.querySelector('[data-act="quick"]');
  if (!main || main.dataset.deals) return; // safe to run twice
  main.dataset.deals = "6";
  const more = node("span", null, { class: "lq-quick-more" });
  [3, 10].forEach(function (deals) {
    more.append(" ", node("button", word.count("play.quick_deals", deals, { deals: deals }), {
      type: "button", class: "md-button", "data-act": "quick-deals", "data-deals": String(deals),
      "aria-describedby": "lq-quick-hint", disabled: "",
    }));
  });
  main.after(more);
}
