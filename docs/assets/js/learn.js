// The lessons page: each lesson asks for the next move; the engine, in the Pyodide
// worker (engine.js -> lansquenet.web, op "lesson"), judges the answer and says why a
// wrong one is wrong (its refusal, or the lesson's hint). Nothing here knows a rule or
// an expected answer: the page sends the index of the choice pressed and shows what
// the engine answers. Words come written in the page (#lq-learn-words, site.po).
//
// A choice that is a move carries the engine's odds for it (``data-odds``, from the
// lesson's answer: each question's ``odds``); the page's toggle (data-action="odds",
// remembered with the play page's) shows them beside it (odds-view.js).
//
// Progress is kept in localStorage ("lansquenet.lessons": the ids of finished lessons).
import { call, onProgress, parseSvg, start } from "./engine.js";
import { croupierKeys } from "./croupier.js";
import { oddsSwitch, withOdds } from "./odds-view.js";
import { wordsOf } from "./words.js";

const STORE = "lansquenet.lessons";

function finished() {
  try {
    const value = JSON.parse(localStorage.getItem(STORE) || "[]");
    return Array.isArray(value) ? value : [];
  } catch (error) {
    return [];
  }
}

function remember(id) {
  const done = finished();
  if (done.indexOf(id) < 0) done.push(id);
  try { localStorage.setItem(STORE, JSON.stringify(done)); } catch (error) { /* private mode: not kept */ }
}

function setup(root) {
  if (root.dataset.ready === "yes") return; // safe to run twice
  root.dataset.ready = "yes";
  const word = wordsOf(JSON.parse(document.getElementById("lq-learn-words").textContent));
  const lang = root.dataset.lang || document.documentElement.lang || "en";
  const statusLine = document.getElementById("lq-status");
  const progress = document.getElementById("lq-progress");
  let engine = "idle";
  const toggles = Array.from(root.querySelectorAll('[data-action="odds"]'));
  const odds = oddsSwitch(root, toggles);
  toggles.forEach(function (toggle) { toggle.hidden = false; });
  root.addEventListener("click", function (event) {
    if (event.target.closest('[data-action="odds"]')) odds.set(!odds.on);
  });

  // Each choice that is a move, with its odds beside it (shown while the toggle is on).
  function withTheirOdds(group) {
    group.querySelectorAll("button[data-odds]").forEach(function (button) {
      if (button.parentElement !== group) return; // already beside its odds
      const next = button.nextSibling;
      group.insertBefore(withOdds(button, JSON.parse(button.dataset.odds), word), next);
    });
  }

  function showProgress() {
    const done = finished();
    const total = Number(progress.dataset.total);
    const ids = Array.from(root.querySelectorAll("[data-lesson]")).map(function (el) { return el.dataset.lesson; });
    const count = ids.filter(function (id) { return done.indexOf(id) >= 0; }).length;
    progress.textContent = word("learn.progress", { done: count, total: total });
    root.querySelectorAll(".lq-done-mark").forEach(function (mark) {
      const owner = mark.dataset.lessonMark || mark.closest("[data-lesson]").dataset.lesson;
      mark.hidden = done.indexOf(owner) < 0;
    });
  }

  function lesson(section) {
    const id = section.dataset.lesson;
    const play = section.querySelector(".lq-lesson-play");
    const figure = section.querySelector(".lq-figure");
    withTheirOdds(section.querySelector(".lq-choices"));
    const opening = { play: play.innerHTML, figure: figure.innerHTML };
    let answers = [];
    let busy = false;

    function el(selector) { return section.querySelector(selector); }
    // The croupier's keys in this lesson (croupier.js): the engine's sentences for its table.
    const croupier = croupierKeys(section, document.getElementById("lq-announce"),
      section.querySelector('[data-action="keys"]'), document.getElementById("lq-keys"), word);
    croupier.update({ say: JSON.parse(section.dataset.say || "null") || undefined }, true);

    function enable() {
      section.querySelectorAll("[data-choice]").forEach(function (button) {
        button.disabled = busy || engine === "failed";
      });
    }

    function feedback(text, kind) {
      const line = el(".lq-feedback");
      line.textContent = text;
      line.dataset.kind = kind || "";
    }

    function ask(question) {
      el(".lq-ask").textContent = question.ask;
      const group = el(".lq-choices");
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
      withTheirOdds(group);
      enable();
    }

    // Each event's sentence is one numbered item; a computer player's reason (the
    // "computer" step before its move) goes inside its move's item, as the page's
    // HTML has it (learn_page.py, story_items).
    function tell(steps) {
      const story = el(".lq-story");
      let reason = null;
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
    function pick(index, kind) {
      const button = el('[data-choice="' + index + '"]');
      if (!button) return;
      button.dataset.picked = kind;
      if (kind === "wrong" && !button.querySelector(".lq-mark")) {
        const mark = document.createElement("span");
        mark.className = "lq-mark";
        mark.textContent = word("learn.wrong_choice");
        button.append(" ", mark);
      }
    }

    // The engine's refusal or the hint: beside the choices, scrolled into view if the
    // choices sat at the screen's edge.
    function inView() {
      const line = el(".lq-feedback");
      const box = line.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) line.scrollIntoView({ block: "nearest" });
    }

    function answer(index) {
      if (busy) return;
      busy = true;
      pick(index, "pending");
      section.dataset.state = "busy";
      section.setAttribute("aria-busy", "true");
      enable();
      feedback(word("learn.busy"));
      call({ op: "lesson", id: id, answers: answers.concat([index]), lang: lang }).then(
        function (result) {
          if (result.error) {
            delete el('[data-choice="' + index + '"]').dataset.picked;
            feedback(word("learn.error", { detail: result.error.message }), "error");
            inView();
            return;
          }
          if (!result.accepted) {
            pick(index, "wrong");
            feedback(word("learn.wrong", { message: result.message }), "wrong");
            inView();
            return;
          }
          answers = answers.concat([index]);
          el(".lq-story").querySelectorAll(".lq-new").forEach(function (item) { item.classList.remove("lq-new"); });
          tell(result.steps);
          if (result.steps.length) {
            croupier.update(result.steps[result.steps.length - 1], true);
            croupier.last(result.steps.map(function (step) { return step.text; }).join(" "));
          }
          const svg = parseSvg(result.svg);
          if (svg) figure.replaceChildren(svg);
          if (result.done) {
            el(".lq-question").hidden = true;
            const summary = el(".lq-summary");
            summary.querySelector(".lq-summary-text").textContent = result.summary;
            summary.hidden = false;
            section.dataset.state = "done";
            remember(id);
            showProgress();
            summary.focus();
            return;
          }
          feedback(word("learn.right"), "right");
          busy = false; // the next question's choices come enabled, and can take the focus
          ask(result.question);
          const first = el("[data-choice]");
          if (first) first.focus();
        },
        function (error) {
          const button = el('[data-choice="' + index + '"]');
          if (button) delete button.dataset.picked;
          feedback(word("learn.error", { detail: String((error && error.message) || error) }), "error");
          inView();
        },
      ).finally(function () {
        busy = false;
        section.setAttribute("aria-busy", "false");
        if (section.dataset.state === "busy") section.dataset.state = "ready";
        enable();
      });
    }

    section.addEventListener("click", function (event) {
      const target = event.target.closest("button");
      if (!target || !section.contains(target)) return;
      if (target.dataset.choice !== undefined) answer(Number(target.dataset.choice));
      else if (target.dataset.act === "again") {
        answers = [];
        play.innerHTML = opening.play;
        figure.innerHTML = opening.figure;
        section.dataset.state = "ready";
        enable();
        const first = el("[data-choice]");
        if (first) first.focus();
      }
    });
    return { enable: enable, section: section };
  }

  const lessons = Array.from(root.querySelectorAll("section[data-lesson]")).map(lesson);

  onProgress(function (next, detail) {
    engine = next;
    statusLine.dataset.status = next;
    statusLine.textContent = word("learn.loading." + next, { detail: detail || "" });
    statusLine.classList.toggle("lq-refusal", next === "failed");
    lessons.forEach(function (one) {
      if (next === "ready" && one.section.dataset.state === "idle") one.section.dataset.state = "ready";
      one.enable();
    });
  });
  showProgress();
  start();
}

function init() {
  const root = document.getElementById("lq-learn");
  if (root) setup(root);
}

if (typeof document$ !== "undefined") document$.subscribe(init);
else init();
