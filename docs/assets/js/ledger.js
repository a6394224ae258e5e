// @ts-check
// The ledger of played deals and the exports (JSON scenario, CSV ledger). Rows are the
// engine's (lansquenet/view.py ``ledger_row``): cards as seen with their colour, each
// change with its sign. The ledger grows by the rows each answer brings, and shrinks
// to the engine's count of deals on undo: it is never rebuilt from the whole game. Its
// rows are drawn only while it is shown (its tab, screen.js): a long game opens without
// laying out thousands of rows nobody looks at. An opened game's rows are asked for when
// the ledger is first shown (the worker's ``ledger`` op, a piece at a time, the table
// never busy for them) and kept by their deal's index: a move made before they come
// adds its own row at its place, a piece fills the rows it was asked for (answers come
// in the order asked: a piece speaks of the game the page holds when it comes). Rows
// are drawn in order, up to the first still on its way; the table says it is busy
// (aria-busy) while rows are on their way, and the CSV export waits for them.
import { node } from "./page.js";

const PIECE = 250; // ledger rows per request

/**
 * @param {Page.Elements} el
 * @param {Page.Word} word
 * @param {Page.Session} session
 * @param {(reason: any) => void} failed a piece that cannot come: said on the page
 */
export function ledgerView(el, word, session, failed) {
  /** @type {string[]} */
  let players = [];
  /** @type {(Bridge.LedgerRow | undefined)[]} */
  let rows = []; // by deal index, as many as the engine's deals; a row on its way is a hole
  let shownNow = false; // the ledger's tab is selected
  /** @type {object | null} */
  let asking = null; // the piece on its way (one at a time), or none
  /** @type {(() => void)[]} */
  let waiting = []; // told once every row has come (the CSV export)
  function head() {
    return [word("play.ledger.deal"), word("play.ledger.banker"), word("play.ledger.bank"),
      word("play.ledger.cards"), word("play.ledger.winner")].concat(players);
  }

  /** @param {Bridge.LedgerRow} row */
  function winner(row) {
    return word("play.winner." + row.winner) + (row.opening_pair ? " (" + word("play.opening_pair") + ")" : "");
  }

  /** @param {Bridge.LedgerRow} row */
  function line(row) {
    const tr = node("tr");
    tr.append(node("th", row.number, { scope: "row" }), node("td", row.banker), node("td", row.bank));
    const td = node("td");
    row.cards.forEach(function (card, j) {
      if (j === 2) td.append(document.createTextNode(" · "));
      else if (j) td.append(document.createTextNode(" "));
      td.append(node("span", card.text, { class: "lq-cardtext lq-" + card.colour }));
    });
    tr.append(td, node("td", winner(row)));
    players.forEach(function (p) { tr.append(node("td", row.changes[p])); });
    return tr;
  }

  // The first deal whose row the page does not have (rows.length: none).
  function hole() {
    const body = el.ledger.tBodies[0];
    let i = shownNow ? Math.min(body.rows.length, rows.length) : 0; // the rows drawn are here
    while (i < rows.length && rows[i]) i++;
    return i;
  }

  function shown() {
    el.ledger.hidden = !rows.length;
    el.ledgerEmpty.hidden = !!rows.length;
  }

  // The rows drawn: as many as the engine's deals while shown (up to the first on its
  // way), none added while hidden.
  function draw() {
    const body = el.ledger.tBodies[0];
    while (body.rows.length > rows.length) body.deleteRow(-1);
    if (!shownNow) return;
    const fragment = document.createDocumentFragment();
    for (let i = body.rows.length; i < rows.length; i++) {
      const row = rows[i];
      if (!row) break;
      fragment.append(line(row));
    }
    body.append(fragment);
  }

  // Every row come: the table no longer busy, the CSV told. Else the next piece asked
  // for (when shown, or for the export), from the first row missing.
  function want() {
    const first = hole();
    if (first >= rows.length) {
      el.ledger.removeAttribute("aria-busy");
      const told = waiting;
      waiting = [];
      told.forEach(function (then) { then(); });
      return;
    }
    if (!shownNow && !waiting.length) return;
    el.ledger.setAttribute("aria-busy", "true");
    if (asking) return;
    const piece = asking = {};
    session.ledger(first, Math.min(rows.length, first + PIECE)).then(function (answer) {
      if (asking !== piece) return; // another game since
      asking = null;
      if (answer.error) { failed(answer); return; }
      if (answer.deals !== rows.length) { want(); return; } // not the game as shown: asked again
      answer.ledger.forEach(function (row, i) { if (first + i < rows.length) rows[first + i] = row; });
      draw();
      if (answer.ledger.length) want();
    }, function (/** @type {any} */ reason) {
      if (asking !== piece) return;
      asking = null;
      failed(reason);
    });
  }

  // A new game: its players, no deal yet.
  /** @param {string[]} names */
  function reset(names) {
    players = names.slice();
    rows = [];
    asking = null;
    waiting = [];
    const hr = node("tr");
    head().forEach(function (text) { hr.append(node("th", text, { scope: "col" })); });
    el.ledger.createTHead().replaceChildren(hr); // the template's own head
    el.ledger.tBodies[0].textContent = "";
    el.ledger.removeAttribute("aria-busy");
    shown();
  }

  // The engine's ``deals`` now, the last of them ``more`` (the rows a position brings:
  // none for an opened game, whose earlier rows are holes until asked for).
  /**
   * @param {number} deals
   * @param {Bridge.LedgerRow[]} more
   */
  function update(deals, more) {
    rows.length = deals - more.length;
    more.forEach(function (row) { rows.push(row); });
    draw();
    shown();
    if (shownNow || waiting.length) want();
  }

  // Every row, once they have all come (the CSV export).
  /** @returns {Promise<void>} */
  function complete() {
    return new Promise(function (done) {
      waiting.push(done);
      want();
    });
  }

  function csv() {
    /** @type {(string | number)[][]} */
    const lines = [/** @type {(string | number)[]} */ (head())].concat(rows.map(function (row) {
      if (!row) return [];
      const cards = row.cards.map(function (card) { return card.text; }).join(" ");
      return [row.number, row.banker, row.bank, cards, winner(row)].concat(players.map(function (p) {
        return row.change[p] || 0;
      }));
    }));
    return lines.map(function (cells) { return cells.map(csvCell).join(","); }).join("\r\n") + "\r\n";
  }

  return {
    reset: reset, update: update, complete: complete, csv: csv,
    show: function (/** @type {boolean} */ on) { shownNow = on; draw(); if (on) want(); },
  };
}

/** @param {string | number} value */
function csvCell(value) {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = "'" + text; // no formulas
  return /[",\n\r;]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
}

// Hand the reader a file.
/**
 * @param {string} text
 * @param {string} type
 * @param {string} name
 */
export function download(text, type, name) {
  const url = URL.createObjectURL(new Blob([text], { type: type }));
  const link = node("a", null, { href: url, download: name });
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
}
