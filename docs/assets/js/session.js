// The session client: the play page's one conversation with the engine's worker
// (engine.js -> engine-worker.mjs -> lansquenet.web.handle). The worker keeps the game
// (a lansquenet.Session); the page sends one action per move, never the scenario again.
//
//   const session = sessionClient("fr", function (busy) { ... });
//   session.open(scenario)  -> a position, with ``refused`` if an action was refused
//   session.move(action)    -> a position with the new steps' sentences, or {error}
//   session.undo(), session.end(), session.steps(from, to), session.ledger(from)
//   session.bot()           -> a computer player's move: a position with ``bot``
//
// What a position holds is said in lansquenet/web.py. Requests go one at a time, in
// the order they were made: none is ever dropped. ``onBusy(true)`` is called while a
// request that changes the game (open, move, undo, end) is on its way, ``onBusy(false)``
// once none is; asking for steps to show is quiet.
import { call, onProgress } from "./engine.js";
import { STAGES } from "./words.js";

export function sessionClient(lang, onBusy) {
  let chain = Promise.resolve();
  let working = 0;

  function done() {
    working -= 1;
    if (!working) onBusy(false);
  }

  function send(request, quiet) {
    request.lang = lang;
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
    open: function (scenario) { return send({ op: "open", scenario: scenario }); },
    move: function (action) { return send({ op: "move", action: action }); },
    undo: function () { return send({ op: "undo" }); },
    end: function () { return send({ op: "end" }); },
    bot: function () { return send({ op: "bot" }); }, // the computer player to act moves
    steps: function (from, to) { return send({ op: "steps", from: from, to: to }, true); },
    ledger: function (from) { return send({ op: "ledger", from: from }, true); },
    get busy() { return working > 0; },
  };
}

// Python's loading, shown as it goes (a progress bar and a status line), or its failure.
export function showLoading(el, word) {
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
}
