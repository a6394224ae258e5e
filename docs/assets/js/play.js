// The play page: a table set up by the reader, then played move by move.
//
// The page's state is a scenario (CONFORMANCE.md): the table and the actions so far.
// Every move appends one action and asks the engine (engine.js -> the Pyodide worker ->
// lansquenet.web, op "session") to replay the whole scenario; the page then shows what
// the engine answered: the narrated steps, each step's diagram, the legal moves of the
// player to act. Nothing here decides a rule. A refused action is not kept: the engine's
// sentence shows beside the field and the session stays as it was.
//
// Every word comes from the page (#lq-words, written at build time from site.po); every
// name and engine text reaches the page as text, never as markup, except the diagram
// SVG, which the engine writes and escapes (parsed as SVG, never as HTML).
import { call, onProgress, parseSvg, start } from "./engine.js";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const STAGES = { idle: 0, runtime: 1, engine: 2, ready: 3, failed: 0 };
const HASH_KEY = "scenario=";

function setup(root) {
  if (root.dataset.ready === "yes") return; // safe to run twice
  root.dataset.ready = "yes";

  const words = JSON.parse(document.getElementById("lq-words").textContent);
  const $ = function (id) { return document.getElementById(id); };
  const el = {
    status: $("lq-status"), progress: $("lq-progress"), loading: $("lq-loading"),
    linkError: $("lq-link-error"),
    setup: $("lq-setup"), names: $("lq-names"), balance: $("lq-balance"), banker: $("lq-banker"),
    finish: $("lq-finish"), seed: $("lq-seed"), decks: $("lq-decks"), setupRefusal: $("lq-setup-refusal"),
    game: $("lq-game"), gameTitle: $("lq-game-title"), turn: $("lq-turn"), turnText: $("lq-turn-text"),
    situation: $("lq-situation"), amountBox: $("lq-amount-box"), amount: $("lq-amount"),
    moves: $("lq-moves"), moveRefusal: $("lq-move-refusal"),
    over: $("lq-over"), standingsTitle: $("lq-standings-title"), standings: $("lq-standings"),
    view: $("lq-view"), counter: $("lq-counter"), stepText: $("lq-step-text"), figure: $("lq-figure"), balances: $("lq-balances"),
    journal: $("lq-journal"), ledger: $("lq-ledger"), ledgerEmpty: $("lq-ledger-empty"),
    permalink: $("lq-permalink"), announce: $("lq-announce"),
  };

  // --- words ------------------------------------------------------------------------

  function word(key, params) {
    const text = words[key];
    if (text === undefined) throw new Error("missing word: " + key);
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return params && params[name] !== undefined ? String(params[name]) : whole;
    });
  }

  function card(text) {
    const suit = SUITS[text.slice(-1)];
    return suit ? text.slice(0, -1) + suit : text;
  }

  function node(tag, text, attrs) {
    const made = document.createElement(tag);
    if (text !== undefined && text !== null) made.textContent = String(text);
    if (attrs) Object.keys(attrs).forEach(function (k) { made.setAttribute(k, attrs[k]); });
    return made;
  }

  function show(target, message) {
    target.textContent = message || "";
    target.hidden = !message;
  }

  // --- the session: a table, the actions, and the engine's last answer --------------

  let table = null; // the scenario without its actions
  let actions = [];
  let steps = []; // the engine's steps for table + actions, each with its diagram
  let toAct = null; // who acts now and their legal moves (the engine's ``to_act``)
  let viewed = 0; // the step the viewer shows
  let busy = false;

  function scenario(extra) {
    return Object.assign({}, table, { actions: extra ? actions.concat([extra]) : actions.slice() });
  }

  // Replay ``data``; the answer leaves out the steps before ``from``, which the page
  // holds already (a replay's first steps never change when actions are added).
  function ask(data, from) {
    return call({ op: "session", scenario: data, lang: root.lang, from: from || 0 });
  }

  // What went wrong, as a sentence: the engine's own for a refusal, else from the page.
  function problem(reply) {
    const error = reply && reply.error;
    if (!error) return "";
    if (error.code === "not_a_scenario" || error.code === "bad_request") {
      return word("play.not_a_scenario", { detail: error.message });
    }
    if (error.code === "internal") return word("play.internal", { detail: error.message });
    return error.message; // a refusal, already in the page's language
  }

  function engineDown(error) {
    return word("play.loading.failed", { detail: String((error && error.message) || error) });
  }

  // Keep the engine's answer and draw it; the scenario goes into the address (``link``:
  // the address it came from, kept as it was written).
  function accept(reply, from, link) {
    steps = steps.slice(0, from).concat(reply.steps);
    toAct = reply.to_act;
    viewed = steps.length - 1;
    writeHash(link);
    draw();
  }

  // --- setting up the table ------------------------------------------------------------

  const defaultNames = word("play.default_names").split(",").map(function (s) { return s.trim(); });

  function nameInputs() { return Array.from(el.names.querySelectorAll("input")); }

  function renumber() {
    nameInputs().forEach(function (input, i) {
      const row = input.closest("li");
      const id = "lq-name-" + (i + 1);
      input.id = id;
      row.querySelector("label").textContent = word("play.player_n", { n: i + 1 });
      row.querySelector("label").htmlFor = id;
      const remove = row.querySelector("button");
      remove.setAttribute("aria-label", word("play.remove_player", { n: i + 1 }));
    });
    fillBankers();
  }

  function addName(value) {
    const row = node("li");
    const label = node("label");
    const input = node("input", null, { type: "text", autocomplete: "off", spellcheck: "false" });
    input.value = value;
    const remove = node("button", "×", { type: "button", class: "md-button lq-remove", "data-act": "remove-player" });
    row.append(label, input, remove);
    el.names.append(row);
    renumber();
    return input;
  }

  function fillBankers() {
    const chosen = el.banker.selectedIndex;
    while (el.banker.options.length > 1) el.banker.remove(1);
    nameInputs().forEach(function (input, i) {
      const option = node("option", input.value || word("play.player_n", { n: i + 1 }));
      option.value = String(i);
      el.banker.append(option);
    });
    el.banker.selectedIndex = chosen < el.banker.options.length ? Math.max(chosen, 0) : 0;
  }

  function freshSeed() { return String(Math.floor(Math.random() * 1000000)); }

  function resetForm(data) {
    el.names.textContent = "";
    const names = data && Array.isArray(data.players) ? data.players.map(String) : defaultNames.slice(0, 3);
    names.forEach(function (name) { addName(name); });
    el.balance.value = data && data.balance !== undefined ? String(data.balance) : "100";
    el.finish.value = data && data.finish_after ? String(data.finish_after) : "";
    el.seed.value = data && data.seed !== undefined ? String(data.seed) : freshSeed();
    el.decks.value = data && Array.isArray(data.decks)
      ? data.decks.map(function (deck) { return Array.isArray(deck) ? deck.join(" ") : ""; }).join("\n")
      : "";
    const banker = data ? names.indexOf(String(data.first_banker)) : -1;
    el.banker.selectedIndex = banker >= 0 ? banker + 1 : 0;
  }

  // A number as typed: a whole number goes as a number; anything else goes as typed, and
  // the engine says what is wrong with it (invalid_balance, invalid_amount).
  function typed(text) {
    const trimmed = text.trim();
    return /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : text;
  }

  function readForm() {
    const players = nameInputs().map(function (input) { return input.value; });
    const chosen = el.banker.value;
    const banker = chosen === ""
      ? players[Math.floor(Math.random() * players.length)]
      : players[Number(chosen)];
    const data = { players: players, balance: typed(el.balance.value), first_banker: banker === undefined ? "" : banker };
    if (el.seed.value !== "") data.seed = Number(el.seed.value);
    if (el.finish.value !== "") data.finish_after = Number(el.finish.value);
    const lines = el.decks.value.split("\n").map(function (line) {
      return line.split(/[\s,;]+/).filter(Boolean);
    });
    while (lines.length && !lines[lines.length - 1].length) lines.pop();
    if (lines.length) data.decks = lines;
    return data;
  }

  function startSession(event) {
    event.preventDefault();
    if (busy) return;
    show(el.setupRefusal, "");
    show(el.linkError, "");
    if (!el.setup.reportValidity()) return; // only what the HTML fields themselves check
    const data = readForm();
    data.actions = [];
    run(ask(data, 0), function (reply) {
      if (reply.error) {
        show(el.setupRefusal, problem(reply));
        return;
      }
      table = Object.assign({}, data);
      delete table.actions;
      actions = [];
      accept(reply, 0);
      showGame(true);
    }, el.setupRefusal);
  }

  // --- playing ----------------------------------------------------------------------

  function run(promise, then, failTarget) {
    busy = true;
    root.setAttribute("aria-busy", "true");
    return promise.then(then, function (error) { show(failTarget, engineDown(error)); })
      .finally(function () { busy = false; root.setAttribute("aria-busy", "false"); });
  }

  function play(move) {
    if (busy || !toAct) return;
    const action = { by: toAct.player, do: move };
    if (move === "bank" || move === "stake") {
      const amount = el.amount.value.trim();
      if (amount !== "") action.amount = typed(amount); // missing: the engine says so
    }
    const before = steps.length;
    run(ask(scenario(action), before), function (reply) {
      if (reply.error) {
        // Refused: nothing is kept; the engine's sentence shows beside the field.
        show(el.moveRefusal, problem(reply));
        el.amount.setAttribute("aria-invalid", "true");
        (move === "bank" || move === "stake" ? el.amount : el.moves.querySelector("button") || el.amount).focus();
        return;
      }
      actions.push(action);
      el.amount.value = "";
      accept(reply, before);
      announce(before);
      focusTurn();
    }, el.moveRefusal);
  }

  // "Time is up" (R-P4): the table ends the session by hand; the engine gives back the
  // unplayed stakes and the bank and ranks the players. Undo takes it back.
  function endSession() {
    if (busy || !toAct) return;
    const before = steps.length;
    run(ask(Object.assign(scenario(), { ended: true }), before), function (reply) {
      if (reply.error) { show(el.moveRefusal, problem(reply)); return; }
      table = Object.assign({}, table, { ended: true });
      accept(reply, before);
      announce(before);
      focusTurn();
    }, el.moveRefusal);
  }

  function undo() {
    const ended = Boolean(table && table.ended);
    if (busy || (!actions.length && !ended)) return;
    const shorter = ended ? actions.slice() : actions.slice(0, -1);
    const base = Object.assign({}, table);
    delete base.ended;
    run(ask(Object.assign({}, base, { actions: shorter }), 0), function (reply) {
      if (reply.error) { show(el.moveRefusal, problem(reply)); return; }
      table = base;
      actions = shorter;
      accept(reply, 0);
      announce(steps.length - 1);
      if (!actions.length) focusTurn();
    }, el.moveRefusal);
  }

  function newTable() {
    if (busy) return;
    const previous = table;
    table = null; actions = []; steps = []; toAct = null;
    writeHash();
    resetForm(previous);
    el.game.hidden = true;
    el.setup.hidden = false;
    el.setup.querySelector("input").focus();
  }

  // Tell screen readers what the last move brought, from step ``from`` on.
  function announce(from) {
    const texts = steps.slice(Math.max(from, 0)).map(function (step) { return step.text; });
    el.announce.textContent = texts.join(" ");
  }

  function focusTurn() {
    if (!toAct) { el.standingsTitle.focus(); return; }
    if (!el.amountBox.hidden) el.amount.focus();
    else el.moves.querySelector("button").focus();
  }

  // --- drawing the engine's answer --------------------------------------------------

  function showGame(focus) {
    el.setup.hidden = true;
    el.game.hidden = false;
    if (focus) focusTurn();
  }

  function last() { return steps[steps.length - 1].state; }

  function draw() {
    const state = last();
    drawTurn(state);
    drawStandings(state);
    drawView();
    drawJournal();
    drawLedger(state);
    root.querySelector('[data-act="undo"]').disabled = !actions.length && !table.ended;
    root.querySelector('[data-act="end"]').disabled = !toAct;
  }

  function drawTurn(state) {
    const turn = toAct;
    show(el.moveRefusal, "");
    el.amount.removeAttribute("aria-invalid");
    el.turn.hidden = !turn;
    el.moves.textContent = "";
    if (!turn) return;
    el.turnText.textContent = word("play.turn", { player: turn.player });
    const situation = [];
    if (state.table && state.table.uncovered !== null && state.table.uncovered !== undefined) {
      situation.push(word("play.uncovered", { amount: state.table.uncovered }));
    } else if (state.bank) {
      situation.push(word("play.bank_now", { amount: state.bank.amount }));
    }
    el.situation.textContent = situation.join(" ");
    const needsAmount = turn.can.indexOf("bank") >= 0 || turn.can.indexOf("stake") >= 0;
    el.amountBox.hidden = !needsAmount;
    if (!needsAmount) el.amount.value = "";
    turn.can.forEach(function (move) {
      const button = node("button", word("play.move." + move), { type: "button", class: "md-button", "data-move": move });
      el.moves.append(button);
    });
  }

  function drawStandings(state) {
    const rows = state.standings;
    el.over.hidden = !rows;
    const body = el.standings.tBodies[0];
    body.textContent = "";
    (rows || []).forEach(function (row) {
      const tr = node("tr");
      tr.append(node("td", row.place), node("th", row.player, { scope: "row" }), node("td", row.balance));
      body.append(tr);
    });
  }

  function drawView() {
    const step = steps[viewed];
    el.counter.textContent = word("stepper.counter", { index: viewed + 1, total: steps.length });
    root.querySelectorAll("[data-go]").forEach(function (button) {
      const go = button.dataset.go;
      button.disabled = (go === "first" || go === "previous") ? viewed === 0 : viewed === steps.length - 1;
    });
    el.stepText.textContent = step.text;
    el.figure.textContent = "";
    const svg = parseSvg(step.svg);
    if (svg) el.figure.append(svg);
    const body = el.balances.tBodies[0];
    body.textContent = "";
    const before = viewed > 0 ? steps[viewed - 1].state.balances : null;
    const stakes = (step.state.table && step.state.table.stakes) || {};
    Object.keys(step.state.balances).forEach(function (name) {
      const balance = step.state.balances[name];
      const change = before && before[name] !== undefined ? balance - before[name] : 0;
      let text = String(balance) + (change ? " (" + signed(change) + ")" : "");
      if (stakes[name]) text += " · " + word("play.stakes") + " " + stakes[name];
      const tr = node("tr");
      tr.append(node("th", name, { scope: "row" }), node("td", text));
      body.append(tr);
    });
    if (step.state.bank) {
      const tr = node("tr");
      tr.append(node("th", word("steps.bank"), { scope: "row" }), node("td", step.state.bank.amount));
      body.append(tr);
    }
  }

  function signed(n) { return (n > 0 ? "+" : n < 0 ? "−" : "") + Math.abs(n); }

  // Every sentence of the session, oldest first (the viewer above steps through them).
  function drawJournal() {
    el.journal.textContent = "";
    steps.forEach(function (step) { el.journal.append(node("li", step.text)); });
    markJournal();
  }

  function ledgerRows(state) {
    const players = Object.keys(state.balances);
    const head = [word("play.ledger.deal"), word("play.ledger.banker"), word("play.ledger.bank"),
      word("play.ledger.cards"), word("play.ledger.winner")].concat(players);
    const rows = state.deals.map(function (deal, i) {
      const cards = [deal.bank_card, deal.players_card].concat(deal.exposed);
      const winner = word("play.winner." + deal.winner) + (deal.opening_pair ? " (" + word("play.opening_pair") + ")" : "");
      return {
        cells: [i + 1, deal.banker, deal.bank, cards, winner].concat(players.map(function (p) { return deal.change[p] || 0; })),
      };
    });
    return { head: head, rows: rows };
  }

  function drawLedger(state) {
    const ledger = ledgerRows(state);
    const thead = el.ledger.tHead;
    const body = el.ledger.tBodies[0];
    thead.textContent = "";
    body.textContent = "";
    const hr = node("tr");
    ledger.head.forEach(function (text) { hr.append(node("th", text, { scope: "col" })); });
    thead.append(hr);
    ledger.rows.forEach(function (row) {
      const tr = node("tr");
      row.cells.forEach(function (cell, k) {
        if (k === 3) {
          const td = node("td");
          cell.forEach(function (c, j) {
            const red = /[HD]$/.test(c);
            td.append(node("span", card(c), { class: "lq-cardtext " + (red ? "lq-red" : "lq-black") }));
            if (j === 1 && cell.length > 2) td.append(document.createTextNode(" · "));
            else if (j < cell.length - 1) td.append(document.createTextNode(" "));
          });
          tr.append(td);
        } else if (k > 4) {
          tr.append(node("td", cell ? signed(cell) : "0"));
        } else {
          tr.append(node(k === 0 ? "th" : "td", cell, k === 0 ? { scope: "row" } : null));
        }
      });
      body.append(tr);
    });
    el.ledger.hidden = !ledger.rows.length;
    el.ledgerEmpty.hidden = !!ledger.rows.length;
  }

  // --- exports ------------------------------------------------------------------------

  function download(text, type, name) {
    const url = URL.createObjectURL(new Blob([text], { type: type }));
    const link = node("a", null, { href: url, download: name });
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
  }

  function csvCell(value) {
    let text = String(value);
    if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = "'" + text; // no formulas
    return /[",\n\r;]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
  }

  function exportCsv() {
    if (!steps.length) return;
    const ledger = ledgerRows(last());
    const lines = [ledger.head].concat(ledger.rows.map(function (row) {
      return row.cells.map(function (cell, k) { return k === 3 ? cell.join(" ") : cell; });
    }));
    const text = lines.map(function (line) { return line.map(csvCell).join(","); }).join("\r\n") + "\r\n";
    download("\ufeff" + text, "text/csv;charset=utf-8", word("play.file_name") + ".csv");
  }

  function exportJson() {
    if (!table) return;
    download(JSON.stringify(scenario(), null, 2) + "\n", "application/json", word("play.file_name") + ".json");
  }

  // --- the address: the scenario in the fragment, and the language switcher ----------

  function encode(data) {
    const bytes = new TextEncoder().encode(JSON.stringify(data));
    let binary = "";
    bytes.forEach(function (b) { binary += String.fromCharCode(b); });
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function decode(text) {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error("not base64url");
    let b64 = text.replace(/-/g, "+").replace(/_/g, "/");
    while (b64.length % 4) b64 += "=";
    const bytes = Uint8Array.from(atob(b64), function (c) { return c.charCodeAt(0); });
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  }

  function hashScenario() {
    const hash = location.hash.slice(1);
    return hash.indexOf(HASH_KEY) === 0 ? hash.slice(HASH_KEY.length) : null;
  }

  function writeHash(link) {
    const hash = table ? "#" + HASH_KEY + (link || encode(scenario())) : "";
    history.replaceState(null, "", location.pathname + location.search + hash);
    el.permalink.href = hash || "#";
    updateSwitcher();
  }

  // The language switcher goes to this page's twin: carry the session along.
  function updateSwitcher() {
    const hash = hashScenario() !== null ? location.hash : "";
    document.querySelectorAll("a[hreflang], a.md-select__link").forEach(function (link) {
      if (!link.dataset.lqHref) link.dataset.lqHref = link.getAttribute("href").split("#")[0];
      link.setAttribute("href", link.dataset.lqHref + hash);
    });
  }

  // Open the session a link holds; a link that holds none gets a message and a fresh table.
  function openLink() {
    const text = hashScenario();
    if (text === null) return false;
    if (steps.length && location.hash === el.permalink.getAttribute("href")) return true; // our own address
    let data;
    try {
      data = decode(text);
      if (!data || typeof data !== "object" || Array.isArray(data) || !Array.isArray(data.actions)) throw new Error("shape");
    } catch (error) {
      badLink();
      return true;
    }
    el.setup.hidden = true; // the form is in the page's HTML: not while the link's session opens
    run(ask(data, 0), function (reply) {
      if (reply.error) { badLink(); return; }
      table = Object.assign({}, data);
      delete table.actions;
      actions = data.actions.slice();
      accept(reply, 0, text);
      show(el.linkError, "");
      showGame(false);
    }, el.linkError);
    return true;
  }

  function badLink() {
    table = null; actions = []; steps = []; toAct = null;
    writeHash();
    resetForm(null);
    show(el.linkError, word("play.bad_link"));
    el.game.hidden = true;
    el.setup.hidden = false;
  }

  // --- wiring -------------------------------------------------------------------------

  onProgress(function (status, detail) {
    el.status.dataset.status = status;
    el.progress.value = STAGES[status] || 0;
    el.progress.hidden = status === "ready" || status === "failed";
    if (status === "failed") {
      el.status.textContent = word("play.loading.failed", { detail: detail || "" });
      el.status.classList.add("lq-refusal");
    } else {
      el.status.textContent = word("play.loading." + status);
    }
  });
  start(); // Python starts at once on this page, while the reader sets up the table

  el.setup.querySelector('[type="submit"]').disabled = false; // the page's HTML keeps it off until now

  el.setup.addEventListener("submit", startSession);
  el.names.addEventListener("input", fillBankers);
  el.turn.addEventListener("submit", function (event) {
    event.preventDefault(); // Enter in the amount field: the move that takes an amount
    const first = el.moves.querySelector('[data-move="bank"], [data-move="stake"]');
    if (first) play(first.dataset.move);
  });
  el.amount.addEventListener("input", function () { el.amount.removeAttribute("aria-invalid"); });

  const actions_ = {
    "add-player": function () {
      const taken = nameInputs().map(function (input) { return input.value; });
      const fresh = defaultNames.find(function (n) { return taken.indexOf(n) < 0; }) || "";
      addName(fresh).focus();
    },
    "remove-player": function (button) {
      const row = button.closest("li");
      const next = row.nextElementSibling || row.previousElementSibling;
      row.remove();
      renumber();
      (next ? next.querySelector("input") : root.querySelector('[data-act="add-player"]')).focus();
    },
    undo: undo,
    "new-table": newTable,
    "end": endSession,
    "export-json": exportJson,
    "export-csv": exportCsv,
  };
  root.addEventListener("click", function (event) {
    const target = event.target.closest("[data-act], [data-go], [data-move]");
    if (!target) return;
    if (target.dataset.act) actions_[target.dataset.act](target);
    else if (!steps.length) return;
    else if (target.dataset.move) play(target.dataset.move);
    else goTo(target.dataset.go);
  });
  el.view.addEventListener("keydown", function (event) {
    const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
    if (!keys[event.key] || event.altKey || event.ctrlKey || event.metaKey || !steps.length) return;
    event.preventDefault();
    goTo(keys[event.key]);
  });
  window.addEventListener("hashchange", function () {
    updateSwitcher();
    openLink();
  });

  function goTo(go) {
    const total = steps.length;
    viewed = { first: 0, previous: viewed - 1, next: viewed + 1, last: total - 1 }[go];
    viewed = Math.max(0, Math.min(total - 1, viewed));
    drawView();
    markJournal();
    const active = document.activeElement;
    if (active && active.disabled) el.view.focus();
  }

  function markJournal() {
    Array.from(el.journal.children).forEach(function (item, i) {
      if (i !== viewed) { item.removeAttribute("aria-current"); return; }
      item.setAttribute("aria-current", "step");
      // Scroll the journal (not the page) to the sentence of the step shown.
      const box = el.journal;
      if (item.offsetTop < box.scrollTop || item.offsetTop + item.offsetHeight > box.scrollTop + box.clientHeight) {
        box.scrollTop = item.offsetTop - box.clientHeight / 2;
      }
    });
  }

  el.view.tabIndex = 0;
  root.setAttribute("aria-busy", "false");
  if (!openLink()) {
    resetForm(null);
    el.setup.hidden = false;
  }
  updateSwitcher();
}

function init() {
  const root = document.getElementById("lq-play");
  if (root) setup(root);
}

if (typeof document$ !== "undefined") document$.subscribe(init);
else init();
