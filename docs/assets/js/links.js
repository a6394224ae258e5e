// @ts-check
// The game and the address: the address is the worker's session, written from the
// engine's answers alone (the page keeps no record of the game of its own). An open
// answer brings the session's ``scenario``; each later answer the actions it ``played``
// and how many ``actions`` the session keeps (an undo), and whether it ``ended``: the
// link follows them (permalink.js gameLink, the same cost at move 5 and at move 1 000).
// An address holding a game opens it, with Back and Forward too ("#seats=": a new quick
// game with those names at the table; "#rules=": a new quick game under those rules, or the
// engine's sentence saying why they cannot be played). A link whose later
// action the engine refuses opens the game up to that action and says which one and
// why; the address then holds the game as the engine kept it. A link that is not a
// game gives the form back with a sentence saying so; an engine failure is said as
// what it is, never as a bad link.
//
//   const links = gameLinks(table);   // table: the play page's parts (play.js)
//   links.opened(reply, push);        // a game the engine opened (push: new entry)
//   links.follow(position);           // the address follows an engine position
//   links.route();                    // show what the address holds; false: no game
//   links.viewed(index, count);       // the step shown, for the language switcher
//   links.leave(); links.forget();    // a new table (a new history entry); no game shown
//   links.table                       // the game's table (a scenario without actions)
import { carried, carryTo } from "./carry.js";
import { SWITCHERS, fragment, gameLink, quickFragment, readHash, readRules, readSeats, stepFragment, updateSwitcher, writeHash } from "./permalink.js";
import { problem } from "./session.js";
import { framed } from "./class-frame.js";
import { show } from "./page.js";
import { projected } from "./projector.js";
import { shareAddress } from "./share.js";

const RULES_REFUSED = ["invalid_rules", "unknown_variant"]; // V-R6: the table's rules refused

/** @param {Page.Table} table */
export function gameLinks(table) {
  const el = table.el;
  const word = table.word;
  /** @type {string | null} */
  let shown = null; // the fragment's text: the session's scenario, encoded
  /** @type {ReturnType<typeof gameLink> | null} */
  let link = null; // permalink.js gameLink of the session's table
  let kept = 0; // the actions the link holds
  /** @type {Bridge.Scenario | null} */
  let base = null; // the session's table: its scenario without actions nor "ended"
  let push = false; // the next address is a new history entry
  /** @type {string | null} */
  let permalink = null; // the text the permanent link's button holds
  /** @type {string | null} */
  let written = null; // the text the address holds, when it holds that alone (no step)
  /** @type {string | null} */
  let short = null; // the quick game's short link's text (the engine's), or null
  /** @type {string | null} */
  let shortFor = null; // the game's text ``short`` was asked for
  /** @type {[number, number] | null} */
  let at = null; // the step shown: [index, count]

  // The session the engine opened: its own scenario.
  /**
   * @param {Bridge.Opened} reply
   * @param {boolean} asEntry
   */
  function opened(reply, asEntry) {
    base = Object.assign({}, reply.scenario);
    delete base.actions;
    delete base.ended;
    const actions = reply.scenario.actions || [];
    link = gameLink(base, actions);
    kept = actions.length;
    push = asEntry;
  }

  // An engine position: its new actions, the ones it took back, the end.
  /** @param {Bridge.Position} position */
  function follow(position) {
    const chain = link;
    if (!chain) return;
    while (kept > position.actions - position.played.length) { chain.pop(); kept -= 1; }
    position.played.forEach(function (action) { chain.push(action); kept += 1; });
    const text = chain.text(position.ended);
    // The address already holds a link the engine kept as it was: not written again (a
    // long game's address is large, and each write of it takes time).
    if (text !== written || push) writeHash(text, push);
    written = text;
    if (text !== permalink) el.permalink.href = fragment(text);
    permalink = text;
    shown = text;
    push = false;
  }

  // Leave the game for a new table: a new history entry, so Back returns to the game.
  function leave() {
    written = null;
    writeHash(null, true);
  }

  function forget() {
    short = null;
    shortFor = null;
    shareAddress(el.view, null);
    shown = null;
    written = null;
    link = null;
    base = null;
    updateSwitcher(null, null);
  }

  // The language switcher's link, followed while a game is shown: the engine's record of
  // it goes along (carry.js), asked for as the reader reaches for the language menu, so
  // that the page there need not replay the game. A click that opens another tab or
  // window is the browser's.
  const carrier = carryTo(table.session);
  /** @param {Event} event */
  function reaching(event) {
    const target = event.target instanceof Element ? event.target.closest(".md-select, " + SWITCHERS) : null;
    if (target && shown) carrier.prepare(shown);
  }
  document.addEventListener("pointerover", reaching, { passive: true });
  document.addEventListener("focusin", reaching);
  document.addEventListener("click", function (event) {
    const target = event.target instanceof Element ? event.target.closest(SWITCHERS) : null;
    if (!(target instanceof HTMLAnchorElement) || !shown || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || (target.target && target.target !== "_self")) return;
    carrier.follow(event, target, shown);
  });

  // The language switcher carries the game and the step shown, unless it is the last
  // one: once per position (the viewer tells which step it shows).
  /**
   * @param {number} index
   * @param {number} count
   */
  function viewed(index, count) {
    if (shown) updateSwitcher(shown, index === count - 1 ? null : index);
    at = [index, count];
    share();
  }

  // What the projector view's QR code leads to (share.js): the game at the step shown,
  // in its short form when there is one. The engine says whether one holds the game (a
  // quick game's: its seed and the reader's moves, a class's names), asked only while
  // the table is projected or shown in the class view (class-frame.js): a move costs no
  // more request than before.
  function share() {
    if (!shown || !at) return;
    const room = projected() === el.view || framed();
    if (room && shortFor !== permalink) {
      const text = permalink;
      shortFor = text;
      short = null;
      table.session.short().then(function (reply) {
        if (permalink !== text || !reply || reply.error) return;
        short = reply.short;
        share();
      });
    }
    if (shortFor !== permalink) short = null;
    const step = at[0] === at[1] - 1 ? null : at[0];
    shareAddress(el.view, location.pathname + (short ? quickFragment(short, step) : stepFragment(shown, step)));
  }

  function badLink() {
    written = null;
    writeHash(null, false);
    table.showForm(null);
    show(el.linkError, word("play.bad_link"));
  }

  // "#seats=": a new quick game with a class's names at the table (class.js), the
  // computer players in the empty seats; the address then holds the game. Names the
  // engine refuses (lansquenet.naming) are said, and the form comes back.
  // With "&computers=no", the names alone; with "&rules=", under those rules, another
  // game's name that game (the class's court table; refused rules said as a "#rules=" link's are).
  /** @param {NonNullable<ReturnType<typeof readSeats>>} seats */
  function seated(seats) {
    el.setup.hidden = true;
    table.run(table.session.quick(6, seats.names, seats.rules && table.form.rules.linked(seats.rules.rules), seats.computers), function (reply) {
      if (reply.error) {
        writeHash(null, false);
        table.showForm(null);
        if (seats.rules) refusedRules(reply, seats.rules.asked);
        else show(el.linkError, problem(reply, word));
        return;
      }
      opened(reply, false);
      table.newGame(reply);
    }, el.linkError);
  }

  // "#rules=": a new quick game under those rules (permalink.js readRules); rules the
  // engine refuses are said in its words, with what was asked and the standard game
  // offered; the form keeps the table it had.
  /** @param {{asked: string, rules: Bridge.Rules}} ruled */
  function underRules(ruled) {
    el.setup.hidden = true;
    table.run(table.session.quick(6, [], table.form.rules.linked(ruled.rules)), function (reply) {
      if (reply.error) {
        writeHash(null, false);
        table.showForm(base);
        refusedRules(reply, ruled.asked);
        return;
      }
      opened(reply, false);
      table.newGame(reply);
    }, el.linkError);
  }

  // A refusal of a link's rules (V-R6), or any other refusal, said in the engine's words.
  /** @param {Bridge.Refusable} reply @param {string} asked */
  function refusedRules(reply, asked) {
    const error = /** @type {Bridge.Failure} */ (reply.error);
    if (RULES_REFUSED.indexOf(error.code) >= 0) table.form.rules.refused(el.linkError, error.message, asked);
    else show(el.linkError, problem(reply, word));
  }

  function route() {
    const seats = readSeats();
    if (seats) { seated(seats); return true; }
    const ruled = readRules();
    if (ruled) { underRules(ruled); return true; }
    const found = readHash();
    if (!found) {
      if (base) table.showForm(base);
      return false;
    }
    if (found.text === shown) return true; // our own address
    el.setup.hidden = true; // the form is in the page's HTML: not while the link's game opens
    shown = found.text;
    written = found.step === null ? found.text : null; // "&step=N" goes once the game is open
    if (!found.quick) updateSwitcher(shown, null); // the other language opens the same link
    // The engine reads the link as it is (base64url, UTF-8, JSON, the limits: the page
    // decodes nothing of a link that may be large), and says whether it is a game. Only
    // a game carried from the other language (its record made for this very link) is
    // answered without its scenario, which session.js then reads from the link.
    const opening = /** @type {Promise<Bridge.Opened>} */ (
      found.quick ? table.session.shortLink(found.text) : table.session.link(found.text, carried()));
    table.run(opening, function (reply) {
      if (reply.error) {
        if (reply.error.code === "internal") { // the engine failed: not the link's fault
          show(el.linkError, problem(reply, word));
          el.setup.hidden = false;
        } else if (RULES_REFUSED.indexOf(reply.error.code) >= 0) { // the game's rules, named
          badLink();
          const params = reply.error.params || {};
          refusedRules(reply, String(params.variant || params.key || "rules"));
        } else badLink();
        return;
      }
      opened(reply, false);
      table.newGame(reply); // the address becomes the session's
      // The game up to a refused action: its number and the engine's reason.
      show(el.linkError, reply.refused
        ? word("play.link_refused", { number: reply.refused.index + 1, message: reply.refused.message }) : "");
      if (found.step !== null) table.steps.goTo(found.step);
    }, el.linkError);
    return true;
  }

  el.view.addEventListener("lq:projected", share);
  window.addEventListener("lq:framed", share);
  window.addEventListener("hashchange", route);
  window.addEventListener("popstate", route);
  return {
    opened: opened, follow: follow, leave: leave, forget: forget, viewed: viewed, route: route,
    get table() { return base; },
  };
}
