// @ts-check
// The class votes, then the odds (issue 33 item 3): at a decision of a projected view (the
// play page's moves, a lesson's choices that are moves), its choices shown as large
// lettered choices (A, B, C…) with their odds hidden, and so are the odds beside the
// moves (projector.css); R (or the button) reveals each move's odds, the engine's words:
// the fraction and the percentage ("8 in 17, 47%"). Where the view says how a choice is
// played (``choose``), each lettered move is a button for it: the teacher plays the class's
// choice from the projected table. Its words are the page's (#lq-words). The projector view
// (projector.js) mounts it on the view it shows, with the view's own choices, and draws it
// again when the view says its decision changed. Each choice that is a move says which
// (``data-vote-move``), and the view hears "lq:voted" when the vote is drawn anew: the play
// page's decision (decision.js) puts the amounts of the move that takes one beside it.
//
//   const vote = mountVote(box, function () { return movesOf(decision); }, word, choose);
//   vote.draw();      // the decision now (the same buttons: left as it is, revealed or not)
//   vote.reveal();    // the odds shown; false when there is no vote
//   vote.drop();      // gone, the buttons' letters too
import { node } from "./page.js";

const LETTERS = "ABCDEFGHIJ";

/** @param {Element} element */
function shown(element) { return element.getClientRects().length > 0; }

// A decision's choices: the buttons of the first group shown in ``root`` that holds a move
// with its odds (odds-view.js's .lq-move), each one as a button or within its .lq-move.
/**
 * @param {HTMLElement} root
 * @returns {HTMLElement[]}
 */
export function movesOf(root) {
  const move = Array.from(root.querySelectorAll(".lq-move")).find(shown);
  if (!move || !move.parentElement) return [];
  const group = move.parentElement.querySelectorAll(":scope > button, :scope > .lq-move > button");
  const moves = Array.from(group).filter(shown);
  return moves.length >= 2 ? moves : []; // a vote needs two moves to choose from
}

/** @param {HTMLElement[]} buttons @param {boolean} on */
function letter(buttons, on) {
  buttons.forEach(function (button, i) {
    if (on) button.dataset.voteLetter = LETTERS[i] || String(i + 1);
    else delete button.dataset.voteLetter;
  });
}

/**
 * @param {HTMLElement} box the projected view, which holds the vote's panel
 * @param {() => HTMLElement[]} choices its decision's buttons now
 * @param {Page.Word} word the page's words
 * @param {(choice: HTMLElement) => void} [choose] how the view plays one of them (none: shown only)
 */
export function mountVote(box, choices, word, choose) {
  /** @type {HTMLElement[]} */
  let voted = []; // the choices the vote shows
  /** @type {HTMLElement | null} */
  let panel = null;

  // Each of the decision's buttons carries its letter too (``data-vote-letter``): where
  // they are on the screen (a lesson's choices), projector.css letters them in place.
  function draw() {
    const moves = choices();
    const same = moves.length === voted.length && moves.every(function (move, i) { return move === voted[i]; });
    if (panel && same) return;
    letter(voted, false);
    voted = moves;
    letter(moves, true);
    if (!moves.length) { if (panel) panel.remove(); panel = null; return; }
    if (!panel) {
      panel = node("div", null, { class: "lq-vote" });
      box.append(panel);
    }
    panel.replaceChildren();
    panel.dataset.revealed = "no";
    const head = node("p", word("play.vote.title"), { class: "lq-vote-title" });
    panel.append(head);
    const list = node("ol", null, { class: "lq-vote-choices" });
    moves.forEach(function (button, i) {
      const item = node("li");
      if (button.dataset.move) item.dataset.voteMove = button.dataset.move; // the move's own amounts join it (decision.js)
      // The move itself, for the teacher at the projected table: played through the view's
      // own ``choose`` (it sends the move; the engine decides what it does).
      const move = choose
        ? node("button", button.textContent, { class: "lq-vote-move", type: "button" })
        : node("span", button.textContent, { class: "lq-vote-move" });
      if (choose) move.addEventListener("click", function () { choose(button); });
      item.append(node("span", LETTERS[i] || String(i + 1), { class: "lq-vote-letter" }), move);
      // Its odds: the engine's short line; none for a choice the rules do not offer here.
      const holder = button.parentElement && button.parentElement.matches(".lq-move") ? button.parentElement : null;
      const short = holder && holder.querySelector(".lq-odds-short");
      if (holder) {
        const odds = node("span", short ? short.textContent : word("play.odds.nothing"), { class: "lq-vote-odds" });
        odds.hidden = true;
        item.append(odds);
      }
      list.append(item);
    });
    const reveal = node("button", word("play.vote.reveal"), { class: "md-button lq-vote-reveal", type: "button", "data-action": "reveal-odds" });
    reveal.addEventListener("click", revealOdds);
    head.append(" ", reveal); // beside the title: the choices stay above the step buttons' bar
    panel.append(list);
    box.dispatchEvent(new CustomEvent("lq:voted")); // drawn anew (decision.js adds a move's amounts)
  }

  function revealOdds() {
    if (!panel) return false;
    panel.dataset.revealed = "yes";
    panel.querySelectorAll(".lq-vote-odds").forEach(function (odds) { odds.hidden = false; });
    const reveal = /** @type {HTMLElement | null} */ (panel.querySelector(".lq-vote-reveal"));
    if (!reveal) return true;
    const focused = reveal === document.activeElement;
    reveal.hidden = true;
    // Its button pressed from the keyboard: the focus goes to what it revealed, not lost.
    const list = /** @type {HTMLElement | null} */ (panel.querySelector(".lq-vote-choices"));
    if (focused && list) { list.tabIndex = -1; list.focus(); }
    return true;
  }

  function drop() {
    letter(voted, false);
    voted = [];
    if (panel) panel.remove();
    panel = null;
  }

  return { draw: draw, reveal: revealOdds, drop: drop };
}
