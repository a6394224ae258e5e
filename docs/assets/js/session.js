// @ts-check
// The session client: the play page's one conversation with the engine's worker
// (engine.js -> engine-worker.mjs -> lansquenet.web.handle). The worker keeps the game
// (a lansquenet.Session); the page sends one action per move, never the scenario again.
//
//   const session = sessionClient("fr", function (busy) { ... });
//   session.open(scenario)  -> a position with ``scenario`` (and ``refused`` if an action
//                              was refused)
//   session.link(text, carry) -> the same for the game a link's text holds (permalink.js),
//                              with the record the page before kept of it, if any (carry.js)
//   session.carry(text)     -> {carry}: the session's record for its link's text, for the
//                              page in the other language
//   session.shortLink(text) -> the same for a quick game's short link (#quick=...)
//   session.short()         -> {short}: the session's short link's text, or null
//   session.quick(deals, players, rules, computers) -> the same for a quick game of 3, 6 or 10 deals, seating a class's names ([]: the reader's one seat), under ``rules`` (null: the standard game), computer players in the empty seats (``computers`` false: none)
//   session.move(action)    -> a position with the new steps' sentences, or {error}
//   session.undo(seats)     -> back to the last move of one of ``seats`` (all computer
//                              moves since with it), in one request; [] or none: one action
//   session.end(), session.steps(from, to)
//   session.story(to, from) -> the last piece of the story before step ``to`` (none
//                              before ``from``), with the ``from`` where it begins
//   session.ledger(from, to) -> the ledger's deals from..to: with the story, what an open
//                              answer leaves out, asked for when shown
//   session.bot()           -> a computer player's move: a position, its reason in ``reasons``
//   session.scenario()      -> {scenario}: the game as the worker holds it (the export)
//   session.drawing = "projected" -> the steps asked for from now on are drawn for a
//                              projected table (lansquenet.diagram.PROJECTED); "page": the page's
//   problem(reply, word)    -> what went wrong, as a sentence
//
// What a position holds is said in lansquenet/web.py (as a type: Bridge.Position,
// types/bridge.d.ts). Requests go one at a time, in the order they were made: none is
// ever dropped. ``onBusy(true)`` is called while a request that changes the game
// (open, quick, move, undo, end, bot) is on its way, ``onBusy(false)`` once none is;
// asking for what to show (steps, the story's sentences, the ledger's rows) is quiet: a
// move may be sent before they come, and comes after them (each answer is taken in the
// order asked, so a piece always speaks of the game as the page has it then).
import { call } from "./engine.js";
import { decode } from "./permalink.js";

/**
 * @param {string} lang
 * @param {(busy: boolean) => void} onBusy
 */
export function sessionClient(lang, onBusy) {
  /** @type {Promise<unknown>} */
  let chain = Promise.resolve();
  let working = 0;
  /** @type {NonNullable<Bridge.Spoken["drawing"]>} */
  let drawing = "page";

  function done() {
    working -= 1;
    if (!working) onBusy(false);
  }

  /**
   * @template {Bridge.Request & Bridge.Spoken} R
   * @param {R} request
   * @param {boolean} [quiet]
   * @returns {Promise<Bridge.AnswerTo<R>>}
   */
  function send(request, quiet) {
    request.lang = lang;
    if (drawing !== "page") request.drawing = drawing;
    if (!quiet) {
      working += 1;
      if (working === 1) onBusy(true);
    }
    const answer = chain.then(function () { return call(request); });
    chain = answer.then(function () {}, function () {}); // a failure does not stop the next
    if (!quiet) answer.then(done, done);
    return answer;
  }

  return {
    // ``form``: a table the reader set up, whose names the engine checks (lansquenet.naming)
    open: function (/** @type {Bridge.Scenario} */ scenario, /** @type {boolean} */ form) { return send({ op: "open", scenario: scenario, check_names: Boolean(form) }); },
    // ``carry``: the record of that game the page before kept (carry.js), or null. A game
    // opened with it is answered without its scenario, which is exactly the link's: read
    // from the link here, it is the answer the link alone would have brought.
    link: function (/** @type {string} */ text, /** @type {string | null} */ carry = null) {
      /** @type {Bridge.LinkRequest} */
      const request = { op: "open", link: text };
      if (carry) request.carry = carry;
      return send(request).then(function (reply) {
        if (reply.error || !reply.carried) return /** @type {Bridge.Opened} */ (reply);
        const opened = Object.assign({}, reply, { scenario: decode(text) });
        delete opened.carried;
        return /** @type {Bridge.Opened} */ (opened);
      });
    },
    // the session's record for the link ``text`` the page shows (carry.js)
    carry: function (/** @type {string} */ text) { return send({ op: "carry", link: text }, true); },
    // A quick game's short link (lansquenet/quicklink.py): opened, or the session's own
    shortLink: function (/** @type {string} */ text) { return send({ op: "short", link: text }); },
    short: function () { return send({ op: "short" }, true); },
    move: function (/** @type {Bridge.Action} */ action) { return send({ op: "move", action: action }); },
    // ``players``: a class's names, seated with computer players in the empty seats;
    // ``rules``: the rules the game is played under (VARIANTS.md; none: the standard game)
    // ``computers``: false, the names sit alone (the class's table of named pupils)
    quick: function (/** @type {number} */ deals, /** @type {string[]} */ players, /** @type {Bridge.Rules | null} */ rules = null, computers = true) {
      /** @type {Bridge.QuickRequest} */
      const request = { op: "quick", deals: deals };
      if (players && players.length) request.players = players;
      if (!computers) request.computers = false;
      if (rules) request.rules = rules;
      return send(request);
    },
    // The presets and their figures (the bank's edge); with ``rules``, those rules' too
    // (another game's, COURT.md C-16: its rules and the figure the page sets beside it)
    rules: function (/** @type {Bridge.Rules | Bridge.CourtRules | null} */ rules = null) {
      return send(rules ? { op: "rules", rules: rules } : { op: "rules" }, true);
    },
    undo: function (/** @type {string[]} */ seats) { return send(seats && seats.length ? { op: "undo", to: seats } : { op: "undo" }); },
    end: function () { return send({ op: "end" }); },
    bot: function () { return send({ op: "bot" }); }, // the computer player to act moves
    steps: function (/** @type {number} */ from, /** @type {number} */ to) { return send({ op: "steps", from: from, to: to }, true); },
    story: function (/** @type {number} */ to, /** @type {number} */ from) { return send({ op: "story", to: to, from: from }, true); },
    ledger: function (/** @type {number} */ from, /** @type {number} */ to) { return send({ op: "ledger", from: from, to: to }, true); },
    scenario: function () { return send({ op: "scenario" }, true); },
    get busy() { return working > 0; },
    get drawing() { return drawing; },
    set drawing(/** @type {NonNullable<Bridge.Spoken["drawing"]>} */ value) { drawing = value; },
  };
}

// What went wrong, as a sentence in the page's language: the engine's own for a
// refusal (already in the page's language), else the page's word for a bad request or
// an engine failure, with the engine's detail.
/**
 * @param {Bridge.Refusable} reply an answer that is a refusal
 * @param {Page.Word} word
 * @returns {string}
 */
export function problem(reply, word) {
  const error = /** @type {Bridge.Failure} */ (reply.error);
  if (error.code === "not_a_scenario" || error.code === "bad_request") {
    return word("play.not_a_scenario", { detail: error.message });
  }
  if (error.code === "internal" || error.code === "no_session") { // nothing_to_undo: the engine's sentence
    return word("play.internal", { detail: error.message });
  }
  return error.message;
}
