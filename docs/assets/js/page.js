// @ts-check
// The page core: what every page script needs from the page, written once. A page script
// imports these and never finds them its own way. Its smallest part (the language, the
// required elements, the keys, onPage, projectorStyles) is core.js, re-exported here.
//
//   pageLang()                      the page's language: the document's, nothing guessed
//   pageWords(words?)               the page's words (#lq-words, or a record given), with
//                                   the page's plural rule (data-lq-plural) when it has one
//   show(target, sentence)          a sentence shown, or hidden when there is none
//   errorSentence(word, key, err)   an error said in a sentence of the page ({detail})
//   node(tag, text, attrs)          an element made with text (never markup)
//   inertAround(box, keep)          everything beside the way up from ``box`` made inert;
//                                   the function returned gives it back
//   typing(target)                  whether the reader is typing there (keys left alone)
//   stepKey(event, extra)           the step a key asks for: "previous", "next", "first",
//                                   "last" (arrows, Home, End; PageUp/PageDown, Space asked)
//   ownKeys(owner)                  every key offered to ``owner`` first, wherever the focus
//                                   is (the class view, and a page in its frame): a key it
//                                   takes (true) does nothing else, not even Material's own
//   showLoading(display, status, detail, sentence)
//                                   the one loading display: Python's loading (engine.js's
//                                   statuses) said in a line and a progress bar
//   loadingBar(bar, status, share)  its progress bar alone
//   required(root, selector)        an element the page's template writes (missing: a bug)
//   onPage(init)                    ``init`` once the document is parsed (safe to run twice)
//   projectorStyles()               projector.css in the page (once), a promise of it loaded
//   announce(region, text)          a sentence for the polite live region (core.js)
import { announce, onPage, ownKeys, pageLang, projectorStyles, required, stepKey, typing } from "./core.js";
import { wordsOf } from "./words.js";

export { announce, onPage, ownKeys, pageLang, projectorStyles, required, stepKey, typing };

// The page's words (site.po, written in the page at build time: #lq-words, or the record
// ``words``), with the plural rule of the page's language where the page carries one.
/**
 * @param {Record<string, string>} [words]
 * @returns {Page.Word}
 */
export function pageWords(words) {
  const own = words || JSON.parse(required(document, "#lq-words").textContent || "{}");
  const rule = document.querySelector("[data-lq-plural]");
  return wordsOf(own, rule && rule.dataset.lqPlural ? JSON.parse(rule.dataset.lqPlural) : undefined);
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

// What went wrong, as the detail of a sentence: a refusal's message (the engine's
// {error: {message}}), an Error's, or the thing itself as text.
/** @param {any} error */
function errorDetail(error) {
  if (error && error.error && error.error.message) return String(error.error.message);
  return String((error && error.message) || error);
}

// An error said in the page's sentence ``key`` (its {detail}: what went wrong).
/**
 * @param {Page.Word} word
 * @param {string} key
 * @param {any} error
 */
export function errorSentence(word, key, error) {
  return word(key, { detail: errorDetail(error) });
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

// A region alone: every element beside the way from ``box`` up to <body> stops taking
// focus or clicks (``inert``), but scripts and those matching ``keep``; the function
// returned gives them back.
/**
 * @param {HTMLElement} box
 * @param {string} [keep] a selector of the elements that stay live
 * @returns {() => void}
 */
export function inertAround(box, keep) {
  /** @type {HTMLElement[]} */
  const made = [];
  for (let at = box; at.parentElement && at !== document.body; at = at.parentElement) {
    Array.from(at.parentElement.children).forEach(function (sibling) {
      if (!(sibling instanceof HTMLElement) || sibling === at || sibling.inert || sibling.tagName === "SCRIPT") return;
      if (keep && sibling.matches(keep)) return;
      sibling.inert = true;
      made.push(sibling);
    });
  }
  return function () {
    made.splice(0).forEach(function (sibling) { sibling.inert = false; });
  };
}

// The progress bar's value (of 100) at each stage of Python's loading; downloading
// fills 5 to 80.
/** @type {Record<string, number>} */
const AT = { idle: 0, runtime: 5, starting: 85, restoring: 50, engine: 95, ready: 100 };
const OVER = ["ready", "failed", "offline"];

// Megabytes with one decimal, the decimal mark from the page's words (``display.words``
// + "decimal"). Not Intl.NumberFormat: its first use in a page loads the language's
// data, 20 to 500 ms on the main thread while Python loads (benchmarks/README.md, 3b).
/**
 * @param {Page.Loading} display
 * @param {number} bytes
 */
function inMegabytes(display, bytes) {
  return (bytes / 1e6).toFixed(1).replace(".", display.word(display.words + "decimal"));
}

// The one loading display: Python's loading (engine.js onProgress: ``status`` and its
// ``detail``) said in ``display.line`` in the page's words (``display.words`` + the
// status: "play.loading.ready"; the failure with its detail, as a refusal; with
// ``display.figures``, the megabytes downloaded; "ready" with detail "plain": a snapshot
// could not be restored and Python started plainly, "…ready_plain" says so; offline,
// the footer's "what this site keeps" beside the sentence), and in ``display.bar``,
// hidden once the loading is over. ``sentence``: the page's own words for this moment, instead.
/**
 * @param {Page.Loading} display
 * @param {string} status
 * @param {any} [detail]
 * @param {string} [sentence]
 */
export function showLoading(display, status, detail, sentence) {
  const line = display.line;
  line.dataset.status = status;
  line.classList.toggle("lq-refusal", status === "failed");
  let share = 0;
  if (sentence !== undefined) line.textContent = sentence;
  else if (status === "failed") line.textContent = display.word(display.words + "failed", { detail: detail || "" });
  else if (status === "runtime" && display.figures && detail && detail.total) {
    share = Math.min(detail.loaded / detail.total, 1);
    line.textContent = display.word(display.words + "download", {
      loaded: inMegabytes(display, detail.loaded), total: inMegabytes(display, detail.total),
    });
  } else line.textContent = display.word(display.words + status + (status === "ready" && detail === "plain" ? "_plain" : ""));
  const keeps = status === "offline" && document.querySelector(".lq-forget-open"); // forget.js
  if (keeps) line.append(" ", keeps.cloneNode(true));
  if (display.bar) loadingBar(display.bar, status, share);
}

// The loading's progress bar at ``status`` (``share``: of the download, 0 to 1), hidden
// once the loading is over.
/**
 * @param {HTMLProgressElement} bar
 * @param {string} status
 * @param {number} [share]
 */
export function loadingBar(bar, status, share) {
  bar.max = 100;
  bar.value = (AT[status] || 0) + (share || 0) * (AT.starting - AT.runtime - 5);
  bar.hidden = OVER.indexOf(status) >= 0;
}
