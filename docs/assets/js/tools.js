// @ts-check
// The table's tools: the quick game, undo, "time is up", a new table and the exports
// (the scenario as JSON, as the worker's session holds it; the ledger as CSV). Each
// asks the engine's worker and shows its answer; none decides a rule. While the engine
// works they are off, and undo and "time is up" are off when they cannot apply (the
// engine's position says so).
//
//   const tools = tableTools(table);  // table: the play page's parts (play.js)
//   tools.acts["undo"]();             // what a [data-act] button does
//   tools.refresh(position);          // which tools apply after an engine position
//   tools.enable(busy);               // all off while the engine works
import { download } from "./ledger.js";
import { problem } from "./session.js";
import { announce, required, show } from "./page.js";

/** @param {Page.Table} table */
export function tableTools(table) {
  const el = table.el;
  const word = table.word;
  const session = table.session;

  // Found once (the page's HTML has them all): a search of the page at every move would
  // go through the whole journal and ledger.
  const buttons = /** @type {NodeListOf<HTMLButtonElement>} */ (table.root.querySelectorAll(".lq-tools [data-act]"));
  /** @param {string} act */
  function button(act) { return required(table.root, '.lq-tools [data-act="' + act + '"]'); }
  const undoButton = button("undo");
  const endButton = button("end");

  /** @param {boolean} busy */
  function enable(busy) {
    buttons.forEach(function (b) { b.disabled = busy || b.dataset.off === "yes"; });
  }

  /** @param {Bridge.Position} position */
  function refresh(position) {
    undoButton.dataset.off = position.undo ? "no" : "yes";
    endButton.dataset.off = position.step.state.to_act ? "no" : "yes";
    enable(session.busy);
  }

  // "Partie rapide" / "Quick game": the reader and three computer players, at once;
  // the engine draws the first banker, the reader's seat and the temperaments (seeded:
  // the link replays it), under the rules the form shows (rules-choice.js). ``button.dataset.deals``: 3, 6 (the default) or 10.
  /** @param {HTMLElement} [button] */
  function quick(button) {
    if (session.busy) return;
    show(el.linkError, "");
    table.form.rules.offer(false);
    table.run(session.quick(Number((button && button.dataset.deals) || 6), [], table.form.rules.read()), function (reply) {
      if (reply.error) { show(el.setupRefusal, problem(reply, word)); return; }
      table.links.opened(reply, true);
      table.newGame(reply);
      table.focusTurn(); // the first control of the first decision (or the feed)
    }, el.setupRefusal);
  }

  // Back to the reader's own move, the computer players' moves since with it: one
  // request (a table of the reader's own: one action).
  function undo() {
    if (session.busy) return;
    table.run(session.undo(table.readers), function (reply) {
      if (reply.error) { show(el.moveRefusal, problem(reply, word)); return; }
      table.accept(reply);
      announce(el.announce, reply.step.text);
      if (!reply.actions) table.focusTurn();
    }, el.moveRefusal);
  }

  // "Time is up" (R-P4): the engine gives back the unplayed stakes and the bank and
  // ranks the players. Undo takes it back.
  function end() {
    if (session.busy || !table.turn.current) return;
    table.run(session.end(), function (reply) {
      if (reply.error) { show(el.moveRefusal, problem(reply, word)); return; }
      table.accept(reply);
      announce(el.announce, reply.texts.concat([reply.step.text]).join(" "));
      table.focusTurn();
    }, el.moveRefusal);
  }

  // A new table is a new history entry: Back returns to the game, nothing is lost.
  function newTable() {
    if (session.busy) return;
    const shown = table.links.table;
    if (shown) table.links.leave();
    table.showForm(shown);
    required(el.setup, "input").focus();
  }

  // The game as the worker's session holds it (lansquenet.Session.scenario).
  function exportJson() {
    if (!table.links.table) return;
    session.scenario().then(function (reply) {
      if (reply.error) { show(el.moveRefusal, problem(reply, word)); return; }
      download(JSON.stringify(reply.scenario, null, 2) + "\n", "application/json", word("play.file_name") + ".json");
    }, function () { /* the loading failure is already on the page */ });
  }

  // The ledger as CSV, once every row has come (an opened game's are asked for then).
  function exportCsv() {
    if (!table.links.table) return;
    table.ledger.complete().then(function () {
      download("\ufeff" + table.ledger.csv(), "text/csv;charset=utf-8", word("play.file_name") + ".csv");
    });
  }

  return {
    acts: { quick: quick, "quick-deals": quick, undo: undo, end: end, "new-table": newTable, "export-json": exportJson, "export-csv": exportCsv },
    enable: enable, refresh: refresh,
  };
}
