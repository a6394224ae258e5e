// @ts-check
// The erase control of every page (the footer's button, the play page's offline notice:
// [data-lq-forget-open]). What it runs, forget.js (what the site keeps, listed with its
// sizes, and erased on confirmation), comes when the control is first pressed: few
// readers ever press it, and no page downloads it before (benchmarks figure 5a).
let loading = false;

document.addEventListener("click", function (event) {
  const target = event.target;
  if (loading || !(target instanceof Element) || !target.closest("[data-lq-forget-open]")) return;
  loading = true; // from now on, forget.js's own listener takes the presses
  import("./forget.js").then(function (forget) { forget.openDialog(); }, function (error) {
    loading = false; // offline with the file never kept: the next press tries again
    console.warn("Lansquenet: the erase control could not load:", String((error && error.message) || error));
  });
});
