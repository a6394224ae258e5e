// @ts-check
// The play page's rules (spec/VARIANTS.md): the set-up form's "Rules" choice (a preset
// by V-R3's name, or "custom" and its four parameters, V-R2), the table's badge, and a
// link whose rules the engine refused. The presets, their words and their figures are
// the build's (play.html, from lansquenet.odds); the engine judges the rules
// (invalid_rules, unknown_variant): nothing here decides one, it shows what is chosen.
//
//   const choice = rulesChoice(root, word);
//   choice.read();                    // the rules chosen, as a scenario writes them (null: standard)
//   choice.reset(rules);              // show a scenario's rules (null: the standard game)
//   choice.label(rules);              // the table's badge's words for a scenario's rules
//   choice.badge(rules);              // ... written in the table's badge (a preset's edge under it)
//   choice.refused(target, message, asked); choice.offer(false);
//   choice.linked(rules);             // a "#rules=" link's rules: another game's name is that game
//
// Another game (COURT.md's court game, from lansquenet.games) is an option of the same
// choice: its rules object {"game": id} and its settings' fields (the fonds F).
import { required, show } from "./page.js";

const CUSTOM = "custom";

/**
 * @param {HTMLElement} root
 * @param {Page.Word} word
 */
export function rulesChoice(root, word) {
  /** @type {HTMLSelectElement} */
  const select = required(root, "#lq-rules"); // the page's HTML has every one (play.html)
  const about = required(root, "#lq-rules-about");
  const custom = required(root, "#lq-custom");
  const kind = required(root, "#lq-rules-kind");
  const offered = required(root, "#lq-rules-offer");
  const badged = required(root, "#lq-rules-badge");
  const edge = required(root, "#lq-rules-edge"); // the game's rules' source and edge, under the table's controls
  /** @type {HTMLSelectElement[]} */
  const fields = Array.from(custom.querySelectorAll("select[data-rule]"));
  /** @param {HTMLElement} element the name of its rule, or its preset's (play.html) */
  const ruleOf = function (element) { return element.dataset.rule || ""; };
  const presets = Array.from(select.options).filter(function (option) { return option.dataset.rules; });
  // The other games (COURT.md's court game; play.py from lansquenet.games): an option
  // whose data-game is its rules object, and its settings' fields (the fonds F).
  const games = Array.from(select.options).filter(function (option) { return option.dataset.game; });
  /** @type {HTMLInputElement[]} */
  const settings = Array.from(root.querySelectorAll("input[data-setting]"));
  /** @param {string} name */
  const gameOption = function (name) { return games.find(function (option) { return option.value === name; }) || null; };
  /** @param {string} name @returns {HTMLInputElement[]} */
  const settingsOf = function (name) {
    return settings.filter(function (input) { return (input.parentElement && input.parentElement.dataset.for) === name; });
  };

  /** @param {HTMLOptionElement} option @returns {Record<string, any>} */
  function parametersOf(option) { return JSON.parse(option.dataset.rules || "{}"); }

  const defaults = parametersOf(presets[0]); // the standard game's (play.py: first)

  // The four parameters the custom fields show (``packs`` a number, as V-R2 writes it).
  function parameters() {
    /** @type {Record<string, any>} */
    const out = {};
    fields.forEach(function (field) {
      out[ruleOf(field)] = ruleOf(field) === "packs" ? Number(field.value) : field.value;
    });
    return out;
  }

  // The preset whose parameters these are, if any.
  /** @param {Record<string, any>} params */
  function presetOf(params) {
    return presets.find(function (option) {
      const own = parametersOf(option);
      return Object.keys(own).every(function (key) { return own[key] === params[key]; });
    }) || null;
  }

  // The standard game is the first preset (play.py, from lansquenet.games): no rules.
  /** @param {string} name @returns {Bridge.Rules | null} */
  function named(name) { return name === presets[0].value ? null : /** @type {Bridge.Rules} */ (/** @type {unknown} */ ({ variant: name })); }

  // What the form shows beside the choice: the preset's source and edge, or the custom
  // fields and whether they make a preset or a mix.
  function update() {
    const chosen = select.value === CUSTOM;
    custom.hidden = !chosen;
    settings.forEach(function (input) {
      if (input.parentElement) input.parentElement.hidden = input.parentElement.dataset.for !== select.value;
    });
    about.textContent = chosen ? "" : (select.selectedOptions[0] || presets[0]).dataset.about || "";
    const match = presetOf(parameters());
    kind.textContent = match ? word("play.rules.same", { name: match.dataset.name || "" }) : word("play.rules.mix");
  }

  // Another game's rules: its rules object and its settings as typed (the engine judges them).
  /** @param {HTMLOptionElement} option @returns {Bridge.Rules} */
  function gameRules(option) {
    /** @type {Record<string, any>} */
    const rules = JSON.parse(option.dataset.game || "{}");
    settingsOf(option.value).forEach(function (input) {
      const value = input.value.trim();
      rules[input.dataset.setting || ""] = /^\d+$/.test(value) ? Number(value) : value;
    });
    return /** @type {Bridge.Rules} */ (rules);
  }

  /** @returns {Bridge.Rules | null} */
  function read() {
    const game = gameOption(select.value);
    if (game) return gameRules(game);
    if (select.value !== CUSTOM) return named(select.value);
    const params = parameters();
    const match = presetOf(params);
    if (match) return named(match.value);
    /** @type {Record<string, any>} */
    const rules = {}; // the parameters that differ from the standard game's, as the engine records them
    Object.keys(params).forEach(function (key) { if (params[key] !== defaults[key]) rules[key] = params[key]; });
    return /** @type {Bridge.Rules} */ (rules);
  }

  // A scenario's rules, all four parameters (the standard game's where not given).
  /** @param {Bridge.Rules | Bridge.CourtRules | null | undefined} rules */
  function spelt(rules) {
    const given = /** @type {Record<string, any>} */ (rules || {});
    const preset = presets.find(function (option) { return option.value === given.variant; });
    return Object.assign({}, defaults, preset ? parametersOf(preset) : {}, given);
  }

  /** @param {Bridge.Rules | Bridge.CourtRules | null | undefined} rules */
  function reset(rules) {
    const given = /** @type {Record<string, any>} */ (rules || {});
    const game = gameOption(given.game);
    if (game) { // another game: its option, its settings as the rules say (else their defaults)
      settingsOf(game.value).forEach(function (input) {
        const key = input.dataset.setting || "";
        input.value = String(key in given ? given[key] : input.dataset.default);
      });
      select.value = game.value;
      update();
      return;
    }
    const keys = Object.keys(given);
    const preset = keys.length === 0 ? presets[0]
      : presets.find(function (option) { return keys.length === 1 && option.value === given.variant; });
    const params = spelt(rules);
    fields.forEach(function (field) { field.value = String(params[ruleOf(field)]); });
    select.value = preset ? preset.value : CUSTOM;
    update();
  }

  // The badge's words: the preset's name, or the mix's four parameters in words.
  /** @param {Bridge.Rules | Bridge.CourtRules | null | undefined} rules */
  function label(rules) {
    const given = /** @type {Record<string, any>} */ (rules || {});
    const game = gameOption(given.game);
    if (game) { // another game: its name and its settings, each in words
      const detail = settingsOf(game.value).map(function (input) {
        const key = input.dataset.setting || "";
        return word("play.rules.setting." + key, { value: key in given ? given[key] : input.dataset.default });
      });
      return word("play.rules.badge", { name: [game.dataset.name || ""].concat(detail).join(", ") });
    }
    const params = spelt(rules);
    const match = presetOf(params);
    if (match) return word("play.rules.badge", { name: match.dataset.name || "" });
    /** @param {string} key */
    const said = function (key) {
      const field = fields.find(function (f) { return ruleOf(f) === key; });
      const option = field && Array.from(field.options).find(function (o) { return o.value === String(params[key]); });
      return option ? option.textContent : String(params[key]);
    };
    return word("play.rules.badge_mix", { detail: word("play.rules.detail", {
      packs: said("packs"), pack: said("pack"), pair: said("pair_share"), successor: said("successor"),
    }) });
  }

  // The table says which rules are in force: as text, so a screen reader reads it too;
  // under a preset other than the standard game, its source and the bank's edge (the
  // build's line beside the form's choice, the engine's figures), the form skipped or not.
  /** @param {Bridge.Rules | Bridge.CourtRules | null | undefined} rules */
  function badge(rules) {
    badged.textContent = label(rules);
    const match = presetOf(spelt(rules));
    edge.textContent = match && match !== presets[0] ? match.dataset.name + ". " + (match.dataset.about || "") : "";
    edge.hidden = !edge.textContent;
  }

  // Rules the engine refused (a link's): its sentence, what was asked, the standard game offered.
  /** @param {HTMLElement} target @param {string} message @param {string} asked */
  function refused(target, message, asked) {
    show(target, word("play.rules.refused", { asked: asked, message: message }));
    offer(true);
  }

  /** @param {boolean} on */
  function offer(on) { offered.hidden = !on; }

  // A "#rules=" link's rules as the page reads them: a name that is another game's
  // (permalink.js reads every name as a preset's) is that game, with its default settings.
  /** @param {Bridge.Rules} rules @returns {Bridge.Rules} */
  function linked(rules) {
    const given = /** @type {Record<string, any>} */ (rules);
    const game = Object.keys(given).length === 1 ? gameOption(given.variant) : null;
    return game ? /** @type {Bridge.Rules} */ (JSON.parse(game.dataset.game || "{}")) : rules;
  }

  select.addEventListener("change", update);
  fields.forEach(function (field) { field.addEventListener("change", update); });
  update();
  return { read: read, reset: reset, label: label, badge: badge, refused: refused, offer: offer, linked: linked };
}
