// @ts-check
// The erase control of every page (the footer's button, the play page's offline notice:
// [data-lq-forget-open]). What it runs, forget.js (what the site keeps, listed with its
// sizes, and erased on confirmation), and its dialog in the page's language
// (assets/forget/<lang>.json, written at build time from site.po) and its styles
// (assets/css/forget.css) come when the control is first pressed: few readers ever press
// it, and no page downloads them before (benchmarks figure 5a). The service worker keeps
// them all, for a press while offline.
let loading = false;
/** @type {Promise<void> | null} */
let sheet = null;

// The dialog's stylesheet (forget.css), in the page once it has loaded (or failed to:
// the dialog still opens, unstyled, rather than never).
/** @returns {Promise<void>} */
function styles() {
  if (sheet) return sheet;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../css/forget.css", import.meta.url).href;
  const loaded = new Promise(function (resolve) {
    link.addEventListener("load", function () { resolve(undefined); });
    link.addEventListener("error", function () { resolve(undefined); });
  });
  document.head.appendChild(link);
  return (sheet = loaded.then(function () {}));
}

// The dialog, in the footer beside its button (once), with its stylesheet.
/** @returns {Promise<void>} */
function dialog() {
  if (document.getElementById("lq-forget")) return Promise.resolve();
  const url = new URL("../forget/" + document.documentElement.lang + ".json", import.meta.url);
  return Promise.all([fetch(url), styles()]).then(function (done) { return done[0]; }).then(function (response) {
    if (!response.ok) throw new Error(response.status + " " + url.pathname);
    return response.json();
  }).then(function (/** @type {{dialog: string}} */ data) {
    if (document.getElementById("lq-forget")) return;
    const made = document.createElement("template");
    made.innerHTML = data.dialog;
    const button = document.querySelector("footer [data-lq-forget-open]");
    if (button) button.after(made.content);
    else document.body.append(made.content);
  });
}

document.addEventListener("click", function (event) {
  const target = event.target;
  if (loading || !(target instanceof Element) || !target.closest("[data-lq-forget-open]")) return;
  loading = true; // from now on, forget.js's own listener takes the presses
  Promise.all([import("./forget.js"), dialog()]).then(function (loaded) { loaded[0].openDialog(); }, function (error) {
    loading = false; // offline with the files never kept: the next press tries again
    console.warn("Lansquenet: the erase control could not load:", String((error && error.message) || error));
  });
});
