// @ts-check
// The lessons page: each lesson asks for the next move; the engine, in the Pyodide
// worker (engine.js -> lansquenet.web, op "lesson"), judges the answer and says why a
// wrong one is wrong (its refusal, or the lesson's hint). Nothing here knows a rule or
// an expected answer: the page sends the index of the choice pressed and shows what
// the engine answers. Words come written in the page (#lq-words, site.po).
//
// A choice that is a move carries the engine's odds for it (``data-odds``, from the
// lesson's answer: each question's ``odds``); the page's toggle (data-action="odds",
// remembered with the play page's) shows them beside it (odds-view.js), as the play page
// does: the chance at a glance, the long sentence folded behind it on a phone.
//
// Progress is kept in localStorage ("lansquenet.lessons": the ids of finished lessons).
//
// A lesson's address at its question (``data-share``, which the projector view's QR code
// shows, share.js): its anchor and the answers accepted so far, "#lesson-cover&answers=0.2".
// Opened, the page replays those answers through the engine, one by one, as if tapped:
// the same story, drawing and question; an answer the engine does not accept stops there
// with its words, as a tap would.
import { call, onProgress, parseSvg, start } from "./engine.js";
import { croupierKeys } from "./croupier.js";
import { oddsSwitch, withOdds } from "./odds-view.js";
import { errorSentence, onPage, pageLang, pageWords, required, showLoading } from "./page.js";
import { projectable } from "./projector.js";
import { shareAddress } from "./share.js";
import { movesOf } from "./vote.js";

const STORE = "lansquenet.lessons";

/** @returns {string[]} the ids of the lessons finished */
function finished() {
  try {
    const value = JSON.parse(localStorage.getItem(STORE) || "[]");
    return Array.isArray(value) ? value : [];
  } catch (error) {
    return [];
  }
}

/** @param {string} id */
function remember(id) {
  const done = finished();
  if (done.indexOf(id) < 0) done.push(id);
  try { localStorage.setItem(STORE, JSON.stringify(done)); } catch (error) { /* private mode: not kept */ }
}

/**
 * The lessons page: its words, its language, its status line and progress, and the
 * engine's loading status (engine.js).
 * @typedef {{root: HTMLElement, word: Page.Word, lang: string, statusLine: HTMLElement,
 *   progress: HTMLElement, engine: string}} Learn
 */

/**
 * A lesson of the page: its section, the parts an answer changes (and their HTML as the
 * page opened, for "again"), the answers accepted so far, whether one is being judged.
 * @typedef {{page: Learn, section: HTMLElement, id: string, play: HTMLElement,
 *   figure: HTMLElement, opening: {play: string, figure: string}, answers: number[],
 *   busy: boolean, croupier: ReturnType<typeof croupierKeys>,
 *   projection: ReturnType<typeof projectable>}} Lesson
 */

/** @param {HTMLElement} root */
function setup(root) {
  if (root.dataset.ready === "yes") return; // safe to run twice
  root.dataset.ready = "yes";
  /** @type {Learn} */
  const page = {
    root: root,
    word: pageWords(),
    lang: pageLang(),
    statusLine: required(document, "#lq-status"),
    progress: required(document, "#lq-progress"),
    engine: "idle",
  };
  const toggles = Array.from(root.querySelectorAll('[data-action="odds"]'));
  const odds = oddsSwitch(root, toggles);
  toggles.forEach(function (toggle) { toggle.hidden = false; });
  root.addEventListener("click", function (event) {
    if (/** @type {Element} */ (event.target).closest('[data-action="odds"]')) odds.set(!odds.on);
  });
  const lessons = Array.from(root.querySelectorAll("section[data-lesson]")).map(function (section) {
    return lesson(page, section);
  });
  const named = ADDRESS.exec(location.hash); // the lesson in sight while Python starts
  const early = named && document.getElementById(named[1]);
  if (early) early.scrollIntoView({ block: "start" });
  let replayed = false;
  onProgress(function (next, detail) {
    loading(page, lessons, next, detail);
    if (next === "ready" && !replayed) {
      replayed = true;
      replay(lessons);
      window.addEventListener("hashchange", function () { replay(lessons); });
    }
  });
  showProgress(page);
  start();
}

const ADDRESS = /^#([\w-]+)&answers=(\d{1,2}(?:\.\d{1,2}){0,29})$/;

// The lesson the page's address names at a question (ADDRESS): shown, its answers replayed.
/** @param {Lesson[]} lessons */
function replay(lessons) {
  const found = ADDRESS.exec(location.hash);
  const one = found && lessons.find(function (each) { return each.section.id === found[1]; });
  if (!one || one.busy) return;
  const answers = found[2].split(".").map(Number);
  if (answers.join(".") === one.answers.join(".")) return; // already there (its own address)
  if (one.answers.length) again(one, false);
  one.section.scrollIntoView({ block: "start" });
  answers.reduce(function (done, index) {
    return done.then(function (going) { return going ? answer(one, index) : false; });
  }, Promise.resolve(true));
}

// The lesson's address at its question, for the projector view's code (share.js).
/** @param {Lesson} lesson */
function shareAt(lesson) {
  const answers = lesson.answers.length ? "&answers=" + lesson.answers.join(".") : "";
  shareAddress(lesson.section, location.pathname + "#" + lesson.section.id + answers);
}

// Each choice that is a move, with its odds beside it (shown while the toggle is on).
/**
 * @param {Page.Word} word
 * @param {HTMLElement} group
 */
function withTheirOdds(word, group) {
  group.querySelectorAll("button[data-odds]").forEach(function (button) {
    if (button.parentElement !== group) return; // already beside its odds
    const next = button.nextSibling;
    group.insertBefore(withOdds(button, JSON.parse(button.dataset.odds || "null"), word, true), next);
  });
}

/** @param {Learn} page */
function showProgress(page) {
  const root = page.root;
  const done = finished();
  const total = Number(page.progress.dataset.total);
  const ids = Array.from(root.querySelectorAll("[data-lesson]")).map(function (el) { return el.dataset.lesson || ""; });
  const count = ids.filter(function (id) { return done.indexOf(id) >= 0; }).length;
  page.progress.textContent = page.word("learn.progress", { done: count, total: total });
  root.querySelectorAll(".lq-done-mark").forEach(function (mark) {
    const owner = mark.dataset.lessonMark || /** @type {HTMLElement} */ (mark.closest("[data-lesson]")).dataset.lesson;
    mark.hidden = done.indexOf(owner || "") < 0;
  });
}

// Python's loading (engine.js): said in the status line; the lessons' choices follow it.
/**
 * @param {Learn} page
 * @param {Lesson[]} lessons
 * @param {string} next
 * @param {string} [detail]
 */
function loading(page, lessons, next, detail) {
  page.engine = next;
  showLoading({ line: page.statusLine, word: page.word, words: "learn.loading." }, next, detail);
  lessons.forEach(function (one) {
    if (next === "ready" && one.section.dataset.state === "idle") one.section.dataset.state = "ready";
    enable(one);
  });
}

// A lesson's section made live: its choices with their odds, its buttons answered.
/**
 * @param {Learn} page
 * @param {HTMLElement} section
 * @returns {Lesson}
 */
function lesson(page, section) {
  const play = required(section, ".lq-lesson-play");
  const figure = required(section, ".lq-figure");
  withTheirOdds(page.word, required(section, ".lq-choices"));
  /** @type {Lesson} */
  const one = {
    page: page, section: section, id: section.dataset.lesson || "", play: play, figure: figure,
    opening: { play: play.innerHTML, figure: figure.innerHTML }, answers: [], busy: false,
    // The croupier's keys in this lesson (croupier.js): the engine's sentences for its table.
    croupier: croupierKeys(section, required(document, "#lq-announce"),
      section.querySelector('[data-action="keys"]'),
      /** @type {HTMLDialogElement} */ (document.getElementById("lq-keys")), page.word),
    // Projected, a lesson steps to the page's next one; its choices are the class's vote.
    projection: projectable(section, { choices: function () { return movesOf(section); } }),
  };
  one.croupier.update({ say: JSON.parse(section.dataset.say || "null") || undefined }, true);
  section.addEventListener("click", function (event) {
    const target = /** @type {Element} */ (event.target).closest("button");
    if (!target || !section.contains(target)) return;
    if (target.dataset.choice !== undefined) answer(one, Number(target.dataset.choice));
    else if (target.dataset.act === "again") again(one);
  });
  return one;
}

/**
 * @param {Lesson} lesson
 * @param {string} selector
 */
function part(lesson, selector) { return required(lesson.section, selector); }

// A choice of the lesson's question, if it has one (by its index; the first).
/**
 * @param {Lesson} lesson
 * @param {number} [index]
 * @returns {HTMLElement | null}
 */
function choice(lesson, index) {
  return lesson.section.querySelector(index === undefined ? "[data-choice]" : '[data-choice="' + index + '"]');
}

/** @param {Lesson} lesson */
function enable(lesson) {
  /** @type {NodeListOf<HTMLButtonElement>} */ (lesson.section.querySelectorAll("[data-choice]")).forEach(function (button) {
    button.disabled = lesson.busy || lesson.page.engine === "failed";
  });
}

/**
 * @param {Lesson} lesson
 * @param {string} text
 * @param {string} [kind]
 */
function feedback(lesson, text, kind) {
  const line = part(lesson, ".lq-feedback");
  line.textContent = text;
  line.dataset.kind = kind || "";
}

/**
 * @param {Lesson} lesson
 * @param {Bridge.Question} question
 */
function ask(lesson, question) {
  part(lesson, ".lq-ask").textContent = question.ask;
  const group = part(lesson, ".lq-choices");
  group.replaceChildren();
  question.choices.forEach(function (label, index) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "md-button";
    button.dataset.choice = String(index);
    button.textContent = label;
    const odds = question.odds && question.odds[index];
    if (odds) button.dataset.odds = JSON.stringify(odds);
    group.appendChild(button);
  });
  withTheirOdds(lesson.page.word, group);
  enable(lesson);
  lesson.projection.changed(); // its next question: the class's vote follows
}

// Each event's sentence is one numbered item; a computer player's reason (the
// "computer" step before its move) goes inside its move's item, as the page's
// HTML has it (learn_page.py, story_items).
/**
 * @param {Lesson} lesson
 * @param {Bridge.NarratedStep[]} steps
 */
function tell(lesson, steps) {
  const story = part(lesson, ".lq-story");
  /** @type {string | null} */
  let reason = null;
  /** @param {string} text */
  function item(text) {
    const li = document.createElement("li");
    li.textContent = text;
    li.className = "lq-new";
    story.appendChild(li);
    return li;
  }
  steps.forEach(function (step) {
    if (step.event.code === "computer") { reason = step.text; return; }
    const li = item(step.text);
    if (reason !== null) {
      const said = document.createElement("span");
      said.className = "lq-said";
      said.textContent = reason;
      li.append(" ", said);
      reason = null;
    }
  });
  if (reason !== null) item(reason);
}

// The choice tapped looks chosen (filled) while the engine judges it; a wrong one
// keeps a sign and words, not a colour alone (learn.css).
/**
 * @param {Lesson} lesson
 * @param {number} index
 * @param {string} kind
 */
function pick(lesson, index, kind) {
  const button = choice(lesson, index);
  if (!button) return;
  button.dataset.picked = kind;
  if (kind === "wrong" && !button.querySelector(".lq-mark")) {
    const mark = document.createElement("span");
    mark.className = "lq-mark";
    mark.textContent = lesson.page.word("learn.wrong_choice");
    button.append(" ", mark);
  }
}

// The engine's refusal or the hint: beside the choices, scrolled into view if the
// choices sat at the screen's edge.
/** @param {Lesson} lesson */
function inView(lesson) {
  const line = part(lesson, ".lq-feedback");
  const box = line.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) line.scrollIntoView({ block: "nearest" });
}

// The choice ``index`` pressed: the engine judges it, with the answers before it;
// whether it was accepted.
/**
 * @param {Lesson} lesson
 * @param {number} index
 * @returns {Promise<boolean>}
 */
function answer(lesson, index) {
  const word = lesson.page.word;
  const section = lesson.section;
  if (lesson.busy) return Promise.resolve(false);
  lesson.busy = true;
  // The choices are disabled while the engine judges, which takes the focus off the one
  // pressed: given back to it after a wrong answer (a keyboard's reader stays there).
  const pressed = part(lesson, '[data-choice="' + index + '"]');
  const focused = !!pressed && pressed === document.activeElement;
  pick(lesson, index, "pending");
  section.dataset.state = "busy";
  section.setAttribute("aria-busy", "true");
  enable(lesson);
  feedback(lesson, word("learn.busy"));
  return call({ op: "lesson", id: lesson.id, answers: lesson.answers.concat([index]), lang: lesson.page.lang }).then(
    function (result) { return judged(lesson, index, result); },
    function (error) {
      const button = choice(lesson, index);
      if (button) delete button.dataset.picked;
      feedback(lesson, errorSentence(word, "learn.error", error), "error");
      inView(lesson);
      return false;
    },
  ).finally(function () {
    lesson.busy = false;
    section.setAttribute("aria-busy", "false");
    if (section.dataset.state === "busy") section.dataset.state = "ready";
    enable(lesson);
    if (focused && pressed.isConnected && !section.contains(document.activeElement)) pressed.focus();
  });
}

// The engine's judgement of the choice ``index``: refused, wrong (the hint), or right
// (the story goes on, then the next question or the lesson's summary); whether it was
// accepted and a question follows.
/**
 * @param {Lesson} lesson
 * @param {number} index
 * @param {Bridge.Lesson} result
 * @returns {boolean}
 */
function judged(lesson, index, result) {
  const word = lesson.page.word;
  const section = lesson.section;
  if (result.error) {
    const button = choice(lesson, index);
    if (button) delete button.dataset.picked;
    feedback(lesson, errorSentence(word, "learn.error", result), "error");
    inView(lesson);
    return false;
  }
  if (!result.accepted) {
    pick(lesson, index, "wrong");
    feedback(lesson, word("learn.wrong", { message: result.message || "" }), "wrong");
    inView(lesson);
    return false;
  }
  lesson.answers = lesson.answers.concat([index]);
  shareAt(lesson);
  part(lesson, ".lq-story").querySelectorAll(".lq-new").forEach(function (item) { item.classList.remove("lq-new"); });
  tell(lesson, result.steps);
  if (result.steps.length) {
    lesson.croupier.update(result.steps[result.steps.length - 1], true);
    lesson.croupier.last(result.steps.map(function (step) { return step.text; }).join(" "));
  }
  const svg = parseSvg(result.svg);
  if (svg) lesson.figure.replaceChildren(svg);
  if (result.done) {
    part(lesson, ".lq-question").hidden = true;
    const summary = part(lesson, ".lq-summary");
    required(summary, ".lq-summary-text").textContent = result.summary;
    summary.hidden = false;
    section.dataset.state = "done";
    lesson.projection.changed(); // no question left: no vote
    remember(lesson.id);
    showProgress(lesson.page);
    summary.focus();
    return false;
  }
  feedback(lesson, word("learn.right"), "right");
  lesson.busy = false; // the next question's choices come enabled, and can take the focus
  ask(lesson, /** @type {Bridge.Question} */ (result.question)); // accepted, not done: the next question
  const first = choice(lesson);
  if (first) first.focus();
  return true;
}

// "Again": the lesson as the page opened it (its first choice focused, but when
// ``focus`` is false: an address replayed).
/** @param {Lesson} lesson @param {boolean} [focus] */
function again(lesson, focus) {
  lesson.answers = [];
  shareAt(lesson);
  lesson.play.innerHTML = lesson.opening.play;
  lesson.figure.innerHTML = lesson.opening.figure;
  lesson.section.dataset.state = "ready";
  enable(lesson);
  lesson.projection.changed();
  const first = choice(lesson);
  if (first && focus !== false) first.focus();
}

function init() {
  const root = document.getElementById("lq-learn");
  if (root) setup(root);
}

onPage(init);
