// The play page: a table set up by the reader, then played move by move.
//
// The game lives in the engine's worker (a lansquenet.Session, see lansquenet/web.py):
// the page opens it once (from the form or a link) and then sends one action per move;
// each answer brings only what is new (the new steps' sentences, the last step drawn,
// who acts next with their moves, the new ledger rows), so a move costs the same at
// move 5 and at move 1 000. Nothing here decides a rule. Modules:
//   setup-form.js  the table's settings      session.js    the worker's session
//   step-view.js   one step, as the engine   turn.js       whose turn, which moves
//                  drew it                   ledger.js     the deals, the exports
//   viewer.js      the journal, the stepping permalink.js  the game in the address
//   words.js       words, shared with odds.js
//
// Every word comes from the page (#lq-words, written at build time from site.po); every
// name and engine text reaches the page as text, never as markup, except the diagram
// SVG, which the engine writes and escapes (parsed as SVG, never as HTML).
import { computerPlayers, helps, pace, quickGame, setPace } from "./computer.js";
import { copyLink } from "./copy-link.js";
import { start } from "./engine.js";
import { download, ledgerView } from "./ledger.js";
import { decode, encode, fragment, readHash, updateSwitcher, writeHash } from "./permalink.js";
import { sessionClient, showLoading } from "./session.js";
import { checkSetup } from "./setup-check.js";
import { setupForm, typed } from "./setup-form.js";
import { stepView } from "./step-view.js";
import { turnView } from "./turn.js";
import { viewer } from "./viewer.js";
import { show, wordsOf } from "./words.js";

function setup(root) {
  if (root.dataset.ready === "yes") return; // safe to run twice
  root.dataset.ready = "yes";

  const word = wordsOf(JSON.parse(document.getElementById("lq-words").textContent));
  const $ = function (id) { return document.getElementById(id); };
  const el = {
    root: root, status: $("lq-status"), progress: $("lq-progress"), linkError: $("lq-link-error"),
    setup: $("lq-setup"), names: $("lq-names"), balance: $("lq-balance"), banker: $("lq-banker"),
    finish: $("lq-finish"), seed: $("lq-seed"), decks: $("lq-decks"), setupRefusal: $("lq-setup-refusal"),
    addPlayer: root.querySelector('[data-act="add-player"]'),
    game: $("lq-game"), busy: $("lq-busy"), turn: $("lq-turn"), turnText: $("lq-turn-text"),
    situation: $("lq-situation"), amountBox: $("lq-amount-box"), amount: $("lq-amount"),
    moves: $("lq-moves"), moveRefusal: $("lq-move-refusal"),
    over: $("lq-over"), standingsTitle: $("lq-standings-title"), standings: $("lq-standings"),
    view: $("lq-view"), counter: $("lq-counter"), stepText: $("lq-step-text"), stepCards: $("lq-step-cards"),
    result: $("lq-result"), figure: $("lq-figure"), balances: $("lq-balances"),
    journal: $("lq-journal"), ledger: $("lq-ledger"), ledgerEmpty: $("lq-ledger-empty"),
    permalink: $("lq-permalink"), announce: $("lq-announce"),
    copied: $("lq-copied"), presets: $("lq-presets"), range: $("lq-amount-range"), help: $("lq-move-help"), said: $("lq-said"), pace: $("lq-pace"),
  };
  const form = setupForm(el, word);
  const view = stepView(el, word);
  const turn = turnView(el, word);
  const ledger = ledgerView(el, word);
  const help = helps(el, word);
  let busyTimer = null;
  const session = sessionClient(root.lang, function (busy) {
    root.setAttribute("aria-busy", busy ? "true" : "false");
    el.game.classList.toggle("lq-busy-table", busy);
    el.turn.querySelector("fieldset").disabled = busy;
    tools(busy);
    clearTimeout(busyTimer);
    if (busy) busyTimer = setTimeout(function () { el.busy.hidden = false; }, 250); // no flash on quick moves
    else el.busy.hidden = true;
  });

  // --- the game: its table, its actions, what the engine said of it -------------------

  let base = null; // the scenario's table: no actions, no "ended"
  let actions = [];
  let ended = false;
  let shownLink = null; // the fragment's text this page shows the game of
  const steps = viewer(el, session, view, function (index, count) {
    if (shownLink) updateSwitcher(shownLink, index === count - 1 ? null : index);
  });
  const computer = computerPlayers(el, word, session, function (reply) {
    if (reply.error) { show(el.moveRefusal, problem(reply)); return; }
    actions.push(reply.bot.action);
    accept(reply);
    remember(false);
    show(el.said, reply.bot.text);
    el.announce.textContent = [reply.bot.text].concat(reply.texts).join(" ");
  });

  function scenario() {
    const data = Object.assign({}, base, { actions: actions.slice() });
    if (ended) data.ended = true;
    return data;
  }

  // What went wrong, as a sentence: the engine's own for a refusal, else from the page.
  function problem(reply) {
    const error = reply.error;
    if (error.code === "not_a_scenario" || error.code === "bad_request") {
      return word("play.not_a_scenario", { detail: error.message });
    }
    if (error.code === "internal" || error.code === "no_session") {
      return word("play.internal", { detail: error.message });
    }
    return error.message; // a refusal, already in the page's language
  }

  function run(request, then, failTarget) {
    return request.then(then, function (error) {
      show(failTarget, word("play.loading.failed", { detail: String((error && error.message) || error) }));
    });
  }

  // Take a position of the engine (lansquenet/web.py): what is new since its ``from``.
  function accept(position) {
    ledger.update(position.deals, position.ledger);
    turn.draw(position.to_act, position.step.state);
    help.amounts(position.to_act, position.step.state);
    help.describe();
    show(el.moveRefusal, "");
    root.querySelector('[data-act="undo"]').dataset.off = actions.length || ended ? "no" : "yes";
    root.querySelector('[data-act="end"]').dataset.off = position.to_act ? "no" : "yes";
    tools(session.busy);
    steps.update(position);
    computer.follow(position);
  }

  // The tools are off while the engine works, undo and end when they cannot apply.
  function tools(busy) {
    root.querySelectorAll(".lq-tools [data-act]").forEach(function (b) { b.disabled = busy || b.dataset.off === "yes"; });
  }

  // The address follows the game (``push``: as a new history entry).
  function remember(push) {
    shownLink = encode(scenario());
    writeHash(shownLink, push);
    el.permalink.href = fragment(shownLink);
    updateSwitcher(shownLink, null);
  }

  function newGame(data, reply) {
    base = Object.assign({}, data);
    delete base.actions;
    delete base.ended;
    actions = data.actions.slice(0, reply.actions);
    ended = reply.ended;
    steps.reset();
    computer.reset(data);
    ledger.reset(data.players.map(String));
    accept(reply);
    el.setup.hidden = true;
    el.game.hidden = false;
  }

  // --- setting up, playing, undoing ------------------------------------------------------

  function startGame(event) {
    event.preventDefault();
    show(el.setupRefusal, "");
    show(el.linkError, "");
    const wrong = checkSetup(el, word); // each field, named, in the page's language
    if (wrong.length) { show(el.setupRefusal, wrong.join(" ")); return; }
    const data = Object.assign(form.read(), { actions: [] });
    run(session.open(data), function (reply) {
      if (reply.error) { show(el.setupRefusal, problem(reply)); return; }
      newGame(data, reply);
      remember(false);
      turn.focus();
    }, el.setupRefusal);
  }

  function play(name) {
    const move = turn.find(name);
    if (!move || session.busy) return;
    const action = { by: turn.current.player, do: name };
    if (move.amount) {
      const amount = el.amount.value.trim();
      if (amount === "") { // said in the page's language, before asking the engine
        show(el.moveRefusal, word("play.amount_empty", { min: move.min, max: move.max }));
        el.amount.setAttribute("aria-invalid", "true");
        el.amount.focus();
        return;
      }
      action.amount = typed(amount);
    }
    run(session.move(action), function (reply) {
      if (reply.error) {
        // Refused: nothing is kept; the engine's sentence shows beside the field.
        show(el.moveRefusal, problem(reply));
        if (move.amount) el.amount.setAttribute("aria-invalid", "true");
        (move.amount ? el.amount : el.moves.querySelector("button") || el.amount).focus();
        return;
      }
      actions.push(action);
      show(el.said, "");
      accept(reply);
      remember(false);
      el.announce.textContent = reply.texts.join(" ");
      focusTurn();
      // On a phone, the table and the new narration come into view after a tap.
      if (window.matchMedia("(max-width: 44.9375em)").matches) el.view.scrollIntoView({ block: "start" });
    }, el.moveRefusal);
  }

  // "Time is up" (R-P4): the engine gives back the unplayed stakes and the bank and
  // ranks the players. Undo takes it back.
  function endGame() {
    if (session.busy || !turn.current) return;
    run(session.end(), function (reply) {
      if (reply.error) { show(el.moveRefusal, problem(reply)); return; }
      ended = true;
      accept(reply);
      remember(false);
      el.announce.textContent = reply.texts.join(" ");
      focusTurn();
    }, el.moveRefusal);
  }

  function undo() {
    if (session.busy || (!actions.length && !ended)) return;
    run(session.undo(), function (reply) {
      if (reply.error) { show(el.moveRefusal, problem(reply)); return; }
      if (reply.undone.by === undefined) ended = false;
      else actions.pop();
      // Back to the reader's own move: a computer player's moves are undone with it.
      if (computer.isComputer(reply.to_act) && actions.length) { undo(); return; }
      accept(reply);
      remember(false);
      el.announce.textContent = reply.step.text;
      if (!actions.length) focusTurn();
    }, el.moveRefusal);
  }

  // A new table is a new history entry: Back returns to the game, nothing is lost.
  function newTable() {
    if (session.busy) return;
    if (base) writeHash(null, true);
    showForm(base);
    el.setup.querySelector("input").focus();
  }

  function showForm(data) {
    base = null; actions = []; ended = false; shownLink = null;
    computer.reset(null);
    updateSwitcher(null, null);
    form.reset(data);
    el.game.hidden = true;
    el.setup.hidden = false;
  }

  function focusTurn() {
    if (!turn.current) el.standingsTitle.focus();
    else turn.focus();
  }
  // --- links: open the game a link holds ----------------------------------------------------

  // Show what the address holds: its game, or the form when it holds none.
  function route() {
    const found = readHash();
    if (!found) {
      if (base) showForm(base);
      return false;
    }
    if (found.text === shownLink) return true; // our own address
    let data;
    try {
      data = decode(found.text);
    } catch (error) {
      badLink();
      return true;
    }
    el.setup.hidden = true; // the form is in the page's HTML: not while the link's game opens
    shownLink = found.text;
    run(session.open(data), function (reply) {
      if (reply.error) {
        if (reply.error.code === "internal") { // the engine failed: not the link's fault
          show(el.linkError, problem(reply));
          el.setup.hidden = false;
        } else badLink();
        return;
      }
      newGame(data, reply);
      if (reply.refused) {
        // The game up to the refused action; the link stays in the address as it came.
        updateSwitcher(shownLink, null);
        el.permalink.href = fragment(encode(scenario()));
        show(el.linkError, word("play.link_refused", { number: reply.refused.index + 1, message: reply.refused.message }));
      } else {
        remember(false);
        show(el.linkError, "");
      }
      if (found.step !== null) steps.goTo(found.step);
    }, el.linkError);
    return true;
  }

  function badLink() {
    writeHash(null, false);
    showForm(null);
    show(el.linkError, word("play.bad_link"));
  }

  // --- wiring ---------------------------------------------------------------------------

  showLoading(el, word);
  start(); // Python starts at once on this page, while the reader sets up the table

  el.setup.querySelector('[type="submit"]').disabled = false; // the page's HTML keeps it off until now
  el.setup.addEventListener("submit", startGame);
  el.turn.addEventListener("submit", function (event) {
    event.preventDefault(); // Enter in the amount field: the move that takes an amount
    const sized = turn.sized();
    if (sized) play(sized.do);
  });
  el.amount.addEventListener("input", function () { el.amount.removeAttribute("aria-invalid"); });

  // "Partie rapide" / "Quick game": the reader and three computer players, at once.
  function quick() {
    if (session.busy) return;
    const data = quickGame(word);
    show(el.linkError, "");
    run(session.open(data), function (reply) {
      if (reply.error) { show(el.setupRefusal, problem(reply)); return; }
      newGame(data, reply);
      remember(true);
      el.game.querySelector("h2").focus();
    }, el.setupRefusal);
  }

  help.wire();
  el.pace.value = String(pace());
  if (el.pace.selectedIndex < 0) el.pace.selectedIndex = 1; // a stored pace the list does not offer
  el.pace.addEventListener("change", function () { setPace(Number(el.pace.value)); });
  root.querySelector('[data-act="quick"]').disabled = false;

  const acts = {
    quick: quick,
    "add-player": form.addPlayer,
    "remove-player": form.removePlayer,
    undo: undo,
    "new-table": newTable,
    end: endGame,
    "export-json": function () {
      if (base) download(JSON.stringify(scenario(), null, 2) + "\n", "application/json", word("play.file_name") + ".json");
    },
    "export-csv": function () {
      if (base) download("\ufeff" + ledger.csv(), "text/csv;charset=utf-8", word("play.file_name") + ".csv");
    },
  };
  copyLink(el.permalink, el.copied, word);
  root.addEventListener("click", function (event) {
    const target = event.target.closest("[data-act], [data-go], [data-move]");
    if (!target) return;
    if (target.dataset.act) acts[target.dataset.act](target);
    else if (!steps.count) return;
    else if (target.dataset.move) play(target.dataset.move);
    else steps.step(target.dataset.go);
  });
  window.addEventListener("hashchange", route);
  window.addEventListener("popstate", route);

  root.setAttribute("aria-busy", "false");
  if (!route()) showForm(null);
  updateSwitcher(shownLink, null);
}

function init() {
  const root = document.getElementById("lq-play");
  if (root) setup(root);
}

if (typeof document$ !== "undefined") document$.subscribe(init);
else init();
