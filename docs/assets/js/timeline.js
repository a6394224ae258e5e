// @ts-check
// The history's timeline (timeline.py): its filter shows or hides the entries of each
// kind (attested, dictionary, inferred), and nothing else. Without this script the
// filter stays hidden and every entry shows.
for (const box of document.querySelectorAll(".lq-timeline-box")) {
  /** @type {HTMLFieldSetElement} */
  const filter = box.querySelector(".lq-timeline-filter");
  const boxes = /** @type {NodeListOf<HTMLInputElement>} */ (filter.querySelectorAll("input[type=checkbox]"));
  const entries = /** @type {NodeListOf<HTMLLIElement>} */ (box.querySelectorAll(".lq-timeline-entry"));
  function show() {
    const shown = new Set(Array.from(boxes).filter((b) => b.checked).map((b) => b.value));
    for (const entry of entries) entry.hidden = !shown.has(entry.dataset.tag ?? "");
  }
  filter.addEventListener("change", show);
  filter.hidden = false;
  show();
}
