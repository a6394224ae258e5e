// @ts-check
// The plan a teacher builds (issue 52; templates/plan.html, plan.json): every part of the
// catalogue, chosen or not (its box), in the order of the list (↑ ↓), each with its
// minutes, against the lesson's length (the total said beside it). The suggested plan is
// plan.json's (data-suggested, data-length); a teacher's own is kept on this device and
// is a link: the teachers' page with ``#plan=settle:2,history:6&length=55``, which opens
// the class view on it (class.js). What follows the plan: the plan's table (its rows in
// the plan's order, the others hidden, each part's minutes and its start), the optional
// parts listed under it (those the plan takes, no more), the page's
// part numbers (``data-part-number``: a section's heading and "part 4" in the prose) and
// its sections' minutes (``data-part-length``). "Print the plan" prints the table alone
// (print.css: html.lq-print-plan); "Link" shows the link and its QR code (share.js).
// Nothing here knows a rule.
//
//   const built = planBuilder(plan, word, changed);
//   built.parts();    // [{id, minutes}] in the plan's order
//   built.linked;     // whether the page was opened from a plan's link
import { shareAddress, shareShown } from "./share.js";

const KEPT = "lq.class.plan"; // localStorage: the teacher's own plan, as its link says it
const MOST = 240; // minutes: a part's and a lesson's most

/** @typedef {{ id: string, minutes: number }} Chosen */
/** @typedef {{ parts: Chosen[], length: number }} Plan */

/**
 * A plan as its link says it (``plan=id:minutes,...&length=N``), the unknown parts, the
 * repeated ones and the minutes out of range left out; null: no plan there.
 * @param {string} text
 * @param {Set<string>} known
 * @param {number} length the lesson's length when the link says none
 * @returns {Plan | null}
 */
export function readPlan(text, known, length) {
  const params = new URLSearchParams(text.replace(/^#/, ""));
  const said = params.get("plan");
  if (said === null) return null;
  /** @type {Chosen[]} */
  const parts = [];
  said.split(",").forEach(function (one) {
    const [id, minutes] = one.split(":");
    const n = Math.round(Number(minutes));
    if (!known.has(id) || parts.some(function (p) { return p.id === id; }) || !(n >= 1 && n <= MOST)) return;
    parts.push({ id: id, minutes: n });
  });
  const long = Math.round(Number(params.get("length")));
  return { parts: parts, length: long >= 1 && long <= MOST ? long : length };
}

/**
 * @param {Plan} plan
 * @returns {string} its link's fragment, without "#"
 */
export function planText(plan) {
  return "plan=" + plan.parts.map(function (p) { return p.id + ":" + p.minutes; }).join(",") + "&length=" + plan.length;
}

/**
 * @param {HTMLElement} root the plan (templates/plan.html's [data-plan])
 * @param {Page.Word} word
 * @param {() => void} changed told when the plan changes
 */
export function planBuilder(root, word, changed) {
  const build = /** @type {HTMLElement} */ (root.querySelector("[data-plan-build]"));
  const list = /** @type {HTMLElement} */ (root.querySelector("[data-plan-parts]"));
  const items = Array.from(list.querySelectorAll("[data-part-item]"));
  const known = new Set(items.map(function (item) { return item.dataset.partItem || ""; }));
  const lengthField = /** @type {HTMLInputElement} */ (root.querySelector("[data-plan-length]"));
  const total = /** @type {HTMLElement} */ (root.querySelector("[data-plan-total]"));
  const table = /** @type {HTMLTableSectionElement} */ (root.querySelector("[data-plan-table] tbody"));
  // The table's rows, by part: in the order of its data-part-rows (every part's, the
  // suggested plan's first; the others hidden), each its start and its length first.
  const ids = (table.dataset.partRows || "").split(" ");
  /** @type {Map<string, HTMLTableRowElement>} */
  const rowOf = new Map(Array.from(table.rows).map(function (row, k) { return [ids[k], row]; }));
  const caption = /** @type {HTMLElement} */ (root.querySelector("[data-plan-caption]"));
  const shareBox = /** @type {HTMLElement} */ (root.querySelector("[data-plan-share]"));
  const shareButton = /** @type {HTMLButtonElement} */ (root.querySelector('[data-plan-action="share"]'));
  const suggested = /** @type {Plan} */ (readPlan("plan=" + (root.dataset.suggested || ""), known, Number(root.dataset.length)));

  // The plan: from the page's link, else the one kept here, else the suggested one.
  const fromLink = readPlan(location.hash, known, suggested.length);
  /** @type {Plan | null} */
  let kept = null;
  try { kept = readPlan(localStorage.getItem(KEPT) || "", known, suggested.length); } catch (error) { /* no storage */ }
  let plan = fromLink && fromLink.parts.length ? fromLink : kept && kept.parts.length ? kept : suggested;

  /** @param {number} minutes */
  function said(minutes) {
    return word.count("plan.minutes", minutes, { minutes: minutes });
  }

  // The list as the plan is: its parts first, in order, ticked, then the others.
  function drawList() {
    const order = plan.parts.map(function (p) { return p.id; });
    const sorted = items.slice().sort(function (a, b) {
      const i = order.indexOf(a.dataset.partItem || ""), j = order.indexOf(b.dataset.partItem || "");
      return (i < 0 ? order.length + items.indexOf(a) : i) - (j < 0 ? order.length + items.indexOf(b) : j);
    });
    sorted.forEach(function (item) {
      const chosen = plan.parts.find(function (p) { return p.id === item.dataset.partItem; });
      /** @type {HTMLInputElement} */ (item.querySelector("[data-plan-in]")).checked = !!chosen;
      if (chosen) /** @type {HTMLInputElement} */ (item.querySelector("[data-plan-minutes]")).value = String(chosen.minutes);
      list.appendChild(item);
    });
    lengthField.value = String(plan.length);
  }

  // The plan as the list says it.
  function readList() {
    /** @type {Chosen[]} */
    const parts = [];
    list.querySelectorAll("[data-part-item]").forEach(function (item) {
      const box = /** @type {HTMLInputElement} */ (item.querySelector("[data-plan-in]"));
      const field = /** @type {HTMLInputElement} */ (item.querySelector("[data-plan-minutes]"));
      const minutes = Math.round(Number(field.value));
      item.classList.toggle("lq-plan-out", !box.checked);
      if (box.checked && minutes >= 1 && minutes <= MOST) parts.push({ id: item.dataset.partItem || "", minutes: minutes });
    });
    const length = Math.round(Number(lengthField.value));
    return { parts: parts, length: length >= 1 && length <= MOST ? length : plan.length };
  }

  // What follows the plan: the table, the page's numbers and minutes, the total, the link.
  function follow() {
    const numbers = new Map(plan.parts.map(function (p, k) { return [p.id, k + 1]; }));
    let start = 0;
    plan.parts.forEach(function (p) {
      const row = rowOf.get(p.id);
      if (!row) return;
      row.hidden = false;
      row.cells[0].textContent = start + "–" + (start + p.minutes);
      row.cells[1].textContent = word("plan.length", { minutes: p.minutes });
      table.appendChild(row);
      start += p.minutes;
    });
    rowOf.forEach(function (row, id) {
      if (!numbers.has(id)) { row.hidden = true; table.appendChild(row); }
    });
    root.querySelectorAll("[data-optional]").forEach(function (mark) {
      const line = mark.closest("p");
      if (line) line.hidden = numbers.has(mark.dataset.optional || "");
    });
    caption.textContent = word("plan.caption", { minutes: said(start), length: said(plan.length) });
    document.querySelectorAll("[data-part-number]").forEach(function (mark) {
      const n = numbers.get(mark.dataset.partNumber || "");
      mark.textContent = mark.hasAttribute("data-heading") ? (n ? n + ". " : "") : n ? String(n) : "–";
    });
    document.querySelectorAll("[data-part-length]").forEach(function (mark) {
      const id = mark.dataset.partLength || "";
      const chosen = plan.parts.find(function (p) { return p.id === id; });
      const item = items.find(function (i) { return i.dataset.partItem === id; });
      const field = item && /** @type {HTMLInputElement} */ (item.querySelector("[data-plan-minutes]"));
      const minutes = chosen ? chosen.minutes : Number(field ? field.value : 0);
      mark.textContent = word(chosen ? "plan.heading.length" : "plan.heading.optional", { minutes: said(minutes) });
    });
    const gap = plan.length - start;
    total.textContent = word(gap > 0 ? "plan.build.under" : gap < 0 ? "plan.build.over" : "plan.build.total", {
      minutes: said(start), length: said(plan.length), gap: said(Math.abs(gap)),
    });
    total.classList.toggle("lq-refusal", gap < 0);
    total.dataset.total = String(start);
    if (!shareBox.hidden) shareAddress(shareBox, link());
  }

  function link() {
    return location.pathname + "#" + planText(plan);
  }

  function save() {
    try {
      if (planText(plan) === planText(suggested)) localStorage.removeItem(KEPT);
      else localStorage.setItem(KEPT, planText(plan));
    } catch (error) { /* not kept */ }
  }

  function edited() {
    plan = readList();
    save();
    follow();
    changed();
  }

  build.addEventListener("input", edited);
  build.addEventListener("change", edited);
  build.addEventListener("click", function (event) {
    const target = /** @type {Element} */ (event.target);
    const move = /** @type {HTMLElement | null} */ (target.closest("[data-plan-move]"));
    const action = /** @type {HTMLElement | null} */ (target.closest("[data-plan-action]"));
    if (move) {
      const item = /** @type {HTMLElement} */ (move.closest("[data-part-item]"));
      const other = move.dataset.planMove === "up" ? item.previousElementSibling : item.nextElementSibling;
      if (!other) return;
      if (move.dataset.planMove === "up") list.insertBefore(item, other);
      else list.insertBefore(other, item);
      move.focus();
      edited();
    } else if (action && action.dataset.planAction === "reset") {
      plan = { parts: suggested.parts.slice(), length: suggested.length };
      drawList();
      edited();
    } else if (action && action.dataset.planAction === "print") {
      document.documentElement.classList.add("lq-print-plan");
      window.addEventListener("afterprint", function () {
        document.documentElement.classList.remove("lq-print-plan");
      }, { once: true });
      window.print();
    } else if (action && action.dataset.planAction === "share") {
      const on = shareBox.hidden === true;
      shareBox.hidden = !on;
      shareButton.setAttribute("aria-expanded", String(on));
      if (on) shareAddress(shareBox, link());
      shareShown(shareBox, on);
    }
  });

  build.hidden = false;
  drawList();
  follow();
  return {
    /** @returns {Chosen[]} */
    parts: function () { return plan.parts.slice(); },
    linked: !!(fromLink && fromLink.parts.length),
  };
}
