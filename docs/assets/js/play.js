// @ts-check
// The play page: a table set up by the reader, then played move by move.
//
// The game lives in the engine's worker (a lansquenet.Session, see lansquenet/web.py),
// its one record: the page opens it once (from the form, the quick game or a link) and
// then sends one action per move; each answer brings only what is new (the new steps'
// sentences, the computer players' reasons, the last step drawn with who acts next and
// their moves, the new ledger rows, the actions played), so a move costs the same at
// move 5 and at move 1 000; an opened game's earlier sentences and rows are asked for
// when they are shown (viewer.js, ledger.js). Nothing here decides a rule. Modules:
//   setup-form.js   the table's settings     session.js   the worker's session
//   rules-choice.js the rules: the form's choice, the table's badge, a refused link
//   setup-check.js  the form's own checks    status.js    loading, busy table
//   links.js        the game in the address, from the engine's answers
//   step-view.js    one step, as the engine  permalink.js the address's format
//                   drew it                  turn.js      whose turn, which moves
//   viewer.js       the journal, stepping    computer.js  computer players, helps
//   ledger.js       the deals, the exports   tools.js     quick game, undo, end,
//   words.js        words, shared with odds.js            new table, exports
//   screen.js       the game screen: tabs, the page behind it inert, the odds shown
//   odds-view.js    a move's odds beside it, the odds toggle (shared with learn.js)
//
// This module holds the page together: its elements, the game's start from the form,
// the reader's moves, and what every engine position changes on the page. Its functions
// take the page's ``table`` (Page.Table, types/page.d.ts: the parts and the modules they
// share): parts() makes it, wire() connects the controls, accept() takes a position.
//
// Every word comes from the page (#lq-words, written at build time from site.po); every
// name and engine text reaches the page as text, never as markup, except the diagram
// SVG, which the engine writes and escapes (parsed as SVG, never as HTML).
import { framed } from "./class-frame.js";
import { computerPlayers, helps, pace, readerSeats, seatLine, setPace } from "./computer.js";
import { copyLink } from "./copy-link.js";
import { croupierKeys } from "./croupier.js";
import { mountDecision } from "./decision.js";
import { start } from "./engine.js";
import { ledgerView } from "./ledger.js";
import { gameLinks } from "./links.js";
import { projectable } from "./projector.js";
import { problem, sessionClient } from "./session.js";
import { gameScreen } from "./screen.js";
import { checkSetup } from "./setup-check.js";
import { quickChoices, setupForm, typed } from "./setup-form.js";
import { busyTable, followLoading } from "./status.js";
import { stepView } from "./step-view.js";
import { tableTools } from "./tools.js";
import { turnView } from "./turn.js";
import { viewer } from "./viewer.js";
import { movesOf } from "./vote.js";
import { announce, errorSentence, pageLang, pageWords, required, show } from "./page.js";

const CLASS_DEALS = 6; // a class's game: its deals (links.js seats the class's names for as many)

/**
 * @param {HTMLElement} root
 * @returns {Page.Elements}
 */
function elements(root) {
  /** @type {(id: string) => any} the page's HTML has every one (overrides/play.html) */
  const $ = function (id) { return document.getElementById(id); };
  return {
    root: root, status: $("lq-status"), progress: $("lq-progress"), linkError: $("lq-link-error"),
    setup: $("lq-setup"), names: $("lq-names"), balance: $("lq-balance"), banker: $("lq-banker"),
    finish: $("lq-finish"), seed: $("lq-seed"), decks: $("lq-decks"), setupRefusal: $("lq-setup-refusal"),
    addPlayer: required(root, '[data-act="add-player"]'),
    game: $("lq-game"), busy: $("lq-busy"), turn: $("lq-turn"), turnText: $("lq-turn-text"),
    situation: $("lq-situation"), amountBox: $("lq-amount-box"), amount: $("lq-amount"),
    moves: $("lq-moves"), moveRefusal: $("lq-move-refusal"),
    over: $("lq-over"), standingsTitle: $("lq-standings-title"), standings: $("lq-standings"),
    view: $("lq-view"), counter: $("lq-counter"), stepText: $("lq-step-text"), stepCards: $("lq-step-cards"),
    result: $("lq-result"), coach: $("lq-coach"), restError: $("lq-rest-error"), figure: $("lq-figure"), balances: $("lq-balances"),
    journal: $("lq-journal"), feed: $("lq-feed"), ledger: $("lq-ledger"), ledgerEmpty: $("lq-ledger-empty"),
    permalink: $("lq-permalink"), announce: $("lq-announce"), copied: $("lq-copied"),
    seat: $("lq-seat"), presets: $("lq-presets"), range: $("lq-amount-range"), help: $("lq-move-help"), said: $("lq-said"), pace: $("lq-pace"),
  };
}

// The page's parts, made once: the table (shared with links.js and tools.js) and the
// modules that draw and drive it.
/**
 * @param {HTMLElement} root
 * @returns {Page.Table}
 */
function parts(root) {
  const word = pageWords();
  const el = elements(root);
  // Its parts come one by one below (each may use those made before it).
  const table = /** @type {Page.Table} */ ({
    root: root, el: el, word: word, readers: /** @type {string[]} */ ([]), heard: /** @type {string[]} */ ([]),
    turn: turnView(el, word),
    run: function (request, then, failTarget) { return run(table, request, then, failTarget); },
    accept: function (position) { accept(table, position); },
    newGame: function (reply) { newGame(table, reply); },
    showForm: function (data) { showForm(table, data); },
    focusTurn: function () { focusTurn(table); },
  });

  table.form = setupForm(el, word);
  table.view = stepView(el, word);
  table.screen = gameScreen(el, root, function (key) { // the story and the ledger drawn only when shown
    table.ledger.show(key === "ledger");
    table.steps.showStory(key === "story");
  });
  table.help = helps(el, word);
  table.croupier = croupierKeys(el.game, el.announce, root.querySelector('[data-action="keys"]'),
    /** @type {HTMLDialogElement} */ (document.getElementById("lq-keys")), word);
  table.session = sessionClient(pageLang(), busyTable(el, function (busy) { table.tools.enable(busy); }));
  /** @param {any} reason a piece of the story or the ledger that cannot come: said once (a refusal, a loading failure) */
  const failed = function (reason) {
    if (el.restError.hidden) show(el.restError, errorSentence(word, "play.rest.failed", reason));
  };
  table.ledger = ledgerView(el, word, table.session, failed);
  table.links = gameLinks(table);
  table.tools = tableTools(table);
  table.steps = viewer(el, table.session, table.view, table.links.viewed, word, failed);
  // In the class view (class-frame.js), the class's table plays only while it is projected
  // for the class: nothing plays ahead in a part that does not show it.
  table.computer = computerPlayers(el, word, table.session, function (reply) { computerMoved(table, reply); },
    function () { return framed() && !el.view.classList.contains("lq-projecting"); });
  // The table projected: it steps as its buttons do; its moves (in the turn's bar, outside
  // the table) are the class's vote.
  // (A move of the vote that takes an amount waits for the class's amount: decision.js.)
  /** @param {HTMLElement} button */
  function choose(button) {
    if (button.dataset.move && table.steps.count && (!table.decision || table.decision.ready(button))) play(table, button.dataset.move);
  }
  table.projection = projectable(el.view, {
    go: function (go) { if (table.steps && table.steps.count) table.steps.step(go); },
    choices: function () { return movesOf(el.turn); },
    choose: choose,
  });
  // Projected, the turn's bar is out of sight: whose turn, the amounts, a lone move, there.
  // At the game's end there: a new game (its rules and its computer players chosen), or more deals.
  const rules = /** @type {HTMLSelectElement} */ (el.setup.querySelector("#lq-rules"));
  table.decision = mountDecision(el.view, el, word, {
    choose: choose, take: table.help.take,
    fresh: function (how) { freshGame(table, how); },
    more: function () { carryOn(table); },
    presets: function () { // the form's presets (play.html, from the engine's list): the game's chosen
      return Array.from(rules.options).filter(function (option) { return option.dataset.rules; }).map(function (option) {
        return { value: option.value, text: option.textContent || "", selected: option.value === rules.value };
      });
    },
    computers: function () { return table.computer.any(); },
  });
  // Projected, the table is drawn for the room (larger words: lansquenet.diagram.PROJECTED).
  el.view.addEventListener("lq:projected", function (event) {
    table.session.drawing = /** @type {CustomEvent<boolean>} */ (event).detail ? "projected" : "page";
    table.steps.redraw();
    table.computer.resume(); // in the class view, its computer players move while the class sees them
  });
  return table;
}

/** @param {HTMLElement} root */
function setup(root) {
  if (root.dataset.ready === "yes") return; // safe to run twice
  root.dataset.ready = "yes";
  const table = parts(root);
  wire(table);
  root.setAttribute("aria-busy", "false");
  if (!table.links.route()) showForm(table, null);
}

// A request to the engine, and what to do with its answer; a failure of the engine's
// loading is said in ``failTarget``, as the status line says it (offline: that it is).
/**
 * @template T
 * @param {Page.Table} table
 * @param {Promise<T>} request
 * @param {(reply: T) => void} then
 * @param {HTMLElement} failTarget
 */
function run(table, request, then, failTarget) {
  return request.then(then, function (error) {
    const key = error && error.offline ? "play.loading.offline" : "play.loading.failed";
    show(failTarget, errorSentence(table.word, key, error));
  });
}

// Take a position of the engine (lansquenet/web.py): what is new since its ``from``.
/**
 * @param {Page.Table} table
 * @param {Bridge.Position} position
 */
function accept(table, position) {
  const toAct = position.step.state.to_act;
  table.links.follow(position); // the address: before the viewer tells the switcher the step
  table.ledger.update(position.deals, position.ledger);
  table.turn.draw(toAct, position.step.state);
  table.help.amounts(toAct);
  table.help.describe();
  show(table.el.moveRefusal, "");
  show(table.el.said, position.said || ""); // the engine's: never a reason of a deal gone by
  table.tools.refresh(position);
  table.steps.update(position);
  table.computer.follow(position);
  const readers = table.readers;
  table.croupier.update(position.step, !!toAct && (!readers.length || readers.indexOf(toAct.player) >= 0));
  if (table.projection) table.projection.changed(); // the decision: the class's vote follows
  if (table.decision) table.decision.draw(toAct); // and the projected table's own panel
}

// Said in the page's one live region, and what the croupier's L repeats.
/**
 * @param {Page.Table} table
 * @param {string} text
 */
function tell(table, text) {
  announce(table.el.announce, text);
  table.croupier.last(text);
}

// What a position says aloud: each new step's sentence, a computer player's reason
// after its move's first step.
/** @param {Bridge.Position} position */
function told(position) {
  const texts = position.texts.concat([position.step.text]);
  return texts.map(function (text, i) {
    const why = position.reasons[String(position.from + i)];
    return why ? text + " " + why : text;
  }).join(" ");
}

// A computer player's move (computer.js asked the engine for it).
/**
 * @param {Page.Table} table
 * @param {Bridge.Position} reply
 */
function computerMoved(table, reply) {
  const el = table.el;
  if (reply.error) { show(el.moveRefusal, problem(reply, table.word)); return; }
  accept(table, reply);
  // A computer players' turn is one message: told when the turn leaves them.
  table.heard.push(told(reply));
  if (!table.computer.isComputer(reply.step.state.to_act)) { tell(table, table.heard.join(" ")); table.heard = []; }
  const news = /** @type {HTMLElement} */ (el.said.parentElement); // the news' own box, not the page
  news.scrollTop = news.scrollHeight;
  // The reader's turn again: to its first control, unless the reader went elsewhere.
  if (document.activeElement === el.feed || document.activeElement === document.body) focusTurn(table);
}

// A game the engine opened (from the form, the quick game or a link): its answer
// holds the session's scenario (links.opened took it).
/**
 * @param {Page.Table} table
 * @param {Bridge.Opened} reply
 */
function newGame(table, reply) {
  const el = table.el;
  const data = reply.scenario;
  table.steps.reset();
  show(el.restError, ""); // a piece of the game before that could not come is no more
  table.computer.reset(data);
  table.heard = [];
  const seats = table.readers = readerSeats(data); // the reader's seats, said and marked in a game with computer players
  // The seats a new game of the class keeps: the reader's, or every one where no computer plays.
  table.seated = seats.length ? seats : table.computer.any() ? [] : data.players.map(String);
  show(el.seat, seatLine(seats, table.word, pageLang()));
  table.turn.readers(seats);
  table.view.readers(seats);
  table.ledger.reset(data.players.map(String));
  table.form.rules.badge(data.rules); // the rules in force, at a glance (rules-choice.js)
  table.form.rules.reset(data.rules); // and the form's choice: the next quick game keeps them
  accept(table, reply);
  el.setup.hidden = true;
  el.game.hidden = false;
  table.screen.select("table", false);
  table.screen.show(true);
  if (table.projection) table.projection.changed(); // shown: it may be projected
}

// The set-up form, filled with ``data``'s table (or the default one); no game shown.
/**
 * @param {Page.Table} table
 * @param {Bridge.Scenario | null} data
 */
function showForm(table, data) {
  table.readers = [];
  table.links.forget();
  table.computer.reset(null);
  table.form.reset(data);
  table.screen.show(false);
  table.el.game.hidden = true;
  table.el.setup.hidden = false; // but offline with Python never kept (play.css, status.js)
}

// After a move: to the first control of the next decision, to the feed while computer
// players move, to the standings at the end. Never a scroll: the screen holds them.
/** @param {Page.Table} table */
function focusTurn(table) {
  const now = table.turn.current;
  if (!now) table.el.standingsTitle.focus({ preventScroll: true });
  else if (table.computer.isComputer(now) || !table.turn.focus()) table.el.feed.focus({ preventScroll: true });
}

// The form sent: its own checks, then the engine opens the table.
/**
 * @param {Page.Table} table
 * @param {SubmitEvent} event
 */
function startGame(table, event) {
  const el = table.el;
  const word = table.word;
  event.preventDefault();
  show(el.setupRefusal, "");
  show(el.linkError, "");
  table.form.rules.offer(false);
  const wrong = checkSetup(el, word); // each field, named, in the page's language
  if (wrong.length) { show(el.setupRefusal, wrong.join(" ")); return; }
  const data = Object.assign(table.form.read(), { actions: [] });
  run(table, table.session.open(data, true), function (reply) {
    if (reply.error) {
      show(el.setupRefusal, problem(reply, word));
      const n = reply.error.params && reply.error.params.n; // the engine names the player's field
      const input = n ? el.names.querySelectorAll("input")[n - 1] : null;
      if (input) { input.setAttribute("aria-invalid", "true"); input.focus(); }
      return;
    }
    table.links.opened(reply, false);
    newGame(table, reply);
    focusTurn(table);
  }, el.setupRefusal);
}

// The reader's move ``name`` for the player to act (with the amount typed, if the
// engine says the move takes one).
/**
 * @param {Page.Table} table
 * @param {string} name
 */
function play(table, name) {
  const el = table.el;
  const word = table.word;
  const move = /** @type {Required<Bridge.Move> | null} */ (table.turn.find(name)); // a move's amount: its bounds
  const toAct = table.turn.current;
  if (!move || !toAct || table.session.busy) return;
  /** @type {Bridge.Action} */
  const action = { by: toAct.player, do: name };
  if (move.amount) {
    const amount = el.amount.value.trim();
    if (amount === "") { // said in the page's language, before asking the engine
      show(el.moveRefusal, move.min === move.max ? word("play.amount_empty_one", { amount: move.min })
        : word("play.amount_empty", { min: move.min, max: move.max }));
      el.amount.setAttribute("aria-invalid", "true");
      el.amount.focus();
      return;
    }
    action.amount = typed(amount);
  }
  run(table, table.session.move(action), function (reply) {
    if (reply.error) {
      // Refused: nothing is kept; the engine's sentence shows beside the field (and on
      // the projected table's decision).
      show(el.moveRefusal, problem(reply, word));
      table.decision.say(problem(reply, word));
      if (move.amount) el.amount.setAttribute("aria-invalid", "true");
      (move.amount ? el.amount : el.moves.querySelector("button") || el.amount).focus();
      return;
    }
    accept(table, reply);
    tell(table, told(reply));
    focusTurn(table);
  }, el.moveRefusal);
}

// The projected table's new game (decision.js): the same seats (the class's names, or
// every seat where there was no computer player), under the rules chosen among the
// form's presets, with computer players in the empty seats or none; the engine seats
// them (a table of one is its refusal, said on the screen).
/**
 * @param {Page.Table} table
 * @param {{ rules: string, computers: boolean }} how
 */
function freshGame(table, how) {
  if (table.session.busy) return;
  const select = /** @type {HTMLSelectElement} */ (table.el.setup.querySelector("#lq-rules"));
  select.value = how.rules;
  select.dispatchEvent(new Event("change"));
  const names = table.seated;
  run(table, table.session.quick(CLASS_DEALS, names, table.form.rules.read(), how.computers), function (reply) {
    if (reply.error) { table.decision.say(problem(reply, table.word)); return; }
    table.links.opened(reply, true);
    newGame(table, reply);
    focusTurn(table);
  }, table.el.moveRefusal);
}

// The projected table's "carry on" (decision.js): the same game, the session's own record,
// opened again with more deals to play (as many again as a class's game has) and without
// its "time is up"; the engine replays it and says what comes next.
/** @param {Page.Table} table */
function carryOn(table) {
  if (table.session.busy) return;
  table.session.scenario().then(function (reply) {
    if (reply.error) { table.decision.say(problem(reply, table.word)); return; }
    const data = Object.assign({}, reply.scenario);
    if (data.ended) delete data.ended; // time was called: the game goes on where it stopped
    else if (data.finish_after) data.finish_after += CLASS_DEALS; // R-P4: a new agreed finish
    run(table, table.session.open(data, false), function (opened) {
      if (opened.error) { table.decision.say(problem(opened, table.word)); return; }
      table.links.opened(opened, true);
      newGame(table, opened);
      focusTurn(table);
    }, table.el.moveRefusal);
  }, function () { /* the loading failure is already on the page */ });
}

// The page's controls: the loading shown, Python started, the form, the moves, the
// tools, the steps.
/** @param {Page.Table} table */
function wire(table) {
  const root = table.root;
  const el = table.el;
  const word = table.word;
  followLoading(el, word);
  start(); // Python runs from the start on this page (play-start.js), while the reader sets up the table

  /** @type {HTMLButtonElement} */ (el.setup.querySelector('[type="submit"]')).disabled = false; // the page's HTML keeps it off until now
  el.setup.addEventListener("submit", function (event) { startGame(table, event); });
  el.turn.addEventListener("submit", function (event) {
    event.preventDefault(); // Enter in the amount field: the move that takes an amount
    const sized = table.turn.sized();
    if (sized) play(table, sized.do);
  });
  el.amount.addEventListener("input", function () { el.amount.removeAttribute("aria-invalid"); });
  table.help.wire();
  el.pace.value = String(pace());
  if (el.pace.selectedIndex < 0) el.pace.selectedIndex = 1; // a stored pace the list does not offer
  el.pace.addEventListener("change", function () { setPace(Number(el.pace.value)); });
  quickChoices(root, word); // 6 deals by default, 3 or 10 in one tap
  /** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll('[data-act="quick"], [data-act="quick-deals"]')).forEach(function (b) { b.disabled = false; });
  copyLink(el.permalink, el.copied, word);

  /** @type {Record<string, (button: HTMLElement) => void>} */
  const acts = Object.assign({ "add-player": table.form.addPlayer, "remove-player": table.form.removePlayer }, table.tools.acts);
  acts["standard-game"] = function () { table.form.rules.reset(null); table.tools.acts.quick(); }; // after refused rules
  root.addEventListener("click", function (event) {
    const target = /** @type {Element} */ (event.target).closest("[data-act], [data-go], [data-move]");
    if (!target) return;
    if (target.dataset.act) acts[target.dataset.act](target);
    else if (!table.steps.count) return;
    else if (target.dataset.move) play(table, target.dataset.move);
    else table.steps.step(/** @type {Page.Go} */ (target.dataset.go));
  });
}

function init() {
  const root = document.getElementById("lq-play");
  if (root) setup(root);
}

// Material's document$ tells every subscriber, its own components first, in one task (its
// DOMContentLoaded handler): the play page sets itself up in a task of its own after it,
// so that no task holds the page long while a long link opens (RESULTS 9d). Python has
// started before (play-start.js, as soon as it came); start() here and in wire() finds it
// running, or starts it if that module could not: offline.js, at the load event, leaves the
// service worker's downloads until after Python's when a page's engine is starting.
if (typeof document$ !== "undefined") {
  document$.subscribe(function () {
    if (document.getElementById("lq-play")) start();
    setTimeout(init, 0);
  });
}
else init();
