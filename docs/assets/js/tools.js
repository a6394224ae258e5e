// The table's tools: the quick game, undo, "time is up", a new table and the exports
// (the scenario as JSON, the ledger as CSV). Each asks the engine's worker and shows
// its answer; none decides a rule. While the engine works they are off, and undo and
// "time is up" are off when they cannot apply.
//
//   const tools = tableTools(table);  // table: the play page's parts (play.js)
//   tools.acts["undo"]();             // what a [data-act] button does
//   tools.refresh(position);          // which tools apply after an engine position
//   tools.enable(busy);               // all off while the engine works
import { quickGame } from "./computer.js";
import { download } from "./ledger.js";
import { problem } from "./session.js";
import { show } from "./words.js";

export function tableTools(table) {
  const el = table.el;
  const word = table.word;
  const session = table.session;
  const record = table.record;

  // Found once (the page's HTML has them all): a search of the page at every move would
  // go through the whole journal and ledger.
  const buttons = table.root.querySelectorAll(".lq-tools [data-act]");
  function button(act) { return table.root.querySelector('.lq-tools [data-act="' + act + '"]'); }
  const undoButton = button("undo");
  const endButton = button("end");

  function enable(busy) {
    buttons.forEach(function (b) { b.disabled = busy || b.dataset.off === "yes"; });
  }

  function refresh(position) {
    undoButton.dataset.off = record.undoable ? "no" : "yes";
    endButton.dataset.off = position.to_act ? "no" : "yes";
    enable(session.busy);
  }

  // "Partie rapide" / "Quick game": the reader and three computer players, at once.
  function quick() {
    if (session.busy) return;
    const data = quickGame(word);
    show(el.linkError, "");
    table.run(session.open(data), function (reply) {
      if (reply.error) { show(el.setupRefusal, problem(reply, word)); return; }
      table.newGame(data, reply);
      table.links.remember(true);
      table.focusTurn(); // the first control of the first decision (or the feed)
    }, el.setupRefusal);
  }

  // Back to the reader's own move: a computer player's moves are undone with it.
  function undo() {
    if (session.busy || !record.undoable) return;
    table.run(session.undo(), function (reply) {
      if (reply.error) { show(el.moveRefusal, problem(reply, word)); return; }
      record.undone(reply.undone);
      if (table.computer.isComputer(reply.to_act) && record.actions) { undo(); return; }
      table.accept(reply);
      table.links.remember(false);
      el.announce.textContent = reply.step.text;
      if (!record.actions) table.focusTurn();
    }, el.moveRefusal);
  }

  // "Time is up" (R-P4): the engine gives back the unplayed stakes and the bank and
  // ranks the players. Undo takes it back.
  function end() {
    if (session.busy || !table.turn.current) return;
    table.run(session.end(), function (reply) {
      if (reply.error) { show(el.moveRefusal, problem(reply, word)); return; }
      record.end();
      table.accept(reply);
      table.links.remember(false);
      el.announce.textContent = reply.texts.join(" ");
      table.focusTurn();
    }, el.moveRefusal);
  }

  // A new table is a new history entry: Back returns to the game, nothing is lost.
  function newTable() {
    if (session.busy) return;
    const shown = record.table;
    if (shown) table.links.leave();
    table.showForm(shown);
    el.setup.querySelector("input").focus();
  }

  function exportJson() {
    if (!record.table) return;
    download(JSON.stringify(record.scenario(), null, 2) + "\n", "application/json", word("play.file_name") + ".json");
  }

  function exportCsv() {
    if (!record.table) return;
    download("\ufeff" + table.ledger.csv(), "text/csv;charset=utf-8", word("play.file_name") + ".csv");
  }

  return {
    acts: { quick: quick, undo: undo, end: end, "new-table": newTable, "export-json": exportJson, "export-csv": exportCsv },
    enable: enable, refresh: refresh,
  };
}
