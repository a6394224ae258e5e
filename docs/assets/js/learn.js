// The lessons page: each lesson asks for the next move; the engine, in the Pyodide
// worker (engine.js -> lansquenet.web, op "lesson"), judges the answer and says why a
// wrong one is wrong (its refusal, or the lesson's hint). Nothing here knows a rule or
// an expected answer: the page sends the index of the choice pressed and shows what
// the engine answers. Words come written in the page (#lq-learn-words, site.po).
//
// Progress is kept in localStorage ("lansquenet.lessons": the ids of finished lessons).
import { call, onProgress, parseSvg, start } from "./engine.js";
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
    const opening = { play: play.innerHTML, figure: figure.innerHTML };
    let answers = [];
    let busy = false;

    function el(selector) { return section.querySelector(selector); }

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
        group.appendChild(button);
      });
      enable();
    }

    function tell(steps) {
      const story = el(".lq-story");
      steps.forEach(function (step) {
        const item = document.createElement("li");
        item.textContent = step.text;
        if (step.event.code === "computer") item.className = "lq-said";
        item.classList.add("lq-new");
        story.appendChild(item);
      });
    }

    function answer(index) {
      if (busy) return;
      busy = true;
      section.dataset.state = "busy";
      section.setAttribute("aria-busy", "true");
      enable();
      feedback(word("learn.busy"));
      call({ op: "lesson", id: id, answers: answers.concat([index]), lang: lang }).then(
        function (result) {
          if (result.error) {
            feedback(word("learn.error", { detail: result.error.message }), "error");
            return;
          }
          if (!result.accepted) {
            feedback(word("learn.wrong", { message: result.message }), "wrong");
            return;
          }
          answers = answers.concat([index]);
          el(".lq-story").querySelectorAll(".lq-new").forEach(function (item) { item.classList.remove("lq-new"); });
          tell(result.steps);
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
          feedback(word("learn.error", { detail: String((error && error.message) || error) }), "error");
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
