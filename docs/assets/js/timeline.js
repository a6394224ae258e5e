// @ts-check
// The history's timeline (timeline.py): its filter shows or hides the entries of each
// kind (attested, dictionary, inferred), and nothing else. Without this script the
// filter stays hidden and every entry shows.
for (const box of document.querySelectorAll(".lq-timeline-box")) {
  const filter = box.querySelector("fieldset.lq-timeline-filter");
  if (!(filter instanceof HTMLFieldSetElement)) continue;
  const boxes = Array.from(filter.querySelectorAll("input[type=checkbox]")).filter((b) => b instanceof HTMLInputElement);
  const entries = Array.from(box.querySelectorAll(".lq-timeline-entry")).filter((e) => e instanceof HTMLElement);
  function show() {
    const shown = new Set(boxes.filter((b) => b.checked).map((b) => b.value));
    for (const entry of entries) entry.hidden = !shown.has(entry.dataset.tag ?? "");
  }
  filter.addEventListener("change", show);
  filter.hidden = false;
  show();
}
