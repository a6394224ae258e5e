// @ts-check
// The set-up form's own checks, field by field, in the page's language, before the
// engine sees the table: each message names its field. Names are trimmed; an empty one
// is flagged. Whether a name is too long or too like another is the engine's to say
// (lansquenet.naming, asked with the table), as is what the rules refuse (too few
// players, ...).
/** @typedef {[number, number]} Limits the least and the most */

/** @type {Record<string, Limits>} */
const LIMITS = { balance: [1, 1000000], finish: [1, 1000], seed: [0, 999999999] };

/**
 * @param {string} text
 * @param {Limits} limits
 */
function whole(text, limits) {
  const trimmed = String(text).trim();
  if (!/^\d+$/.test(trimmed)) return false;
  const value = Number(trimmed);
  return value >= limits[0] && value <= limits[1];
}

// Check the form; mark each wrong field (aria-invalid) and give the messages in order.
/**
 * @param {Page.Elements} el
 * @param {Page.Word} word
 * @returns {string[]}
 */
export function checkSetup(el, word) {
  /** @type {[HTMLElement, string | null][]} */
  const problems = [];
  el.names.querySelectorAll("input").forEach(function (input, i) {
    input.value = input.value.trim();
    problems.push([input, input.value ? null : word("play.check.name_empty", { n: i + 1 })]);
  });
  /**
   * @param {HTMLInputElement} input
   * @param {string} key
   * @param {Limits} limits
   * @param {boolean} optional
   */
  function field(input, key, limits, optional) {
    const empty = String(input.value).trim() === "";
    const ok = (optional && empty) || whole(input.value, limits);
    const label = word(key === "balance" ? "play.balance" : key === "finish" ? "play.finish_after" : "play.seed");
    const message = ok ? null : word(optional ? "play.check.optional" : "play.check.whole", {
      field: label, min: limits[0], max: limits[1],
    });
    problems.push([input, message]);
  }
  field(el.balance, "balance", LIMITS.balance, false);
  field(el.finish, "finish", LIMITS.finish, true);
  field(el.seed, "seed", LIMITS.seed, true);
  /** @type {string[]} */
  const messages = [];
  problems.forEach(function (problem) {
    if (problem[1]) {
      problem[0].setAttribute("aria-invalid", "true");
      messages.push(problem[1]);
    } else problem[0].removeAttribute("aria-invalid");
  });
  const first = problems.find(function (problem) { return problem[1]; });
  if (first) first[0].focus();
  return messages;
}
