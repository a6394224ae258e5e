// @ts-check
// The projector view: any element marked ``data-projector`` (a rule page's stepper,
// the play page's table, a lesson) fills the screen for a classroom, with large cards
// and large type (projector.css). A button ``[data-action="projector"]`` inside it, or
// the ``f`` key, opens it; Escape, or the same button, leaves it.
//
// The Fullscreen API where the browser gives it; else (or while it is refused) the same
// full-window layout over the page, which is all CSS. While it is open: ← → step, Space
// steps forward, Home and End go to the first and the last step, by pressing the
// container's own step buttons (``[data-go]``: the stepper's, the play page's); a
// container without them (a lesson) steps to the previous or the next container of the
// page. The rest of the page is ``inert`` meanwhile, so that Tab stays in the view.
// Nothing here knows a rule. Safe to run twice.
(function () {
  "use strict";

  /** @type {Record<string, string>} */
  const KEYS = { ArrowLeft: "previous", ArrowRight: "next", " ": "next", Home: "first", End: "last" };
  /** @type {{box: HTMLElement, inert: HTMLElement[], scroll: number, full?: boolean} | null} */
  let open = null; // { box, inert: [elements made inert], scroll, full: in full screen }

  function containers() {
    return Array.from(document.querySelectorAll("[data-projector]"));
  }

  /** @param {HTMLElement} box */
  function buttonOf(box) {
    return box.querySelector('[data-action="projector"]');
  }

  // Every element beside the way from ``box`` up to <body> stops taking focus or clicks.
  /**
   * @param {HTMLElement} box
   * @returns {HTMLElement[]}
   */
  function quiet(box) {
    /** @type {HTMLElement[]} */
    const made = [];
    for (let node = box; node && node !== document.body; node = node.parentElement) {
      const parent = node.parentElement;
      if (!parent) break;
      Array.from(/** @type {HTMLCollectionOf<HTMLElement>} */ (parent.children)).forEach(function (sibling) {
        if (sibling !== node && !sibling.inert && sibling.tagName !== "SCRIPT") {
          sibling.inert = true;
          made.push(sibling);
        }
      });
    }
    return made;
  }

  /** @param {HTMLElement} box */
  function enter(box) {
    const scroll = open ? open.scroll : window.scrollY;
    if (open) leave(false, true); // another container: full screen passes to it
    open = { box: box, inert: quiet(box), scroll: scroll };
    box.classList.add("lq-projecting");
    document.documentElement.classList.add("lq-projector-on");
    followVote(box);
    const button = buttonOf(box);
    if (button) button.setAttribute("aria-pressed", "true");
    if (!box.hasAttribute("tabindex")) box.tabIndex = -1;
    box.focus({ preventScroll: true });
    // A story that scrolls in the view (a lesson's) shows its latest lines, and takes the
    // keyboard's focus to scroll.
    box.querySelectorAll(".lq-story").forEach(function (story) {
      story.tabIndex = 0;
      story.scrollTop = story.scrollHeight;
    });
    if (box.requestFullscreen && document.fullscreenEnabled) {
      // Refused (no user gesture, a browser that forbids it): the full-window layout stays.
      // Left (Escape, the button) before the full screen came: it goes as it comes.
      const shown = open;
      box.requestFullscreen({ navigationUI: "hide" }).then(function () {
        shown.full = true;
        if (open !== shown && document.fullscreenElement === box) document.exitFullscreen().catch(function () {});
      }, function () {});
    }
  }

  /**
   * @param {boolean} [focus]
   * @param {boolean} [switching]
   */
  function leave(focus, switching) {
    if (!open) return;
    const box = open.box;
    const scroll = open.scroll;
    open.inert.forEach(function (node) { node.inert = false; });
    open = null;
    box.classList.remove("lq-projecting");
    dropVote(box);
    box.querySelectorAll(".lq-story").forEach(function (story) { story.removeAttribute("tabindex"); });
    document.documentElement.classList.remove("lq-projector-on");
    const button = buttonOf(box);
    if (button) button.setAttribute("aria-pressed", "false");
    if (switching) return;
    if (document.fullscreenElement) document.exitFullscreen().catch(function () {});
    window.scrollTo(0, scroll);
    box.scrollIntoView({ block: "nearest" }); // the one shown last, when the keys went on
    if (focus !== false) (button || box).focus({ preventScroll: true });
  }

  // The container the ``f`` key means: the one holding the focus, else the first one on
  // the screen, else the first of the page.
  /**
   * @param {EventTarget} target
   * @returns {HTMLElement | null}
   */
  function wanted(target) {
    const element = /** @type {Element} */ (target);
    const inside = element && element.closest && element.closest("[data-projector]");
    if (inside) return inside;
    const all = containers().filter(function (box) { return box.getClientRects().length; });
    const seen = all.find(function (box) {
      const r = box.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight;
    });
    return seen || all[0] || null;
  }

  /** @param {string} go */
  function step(go) {
    const box = open.box;
    const button = /** @type {HTMLButtonElement} */ (box.querySelector('[data-go="' + go + '"]'));
    if (box.querySelector("[data-go]")) {
      if (button && !button.disabled) button.click();
      return;
    }
    const all = containers();
    const at = all.indexOf(box);
    const next = /** @type {Record<string, number>} */ ({ first: 0, previous: at - 1, next: at + 1, last: all.length - 1 })[go];
    if (next >= 0 && next < all.length && next !== at) enter(all[next]);
  }

  // --- The class votes, then the odds (issue 33 item 3) ---------------------------------
  // Projected at a decision (the play page's moves, a lesson's choices that are moves),
  // its choices are shown as large lettered choices (A, B, C…) with their odds hidden,
  // and so are the odds beside the moves (projector.css); R (or the button) reveals each
  // move's odds, the engine's words: the fraction and the percentage ("8 in 17, 47%").
  // The words are the page's (#lq-words); a page without them shows no vote.
  const LETTERS = "ABCDEFGHIJ";
  /** @type {MutationObserver | null} */
  let voteWatch = null; // the MutationObserver following the decision while projected
  /** @type {HTMLElement[]} */
  let voted = []; // the choices the vote shows

  function pageWords() {
    const holder = document.getElementById("lq-words");
    try { return holder ? JSON.parse(holder.textContent) : null; } catch (error) { return null; }
  }

  // Where ``box``'s decision is: the element its ``data-vote`` names (the play page's
  // moves are in its action bar, outside its table), else the box itself.
  /** @param {HTMLElement} box */
  function decisionOf(box) {
    return box.dataset.vote ? document.getElementById(box.dataset.vote) : box;
  }

  /** @param {Element} element */
  function shown(element) { return element.getClientRects().length > 0; }

  // The decision's choices: the buttons of the first group shown that holds a move with
  // its odds (odds-view.js's .lq-move), each one as a button or within its .lq-move.
  /** @param {HTMLElement} box @returns {HTMLElement[]} */
  function voteMoves(box) {
    const root = decisionOf(box);
    const move = root && Array.from(root.querySelectorAll(".lq-move")).find(shown);
    if (!move) return [];
    const group = move.parentElement.querySelectorAll(":scope > button, :scope > .lq-move > button");
    const moves = /** @type {HTMLElement[]} */ (Array.from(group)).filter(shown);
    return moves.length >= 2 ? moves : []; // a vote needs two moves to choose from
  }

  /** @param {string} tag @param {string} text @param {string} [className] */
  function voteText(tag, text, className) {
    const made = document.createElement(tag);
    made.textContent = text;
    if (className) made.className = className;
    return made;
  }

  // Draws the vote of ``box``'s decision, its odds hidden until revealed; a decision
  // already drawn (the same buttons) is left as it is, revealed or not. Each of the
  // decision's buttons carries its letter too (``data-vote-letter``): where they are on
  // the screen (a lesson's choices), projector.css letters them in place.
  /** @param {HTMLElement} box */
  function drawVote(box) {
    const words = pageWords();
    let panel = box.querySelector(".lq-vote");
    const moves = words ? voteMoves(box) : [];
    const same = moves.length === voted.length && moves.every(function (move, i) { return move === voted[i]; });
    if (panel && same) return;
    letter(voted, false);
    voted = moves;
    letter(moves, true);
    if (!moves.length) { if (panel) panel.remove(); return; }
    if (!panel) {
      panel = document.createElement("div");
      panel.className = "lq-vote";
      box.append(panel);
    }
    panel.replaceChildren();
    panel.dataset.revealed = "no";
    const head = voteText("p", words["play.vote.title"], "lq-vote-title");
    panel.append(head);
    const list = document.createElement("ol");
    list.className = "lq-vote-choices";
    moves.forEach(function (button, i) {
      const item = document.createElement("li");
      item.append(voteText("span", LETTERS[i] || String(i + 1), "lq-vote-letter"), voteText("span", button.textContent, "lq-vote-move"));
      // Its odds: the engine's short line; none for a choice the rules do not offer here.
      const holder = button.parentElement.matches(".lq-move") ? button.parentElement : null;
      const short = holder && holder.querySelector(".lq-odds-short");
      if (holder) {
        const odds = voteText("span", short ? short.textContent : words["play.odds.nothing"], "lq-vote-odds");
        odds.hidden = true;
        item.append(odds);
      }
      list.append(item);
    });
    const reveal = /** @type {HTMLButtonElement} */ (voteText("button", words["play.vote.reveal"], "md-button lq-vote-reveal"));
    reveal.type = "button";
    reveal.dataset.action = "reveal-odds";
    head.append(" ", reveal); // beside the title: the choices stay above the step buttons' bar
    panel.append(list);
  }

  /** @param {HTMLElement[]} buttons @param {boolean} on */
  function letter(buttons, on) {
    buttons.forEach(function (button, i) {
      if (on) button.dataset.voteLetter = LETTERS[i] || String(i + 1);
      else delete button.dataset.voteLetter;
    });
  }

  /** @param {HTMLElement} box */
  function revealOdds(box) {
    const panel = box.querySelector(".lq-vote");
    if (!panel) return false;
    panel.dataset.revealed = "yes";
    panel.querySelectorAll(".lq-vote-odds").forEach(function (odds) { odds.hidden = false; });
    const reveal = panel.querySelector(".lq-vote-reveal");
    if (reveal) reveal.hidden = true;
    return true;
  }

  // While ``box`` is projected, its vote follows the decision (a move, a step, a lesson's
  // next question): redrawn when other choices are shown.
  /** @param {HTMLElement} box */
  function followVote(box) {
    if (voteWatch) voteWatch.disconnect();
    voteWatch = null;
    letter(voted, false);
    voted = [];
    const root = decisionOf(box);
    if (!root) return;
    drawVote(box);
    voteWatch = new MutationObserver(function () { drawVote(box); });
    voteWatch.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["class", "hidden"] });
  }

  /** @param {HTMLElement} box */
  function dropVote(box) {
    if (voteWatch) voteWatch.disconnect();
    voteWatch = null;
    letter(voted, false);
    voted = [];
    const panel = box.querySelector(".lq-vote");
    if (panel) panel.remove();
  }

  /** @param {any} target an event's target: an element, or the window */
  function typing(target) {
    return !!(target && target.closest && target.closest("input, textarea, select, [contenteditable]"));
  }

  // Space on a button or a link presses it (a lesson's choice), as everywhere.
  /** @param {any} target */
  function pressable(target) {
    return !!(target && target.closest && target.closest("button, a, summary"));
  }

  // Capture: before Material's own keys (its "f" opens search) and the steppers' own.
  window.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const f = event.key === "f" || event.key === "F";
    if (open) {
      if (event.key === "Escape") leave();
      else if (f && !typing(event.target)) leave();
      else if ((event.key === "r" || event.key === "R") && !typing(event.target) && revealOdds(open.box)) { /* revealed */ }
      else if (KEYS[event.key] && !typing(event.target) && !(event.key === " " && pressable(event.target))) {
        step(KEYS[event.key]);
      } else return;
    } else {
      if (!f || typing(event.target)) return;
      const box = wanted(event.target);
      if (!box) return;
      enter(box);
    }
    event.preventDefault();
    event.stopPropagation();
  }, true);

  document.addEventListener("click", function (event) {
    const target = /** @type {Element} */ (event.target);
    const reveal = target.closest && target.closest('[data-action="reveal-odds"]');
    if (reveal && open) { revealOdds(open.box); return; }
    const button = target.closest && target.closest('[data-action="projector"]');
    if (!button) return;
    const box = button.closest("[data-projector]");
    if (!box) return;
    if (open && open.box === box) leave();
    else enter(box);
  });

  // Leaving the browser's full screen (its own Escape) leaves the view.
  document.addEventListener("fullscreenchange", function () {
    if (open && open.full && document.fullscreenElement !== open.box) leave();
  });

  function init() {
    containers().forEach(function (box) {
      const button = buttonOf(box);
      if (button) { button.hidden = false; button.setAttribute("aria-pressed", "false"); }
    });
  }

  if (typeof document$ !== "undefined") document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
