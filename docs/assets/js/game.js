// The game as the page records it: the scenario's table and the actions played so far
// (a scenario of CONFORMANCE.md), what the permalink and the JSON export hold. The
// engine's worker keeps the same game as a lansquenet.Session and judges every action;
// this record only follows what the engine accepted.
//
//   const record = gameRecord();
//   record.open(scenario, reply);   // the engine opened it (``reply.actions`` kept)
//   record.played(action); record.end(); record.undone(reply.undone);
//   record.scenario();              // {players, ..., actions, ended?}
//   record.link();                  // the same as the permalink's text, kept up to date
//                                   // action by action (permalink.js gameLink)
import { gameLink } from "./permalink.js";

export function gameRecord() {
  let base = null; // the scenario's table: no actions, no "ended"; null with no game
  let actions = [];
  let ended = false;
  let link = null;

  // A game the engine opened: its table, and the actions it kept (all of them, or
  // those before a refused one).
  function open(data, reply) {
    base = Object.assign({}, data);
    delete base.actions;
    delete base.ended;
    actions = data.actions.slice(0, reply.actions);
    ended = reply.ended;
    link = gameLink(base);
    actions.forEach(link.push);
  }

  function clear() {
    base = null;
    actions = [];
    ended = false;
    link = null;
  }

  // The engine took back ``undone``: an action, or the end of the game (no ``by``).
  function undone(what) {
    if (what.by === undefined) ended = false;
    else { actions.pop(); link.pop(); }
  }

  function scenario() {
    const data = Object.assign({}, base, { actions: actions.slice() });
    if (ended) data.ended = true;
    return data;
  }

  return {
    open: open, clear: clear, undone: undone, scenario: scenario,
    link: function () { return link ? link.text(ended) : ""; },
    played: function (action) { actions.push(action); link.push(action); },
    end: function () { ended = true; },
    get table() { return base; },
    get actions() { return actions.length; }, // how many
    get undoable() { return actions.length > 0 || ended; },
  };
}
