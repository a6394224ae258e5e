// The game's steps as the page holds them: the journal (every step's sentence) and the
// viewer that goes from step to step. Steps are drawn from the engine's display-ready
// steps, asked for when first shown (the worker's ``steps`` op, a few around the one
// wanted) and kept for a while; nothing here grows with the game but the journal.
//
//   const steps = viewer(el, session, view, onView);
//   steps.update(position);   // an engine position: new sentences, the last step
//   steps.goTo(index);        // show step ``index`` (onView(index, count) is told)
import { node } from "./words.js";

const WINDOW = 8; // steps asked for on each side of the one wanted
const KEPT = 400; // steps kept drawn-ready in the page

export function viewer(el, session, view, onView) {
  const kept = new Map(); // step index -> the engine's step
  let count = 0;
  let viewed = 0;
  let marked = null; // the journal's item of the step shown

  function keep(step) {
    kept.set(step.index, step);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value);
  }

  function reset() {
    count = 0;
    viewed = 0;
    marked = null;
    kept.clear();
    el.journal.textContent = "";
  }

  // Take what is new in an engine position (lansquenet/web.py), and show its last step.
  function update(position) {
    count = position.count;
    while (el.journal.children.length > position.from) el.journal.lastElementChild.remove();
    const items = document.createDocumentFragment();
    position.texts.concat([position.step.text]).forEach(function (text, i) {
      const item = node("li", text);
      const why = position.reasons[String(position.from + i)]; // a computer player's reason
      if (why) item.append(node("br"), node("small", why, { class: "lq-reason" }));
      items.append(item);
    });
    el.journal.append(items);
    kept.forEach(function (_, index) { if (index >= position.from) kept.delete(index); });
    keep(position.step);
    goTo(count - 1);
  }

  function goTo(index) {
    viewed = Math.max(0, Math.min(count - 1, index));
    view.counter(viewed, count);
    markJournal();
    onView(viewed, count);
    const wanted = viewed;
    if (kept.has(wanted)) { view.draw(kept.get(wanted)); return; }
    session.steps(Math.max(0, wanted - WINDOW), wanted + WINDOW + 1).then(function (reply) {
      if (reply.error) return;
      reply.steps.forEach(keep);
      if (viewed === wanted && kept.has(wanted)) view.draw(kept.get(wanted));
    }, function () { /* the loading failure is already on the page */ });
  }

  function markJournal() {
    if (marked) marked.removeAttribute("aria-current");
    marked = el.journal.children[viewed] || null;
    if (!marked) return;
    marked.setAttribute("aria-current", "step");
    // Scroll the journal (not the page) to the sentence of the step shown.
    const box = el.journal;
    if (marked.offsetTop < box.scrollTop || marked.offsetTop + marked.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = marked.offsetTop - box.clientHeight / 2;
    }
  }

  // Go "first", "previous", "next" or "last" (buttons and arrow keys).
  function step(go) {
    if (!count) return;
    goTo({ first: 0, previous: viewed - 1, next: viewed + 1, last: count - 1 }[go]);
    const active = document.activeElement;
    if (active && active.disabled) el.view.focus();
  }

  el.view.addEventListener("keydown", function (event) {
    const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
    if (!keys[event.key] || event.altKey || event.ctrlKey || event.metaKey || !count) return;
    event.preventDefault();
    step(keys[event.key]);
  });
  el.view.tabIndex = 0;

  return {
    reset: reset, update: update, goTo: goTo, step: step,
    get count() { return count; },
  };
}
