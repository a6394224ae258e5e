// @ts-check
// What the page scripts share (play.js and its modules, odds.js, learn.js): the page's words,
// a message shown or hidden, an element made with text (never markup), and the
// stages of Python's loading as a progress bar counts them.
//
//   const word = wordsOf(JSON.parse(document.getElementById("lq-words").textContent));
//   word("play.turn", { player: "Anne" });   // "{placeholders}" filled, as text

// The loading stages of engine.js, as the value of a <progress max="3">.
/** @type {Record<string, number>} */
export const STAGES = {
  idle: 0, runtime: 1, starting: 1.5, restoring: 1.5, engine: 2, ready: 3, failed: 0, offline: 0,
};

// A function that gives a word of ``words`` (the page's, written at build time from
// site.po) with its {placeholders} filled in; a missing word is a bug, said at once.
/**
 * @param {Record<string, string>} words
 * @returns {Page.Word}
 */
export function wordsOf(words) {
  return function word(key, params) {
    const text = words[key];
    if (text === undefined) throw new Error("missing word: " + key);
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return params && params[name] !== undefined ? String(params[name]) : whole;
    });
  };
}

// Show ``message`` in ``target`` (hidden when there is none).
/**
 * @param {HTMLElement} target
 * @param {string} [message]
 */
export function show(target, message) {
  target.textContent = message || "";
  target.hidden = !message;
}

// An element with ``text`` as text and ``attrs`` as attributes.
/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string | number | null} [text]
 * @param {Record<string, string>} [attrs]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function node(tag, text, attrs) {
  const made = document.createElement(tag);
  if (text !== undefined && text !== null) made.textContent = String(text);
  if (attrs) Object.keys(attrs).forEach(function (k) { made.setAttribute(k, attrs[k]); });
  return made;
}
