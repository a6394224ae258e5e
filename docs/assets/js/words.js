// @ts-check
// The page's words (the page core's, page.js pageWords): a word of site.po by its key,
// its {placeholders} filled, a counted one in the form its number takes in the page's
// language (the catalogue's plural rule, walked here).
//
//   const word = wordsOf(words, plural);
//   word("play.turn", { player: "Anne" });   // "{placeholders}" filled, as text
//   word.count("play.quick_deals", 3, { deals: 3 });   // "3 deals": entry play.quick_deals.1

// A plural rule's operators (gettext's, as C computes them: a comparison is 1 or 0, a
// division truncates; every operand is computed, as lansquenet.plurals does).
/** @type {Record<string, (a: number, b: number) => number>} */
const BINARY = {
  "||": function (a, b) { return a || b ? 1 : 0; },
  "&&": function (a, b) { return a && b ? 1 : 0; },
  "==": function (a, b) { return a === b ? 1 : 0; },
  "!=": function (a, b) { return a !== b ? 1 : 0; },
  "<": function (a, b) { return a < b ? 1 : 0; },
  ">": function (a, b) { return a > b ? 1 : 0; },
  "<=": function (a, b) { return a <= b ? 1 : 0; },
  ">=": function (a, b) { return a >= b ? 1 : 0; },
  "+": function (a, b) { return a + b; },
  "-": function (a, b) { return a - b; },
  "*": function (a, b) { return a * b; },
  "/": function (a, b) { return Math.trunc(a / divisor(b)); },
  "%": function (a, b) { return a % divisor(b); },
};

/** @param {number} b */
function divisor(b) {
  if (b === 0) throw new Error("a plural expression divided by zero");
  return b;
}

// The value of a plural rule's tree for ``n``: the tree lansquenet.plurals parsed the
// catalogue's Plural-Forms expression into at build time (a number, "n", or [operator,
// operand...]; "?" is ``? :``), walked here: no text is ever evaluated (no eval, as the
// page's Content-Security-Policy wants).
/**
 * @param {Page.PluralTree} tree
 * @param {number} n
 * @returns {number}
 */
function walk(tree, n) {
  if (typeof tree === "number") return tree;
  if (!Array.isArray(tree)) return n;
  const op = String(tree[0]);
  if (op === "?") return walk(walk(tree[1], n) ? tree[2] : tree[3], n);
  if (op === "!") return walk(tree[1], n) ? 0 : 1;
  return BINARY[op](walk(tree[1], n), walk(tree[2], n));
}

// Which form ``n`` takes in a language (its rule: data-lq-plural, PluralRule.json); a form
// the catalogue does not have is the first, as in lansquenet.plurals and GNU gettext.
/**
 * @param {Page.Plural} plural
 * @param {number} n
 * @returns {number}
 */
export function pluralForm(plural, n) {
  const form = walk(plural.tree, n);
  return form >= 0 && form < plural.forms ? form : 0;
}

// A function that gives a word of ``words`` (the page's, written at build time from
// site.po) with its {placeholders} filled in; a missing word is a bug, said at once.
// ``word.count(key, n, params)``: a counted word (entries key.0, key.1...) in the form
// ``plural``, the page language's rule, gives ``n``.
/**
 * @param {Record<string, string>} words
 * @param {Page.Plural} [plural]
 * @returns {Page.Word}
 */
export function wordsOf(words, plural) {
  /** @type {Page.Word["count"]} */
  function count(key, n, params) {
    if (!plural) throw new Error("no plural rule for the counted word: " + key);
    return word(key + "." + pluralForm(plural, n), params);
  }
  /** @param {string} key @param {Page.Params} [params] */
  function word(key, params) {
    const text = words[key];
    if (text === undefined) throw new Error("missing word: " + key);
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return params && params[name] !== undefined ? String(params[name]) : whole;
    });
  }
  word.count = count;
  return word;
}
