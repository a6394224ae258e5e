// @ts-check
// The play page's address: the game in the fragment, readable and shareable.
//
//   #scenario=<base64url of the scenario's UTF-8 JSON>        (CONFORMANCE.md)
//
// The format never changed, so every link ever shared keeps opening. The language
// switcher's links carry the same fragment plus "&step=N" (the step the reader looks
// at), so the other language opens the same game at the same step.
//
//   #quick=<deals>.<seed>.<count>.<the reader's moves>     (lansquenet/quicklink.py)
//
// is a quick game's short form (the projector view's QR code, share.js): the engine
// replays the computer players' moves from the seed.
//
//   #seats=<name>,<name>,...     (each name percent-encoded: encodeURIComponent)
//
// opens a new quick game with a class's names at the table, computer players in the
// empty seats (the teachers' class view, class.js); "#seats=" alone, a quick game.
// "&computers=no" after the names: the names sit alone; "&rules=<as below>": the game
// under those rules (issue 52: the class's table of named pupils, under a variant).
//
//   #rules=<preset>                        a preset's id (lansquenet/games.py)
//   #rules=<packs>x<pack>[.half][.left]    e.g. #rules=3x32, #rules=2x52.half.left
//
// opens a new quick game under those rules (spec/VARIANTS.md): a preset by V-R3's name
// (its id, declared once in lansquenet/games.py; another game's id is that game, with
// its default settings: rules-choice.js linked, from the page's options), or the four parameters
// of V-R2 ("half": a pair takes half of each stake, pair_share "1/2"; "left": the bank
// passes to the left; without them, "1" and "right"). The address then holds the game:
// "#scenario=" carries its rules inside the scenario, unchanged (V-R8). The engine
// judges the rules; a name it does not know is refused in words (rules-choice.js).

const KEY = "scenario=";
const QUICK = "quick=";
const STEP = "&step=";
const SEATS = "seats=";
const RULES = "rules=";
const CUSTOM_RULES = /^(\d+)x(\d+)((?:\.(?:half|left))*)$/; // #rules=2x52.half.left

// The scenario as the fragment's text (JSON.stringify: compact, UTF-8, keys in order).
/** @param {Bridge.Scenario} data */
export function encode(data) {
  return base64url(new TextEncoder().encode(JSON.stringify(data)));
}

// The scenario a fragment's text holds: encode's inverse (a text the engine has read:
// session.js, a game carried from the other language).
/** @param {string} text @returns {Bridge.Scenario} */
export function decode(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** @param {Uint8Array} bytes */
function base64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode.apply(null, /** @type {any} */ (bytes.subarray(i, i + 0x8000)));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// The text of a game played one action at a time: ``text(ended)`` is exactly
// encode(scenario) for the scenario {...table, actions: [pushed so far], ended?}, and a
// push or a pop costs the same at move 5 and at move 1 000. The link's bytes are kept,
// with the base64 letters of their whole groups of 3 (base64 turns each 3 bytes into 4
// letters, so the letters of the bytes already written stay as they are): a push adds
// its bytes and their letters, a pop cuts both back. The actions a game opens with are
// encoded at once: one encoding for a link of 8 000 actions, not 8 000.
//
//   const link = gameLink(table, actions);   // table: a scenario without "actions" nor "ended"
//   link.push(action); link.pop(); link.text(false);
/**
 * @param {Bridge.Scenario} table
 * @param {Bridge.Action[]} actions
 */
export function gameLink(table, actions) {
  const utf8 = new TextEncoder();
  const head = JSON.stringify(Object.assign({}, table, { actions: [] })); // {...,"actions":[]}
  const kept = actions.slice(); // the actions so far
  // Up to "[" of the actions, then the actions the game opens with.
  let bytes = utf8.encode(head.slice(0, -2) + JSON.stringify(kept).slice(1, -1));
  let size = bytes.length; // the link's bytes so far: bytes[0, size)
  let done = base64url(bytes.subarray(0, size - (size % 3))); // the letters of their whole groups

  /**
   * @param {Bridge.Action} action
   * @param {boolean} first
   */
  function bytesOf(action, first) {
    return utf8.encode((first ? "" : ",") + JSON.stringify(action));
  }

  return {
    push: function (/** @type {Bridge.Action} */ action) {
      const added = bytesOf(action, !kept.length);
      if (size + added.length > bytes.length) { // room to grow: twice the size
        const more = new Uint8Array(Math.max(2 * bytes.length, size + added.length));
        more.set(bytes.subarray(0, size));
        bytes = more;
      }
      bytes.set(added, size);
      const from = size - (size % 3); // the first byte ``done`` does not hold
      size += added.length;
      done += base64url(bytes.subarray(from, size - (size % 3)));
      kept.push(action);
    },
    pop: function () {
      const action = kept.pop();
      if (!action) return;
      size -= bytesOf(action, !kept.length).length;
      done = done.slice(0, ((size - (size % 3)) / 3) * 4);
    },
    text: function (/** @type {boolean} */ ended) {
      const tail = utf8.encode("]" + (ended ? ',"ended":true' : "") + "}");
      const last = new Uint8Array((size % 3) + tail.length);
      last.set(bytes.subarray(size - (size % 3), size));
      last.set(tail, size % 3);
      return done + base64url(last);
    },
  };
}

// The fragment that opens a quick game seating ``names`` (see above); ``how.computers``
// false: no computer player; ``how.rules``: the rules as "#rules=" writes them.
/** @param {string[]} names @param {{computers?: boolean, rules?: string}} [how] */
export function seatsFragment(names, how) {
  const alone = how && how.computers === false ? "&computers=no" : "";
  const ruled = how && how.rules ? "&" + RULES + encodeURIComponent(how.rules) : "";
  return "#" + SEATS + names.map(encodeURIComponent).join(",") + alone + ruled;
}

// What a "#seats=" fragment holds: its names ([] for none), whether computer players
// fill the empty seats, the rules asked for (null: the standard game); null when it
// holds no seats.
/** @returns {{names: string[], computers: boolean, rules: {asked: string, rules: Bridge.Rules} | null} | null} */
export function readSeats() {
  const fragment = location.hash.slice(1);
  if (fragment.indexOf(SEATS) !== 0) return null;
  const parts = fragment.slice(SEATS.length).split("&");
  const asked = parts.find(function (part) { return part.indexOf(RULES) === 0; });
  try {
    return {
      names: parts[0].split(",").filter(Boolean).map(decodeURIComponent),
      computers: parts.indexOf("computers=no") < 0,
      rules: asked ? rulesOf(asked.slice(RULES.length)) : null,
    };
  } catch (error) {
    return null; // not percent-encoded: not seats
  }
}

// The rules a "#rules=" fragment asks for: {asked, rules} (asked: as written, for a
// refusal to show), or null when it holds none. Only the syntax is read here: the
// engine says whether the rules exist.
/** @returns {{asked: string, rules: Bridge.Rules} | null} */
export function readRules() {
  const fragment = location.hash.slice(1);
  if (fragment.indexOf(RULES) !== 0) return null;
  return rulesOf(fragment.slice(RULES.length));
}

// The rules ``written`` asks for, as "#rules=" writes them (see readRules).
/** @param {string} written @returns {{asked: string, rules: Bridge.Rules}} */
function rulesOf(written) {
  let asked = written;
  try { asked = decodeURIComponent(asked); } catch (error) { /* not percent-encoded: as written */ }
  const custom = CUSTOM_RULES.exec(asked);
  const marks = custom ? custom[3].split(".") : [];
  const rules = custom ? {
    packs: Number(custom[1]), pack: custom[2],
    pair_share: marks.indexOf("half") >= 0 ? "1/2" : "1", successor: marks.indexOf("left") >= 0 ? "left" : "right",
  } : { variant: asked };
  return { asked: asked, rules: /** @type {Bridge.Rules} */ (/** @type {unknown} */ (rules)) }; // as asked: the engine judges
}

// What the address holds: {text, step, quick} (step: null if not given; quick: the short
// form), or null.
/** @returns {{text: string, step: number | null, quick: boolean} | null} */
export function readHash() {
  const fragment = location.hash.slice(1);
  const quick = fragment.indexOf(QUICK) === 0;
  if (fragment.indexOf(KEY) !== 0 && !quick) return null;
  let text = fragment.slice((quick ? QUICK : KEY).length);
  let step = null;
  const at = text.indexOf(STEP);
  if (at >= 0) {
    const n = Number(text.slice(at + STEP.length));
    step = Number.isSafeInteger(n) && n >= 0 ? n : null;
    text = text.slice(0, at);
  }
  return { text: text, step: step, quick: quick };
}

// The fragment of a quick game's short link, at ``step`` (null: its last one).
/** @param {string} text @param {number | null} step */
export function quickFragment(text, step) {
  return "#" + QUICK + text + (step === null ? "" : STEP + step);
}

// The fragment of a game's link at ``step`` (null: its last one).
/** @param {string} text @param {number | null} step */
export function stepFragment(text, step) {
  return fragment(text) + (step === null ? "" : STEP + step);
}

// The fragment of a game's link ("" for none).
/** @param {string | null} text */
export function fragment(text) {
  return text ? "#" + KEY + text : "";
}

// Put ``text`` (a game's encoded scenario, or null) in the address: replacing the
// current history entry, or as a new one with ``push`` (Back then returns to the game).
/**
 * @param {string | null} text
 * @param {boolean} push
 */
export function writeHash(text, push) {
  const url = location.pathname + location.search + fragment(text);
  if (push) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
}

// The language switcher's links (Material's language menu), as a selector.
export const SWITCHERS = "a[hreflang], a.md-select__link";

// Those links, found once (the page does not replace its header): a search of the whole
// page at every move would go through the whole journal.
/** @type {NodeListOf<HTMLAnchorElement> | null} */
let switchers = null;

// The language switcher leads to this page's twin: carry the game and the step shown.
/**
 * @param {string | null} text
 * @param {number | null} step
 */
export function updateSwitcher(text, step) {
  const hash = text ? fragment(text) + (step !== null && step !== undefined ? STEP + step : "") : "";
  if (!switchers) switchers = document.querySelectorAll(SWITCHERS);
  switchers.forEach(function (link) {
    if (!link.dataset.lqHref) link.dataset.lqHref = (link.getAttribute("href") || "").split("#")[0];
    link.setAttribute("href", link.dataset.lqHref + hash);
  });
}
