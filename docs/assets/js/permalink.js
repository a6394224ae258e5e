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
// bytes already written stay as they are). The actions a game opens with are encoded
// at once: one encoding for a link of 8 000 actions, not 8 000.
//
//   const link = gameLink(table, actions);   // table: a scenario without "actions" nor "ended"
//   link.push(action); link.pop(); link.text(false);
export function gameLink(table, actions) {
  const utf8 = new TextEncoder();
  const head = JSON.stringify(Object.assign({}, table, { actions: [] })); // {...,"actions":[]}
  const kept = actions.slice(); // the actions so far (a pop drops the last one's bytes)
  let done = ""; // the letters of the bytes so far, but for the last 0 to 2
  let rest = new Uint8Array(0); // those last bytes
  let size = 0; // the bytes so far

  function add(bytes) {
    const all = new Uint8Array(rest.length + bytes.length);
    all.set(rest);
    all.set(bytes, rest.length);
    const whole = all.length - (all.length % 3);
    done += base64url(all.subarray(0, whole));
    rest = all.slice(whole);
    size += bytes.length;
  }

  function bytesOf(action, first) {
    return utf8.encode((first ? "" : ",") + JSON.stringify(action));
  }

  // Up to "[" of the actions, then the actions the game opens with.
  add(utf8.encode(head.slice(0, -2) + JSON.stringify(kept).slice(1, -1)));
  return {
    push: function (action) {
      add(bytesOf(action, !kept.length));
      kept.push(action);
    },
    pop: function () {
      const action = kept.pop();
      const cut = size - bytesOf(action, !kept.length).length; // the bytes before it
      const whole = cut - (cut % 3);
      const written = (done.length / 4) * 3; // the bytes ``done`` holds
      if (whole >= written) rest = rest.slice(whole - written, cut - written);
      else { // the cut falls in ``done``: its last group's first bytes are the new rest
        const group = atob(done.slice((whole / 3) * 4, (whole / 3) * 4 + 4).replace(/-/g, "+").replace(/_/g, "/"));
        rest = Uint8Array.from(group.slice(0, cut - whole), function (c) { return c.charCodeAt(0); });
        done = done.slice(0, (whole / 3) * 4);
      }
      size = cut;
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
