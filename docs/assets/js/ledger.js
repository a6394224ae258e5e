// @ts-check
// The ledger of played deals and the exports (JSON scenario, CSV ledger). Rows are the
// engine's (lansquenet/view.py ``ledger_row``): cards as seen with their colour, each
// change with its sign. The ledger grows by the rows each answer brings, and shrinks
// to the engine's count of deals on undo: it is never rebuilt from the whole game. Its
// rows are drawn only while it is shown (its tab, screen.js): a long game opens without
// laying out thousands of rows nobody looks at. An opened game's rows come after it, a
// piece at a time (``more``).
import { node } from "./page.js";

/**
 * @param {Page.Elements} el
 * @param {Page.Word} word
 */
export function ledgerView(el, word) {
  /** @type {string[]} */
  let players = [];
  /** @type {Bridge.LedgerRow[]} */
  let rows = [];
  let shownNow = false; // the ledger's tab is selected
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

  function shown() {
    el.ledger.hidden = !rows.length;
    el.ledgerEmpty.hidden = !!rows.length;
  }

  // The rows drawn: as many as the engine's deals while shown, none added while hidden.
  function draw() {
    const body = el.ledger.tBodies[0];
    while (body.rows.length > rows.length) body.deleteRow(-1);
    if (!shownNow) return;
    const fragment = document.createDocumentFragment();
    for (let i = body.rows.length; i < rows.length; i++) fragment.append(line(rows[i]));
    body.append(fragment);
  }

  // A new game: its players, no deal yet.
  /** @param {string[]} names */
  function reset(names) {
    players = names.slice();
    rows = [];
    const hr = node("tr");
    head().forEach(function (text) { hr.append(node("th", text, { scope: "col" })); });
    el.ledger.createTHead().replaceChildren(hr); // the template's own head
    el.ledger.tBodies[0].textContent = "";
    shown();
  }

  // Keep the first ``deals`` rows, then add ``more`` (the engine's new rows).
  /**
   * @param {number} deals
   * @param {Bridge.LedgerRow[]} more
   */
  function update(deals, more) {
    rows.length = Math.min(rows.length, deals);
    more.forEach(function (row) { rows.push(row); });
    draw();
    shown();
  }

  // The rows after those the page has (the worker's ``ledger`` answer for an opened game).
  /**
   * @param {number} from
   * @param {Bridge.LedgerRow[]} added
   */
  function more(from, added) {
    if (from !== rows.length) return; // not the piece the page waits for
    added.forEach(function (row) { rows.push(row); });
    draw();
    shown();
  }

  function csv() {
    /** @type {(string | number)[][]} */
    const lines = [/** @type {(string | number)[]} */ (head())].concat(rows.map(function (row) {
      const cards = row.cards.map(function (card) { return card.text; }).join(" ");
      return [row.number, row.banker, row.bank, cards, winner(row)].concat(players.map(function (p) {
        return row.change[p] || 0;
      }));
    }));
    return lines.map(function (cells) { return cells.map(csvCell).join(","); }).join("\r\n") + "\r\n";
  }

  return {
    reset: reset, update: update, more: more, csv: csv,
    show: function (/** @type {boolean} */ on) { shownNow = on; draw(); },
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
