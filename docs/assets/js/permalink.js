// The play page's address: the game in the fragment, readable and shareable.
//
//   #scenario=<base64url of the scenario's UTF-8 JSON>        (CONFORMANCE.md)
//
// The format never changed, so every link ever shared keeps opening. The language
// switcher's links carry the same fragment plus "&step=N" (the step the reader looks
// at), so the other language opens the same game at the same step.

const KEY = "scenario=";
const STEP = "&step=";

// The scenario as the fragment's text (JSON.stringify: compact, UTF-8, keys in order).
export function encode(data) {
  return base64url(new TextEncoder().encode(JSON.stringify(data)));
}

function base64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// The text of a game played one action at a time: ``text(ended)`` is exactly
// encode(scenario) for the scenario {...table, actions: [pushed so far], ended?}, and a
// push or a pop costs the same at move 5 and at move 1 000 (the text is not rebuilt
// from every action: base64 turns each 3 bytes into 4 letters, so the letters of the
// bytes already written stay as they are).
//
//   const link = gameLink(table);   // table: a scenario without "actions" nor "ended"
//   link.push(action); link.pop(); link.text(false);
export function gameLink(table) {
  const utf8 = new TextEncoder();
  const head = JSON.stringify(Object.assign({}, table, { actions: [] })); // {...,"actions":[]}
  let done = ""; // the letters of the bytes so far, but for the last 0 to 2
  let rest = new Uint8Array(0); // those last bytes
  let count = 0;
  const before = []; // [done.length, rest] before each action pushed

  function add(bytes) {
    const all = new Uint8Array(rest.length + bytes.length);
    all.set(rest);
    all.set(bytes, rest.length);
    const whole = all.length - (all.length % 3);
    done += base64url(all.subarray(0, whole));
    rest = all.slice(whole);
  }

  add(utf8.encode(head.slice(0, -2))); // up to "[" of the actions
  return {
    push: function (action) {
      before.push([done.length, rest]);
      add(utf8.encode((count ? "," : "") + JSON.stringify(action)));
      count += 1;
    },
    pop: function () {
      const last = before.pop();
      done = done.slice(0, last[0]);
      rest = last[1];
      count -= 1;
    },
    text: function (ended) {
      const tail = utf8.encode("]" + (ended ? ',"ended":true' : "") + "}");
      const all = new Uint8Array(rest.length + tail.length);
      all.set(rest);
      all.set(tail, rest.length);
      return done + base64url(all);
    },
  };
}

// The limits of CONFORMANCE.md ("Limits") that the engine applies to a scenario's text:
// over 16 MB, or nested more than 64 levels deep, it is not a game (and never reaches
// JSON.parse). Numbers are left to the engine, which reads the very text (scenarioText).
const MAX_BYTES = 16 * 1024 * 1024;
const MAX_DEPTH = 64;

function depth(json) {
  let deepest = 0;
  let level = 0;
  const brackets = json.replace(/"[^"\\]*(?:\\.[^"\\]*)*"/g, "").replace(/[^[\]{}]+/g, "");
  for (let i = 0; i < brackets.length && deepest <= MAX_DEPTH; i++) {
    level += brackets[i] === "[" || brackets[i] === "{" ? 1 : -1;
    if (level > deepest) deepest = level;
  }
  return deepest;
}

// The JSON text a fragment's text holds, within the limits; throws on anything else
// (not base64url, not UTF-8, too large, too deep).
export function scenarioText(text) {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error("not base64url");
  if (text.length > (MAX_BYTES / 3) * 4 + 4) throw new Error("larger than 16 MB");
  let b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  while (b64.length % 4) b64 += "=";
  const binary = atob(b64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  if (bytes.length > MAX_BYTES) throw new Error("larger than 16 MB");
  const json = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  if (depth(json) > MAX_DEPTH) throw new Error("nested more than 64 levels deep");
  return json;
}

// The scenario a fragment's text holds; throws on anything else (scenarioText's
// refusals, not JSON, not an object with a list of actions).
export function decode(text) {
  const data = JSON.parse(scenarioText(text));
  if (!data || typeof data !== "object" || Array.isArray(data) || !Array.isArray(data.actions)) {
    throw new Error("not a scenario");
  }
  return data;
}

// What the address holds: {text, step} (step: null if not given), or null.
export function readHash() {
  const fragment = location.hash.slice(1);
  if (fragment.indexOf(KEY) !== 0) return null;
  let text = fragment.slice(KEY.length);
  let step = null;
  const at = text.indexOf(STEP);
  if (at >= 0) {
    const n = Number(text.slice(at + STEP.length));
    step = Number.isSafeInteger(n) && n >= 0 ? n : null;
    text = text.slice(0, at);
  }
  return { text: text, step: step };
}

// The fragment of a game's link ("" for none).
export function fragment(text) {
  return text ? "#" + KEY + text : "";
}

// Put ``text`` (a game's encoded scenario, or null) in the address: replacing the
// current history entry, or as a new one with ``push`` (Back then returns to the game).
export function writeHash(text, push) {
  const url = location.pathname + location.search + fragment(text);
  if (push) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
}

// The language switcher's links, found once (the page does not replace its header): a
// search of the whole page at every move would go through the whole journal.
let switchers = null;

// The language switcher leads to this page's twin: carry the game and the step shown.
export function updateSwitcher(text, step) {
  const hash = text ? fragment(text) + (step !== null && step !== undefined ? STEP + step : "") : "";
  if (!switchers) switchers = document.querySelectorAll("a[hreflang], a.md-select__link");
  switchers.forEach(function (link) {
    if (!link.dataset.lqHref) link.dataset.lqHref = link.getAttribute("href").split("#")[0];
    link.setAttribute("href", link.dataset.lqHref + hash);
  });
}
