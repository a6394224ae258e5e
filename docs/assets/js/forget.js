// @ts-check
// What this site keeps on this device, and erasing it (every page: the footer's button,
// overrides/partials/copyright.html; the play page's offline notice too, status.js),
// loaded by offline.js (its erase control) when that button is first pressed; it brings
// the dialog (assets/forget/<lang>.json) and its stylesheet (forget.css) then.
// The button opens a dialog that lists, with their sizes: Python's files and its
// snapshots (Cache Storage: the service worker's copy of assets/pyodide/ and
// assets/wheels/, and the cache snapshot.mjs keeps), the pages kept for offline reading
// (the service worker's cache, the rest), what the pages remember (localStorage and
// sessionStorage: the lessons done, the computer players' pace, the odds shown, the
// class's names, Material's palette and search) and the service worker itself. Its
// "Erase" button is the confirmation: every one of them deleted, the worker told to keep
// nothing more and unregistered. The next visit is then a first visit. The site keeps
// nothing in IndexedDB or cookies.
//
// Several sites may share one origin (GitHub Pages): only this site's caches (their
// names hold its path), its storage keys (the site's own "lansquenet." and "lq.", and
// Material's, which start with the site's path) and its worker are listed and erased.
import { stylesheet } from "./core.js";
import { pageLang } from "./page.js";

const scope = siteScope();
const path = new URL(scope).pathname;
const PYTHON = ["assets/pyodide/", "assets/wheels/"].map(function (folder) { return new URL(folder, scope).href; });

/** @returns {string} the site's top folder, as offline.js registers the worker for */
function siteScope() {
  const script = document.querySelector("script[data-lq-scope]");
  return new URL((script && script.getAttribute("data-lq-scope")) || "./", document.baseURI).href;
}

/** @param {string} name a Cache Storage cache's name */
function ours(name) {
  return name.indexOf("lansquenet:" + path + ":") === 0 || name === "lansquenet-python:" + path;
}

/** @param {string} key a storage key */
function ourKey(key) {
  return key.indexOf("lansquenet.") === 0 || key.indexOf("lq.") === 0 || key.indexOf(path + ".") === 0;
}

/** @param {Storage} storage */
function keysOf(storage) {
  const keys = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && ourKey(key)) keys.push(key);
  }
  return keys;
}

/** @returns {Storage[]} the storages this browser lets the page use */
function storages() {
  /** @type {Storage[]} */
  const found = [];
  try { found.push(window.localStorage, window.sessionStorage); } catch (error) { /* none here */ }
  return found;
}

/** @returns {Promise<ServiceWorkerRegistration[]>} this site's worker, if any */
async function workers() {
  if (!("serviceWorker" in navigator)) return [];
  /** @type {readonly ServiceWorkerRegistration[]} */
  const none = [];
  const all = await navigator.serviceWorker.getRegistrations().catch(function () { return none; });
  return all.filter(function (registration) { return registration.scope === scope; });
}

/**
 * What the site keeps: bytes of Python's files, of the pages, of what pages remember
 * (UTF-16: two bytes a character), and whether its service worker is there.
 * @returns {Promise<{python: number, pages: number, storage: number, worker: boolean}>}
 */
export async function inventory() {
  const found = { python: 0, pages: 0, storage: 0, worker: (await workers()).length > 0 };
  if (typeof caches !== "undefined") {
    for (const name of (await caches.keys()).filter(ours)) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const size = response ? (await response.blob()).size : 0;
        const python = name.indexOf("lansquenet-python:") === 0
          || PYTHON.some(function (folder) { return request.url.indexOf(folder) === 0; });
        if (python) found.python += size;
        else found.pages += size;
      }
    }
  }
  storages().forEach(function (storage) {
    keysOf(storage).forEach(function (key) { found.storage += 2 * (key.length + (storage.getItem(key) || "").length); });
  });
  return found;
}

// Erase it all: the worker first told to keep nothing more (a page it still controls
// would otherwise put Python's files back), then unregistered; the caches; the storage.
export async function erase() {
  for (const registration of await workers()) {
    if (registration.active) registration.active.postMessage({ forget: true });
    await registration.unregister();
  }
  if (typeof caches !== "undefined") {
    await Promise.all((await caches.keys()).filter(ours).map(function (name) { return caches.delete(name); }));
  }
  storages().forEach(function (storage) {
    keysOf(storage).forEach(function (key) { storage.removeItem(key); });
  });
}

/**
 * @param {number} bytes
 * @param {string} lang
 */
function size(bytes, lang) {
  const [amount, unit] = bytes >= 1e6 ? [bytes / 1e6, "megabyte"] : [bytes / 1e3, "kilobyte"];
  return new Intl.NumberFormat(lang, { style: "unit", unit, maximumFractionDigits: 1 }).format(amount);
}

// The dialog's words (forget.* in site.po), written in it, hidden.
/**
 * @param {HTMLDialogElement} dialog
 * @param {"worker_on" | "none" | "done" | "failed" | "empty"} key
 */
function word(dialog, key) {
  const found = dialog.querySelector('[data-lq-word="' + key + '"]');
  return found ? found.textContent || "" : "";
}

/** @param {HTMLDialogElement} dialog */
async function show(dialog) {
  const lang = pageLang();
  const status = /** @type {HTMLElement} */ (dialog.querySelector(".lq-forget__said"));
  const erase = /** @type {HTMLButtonElement} */ (dialog.querySelector("[data-lq-forget-erase]"));
  const found = await inventory().catch(function () { return /** @type {null} */ (null); });
  dialog.querySelectorAll("[data-lq-kept]").forEach(function (cell) {
    const what = cell.getAttribute("data-lq-kept");
    if (!found) cell.textContent = "?";
    else if (what === "worker") cell.textContent = word(dialog, found.worker ? "worker_on" : "none");
    else {
      const bytes = found[/** @type {"python" | "pages" | "storage"} */ (what)];
      cell.textContent = bytes ? size(bytes, lang) : word(dialog, "none");
    }
  });
  const nothing = Boolean(found && !found.python && !found.pages && !found.storage && !found.worker);
  erase.disabled = nothing;
  status.textContent = nothing ? word(dialog, "empty") : "";
}

/** @param {HTMLDialogElement} dialog */
async function confirmed(dialog) {
  const status = /** @type {HTMLElement} */ (dialog.querySelector(".lq-forget__said"));
  let failed = false;
  try {
    await erase();
  } catch (/** @type {any} */ error) {
    console.warn("Lansquenet: not everything could be erased:", String((error && error.message) || error));
    failed = true;
  }
  await show(dialog);
  status.textContent = word(dialog, failed ? "failed" : "done");
  status.focus(); // read at once by a screen reader, with no live region of its own
}

// The dialog (assets/forget/<lang>.json, written by the build in the page's language),
// in the footer beside its button, once, with its stylesheet.
/** @returns {Promise<void>} */
async function placed() {
  if (document.getElementById("lq-forget")) return;
  const url = new URL("../forget/" + document.documentElement.lang + ".json", import.meta.url);
  const [response] = await Promise.all([fetch(url), stylesheet("forget.css")]);
  if (!response.ok) throw new Error(response.status + " " + url.pathname);
  const data = /** @type {{dialog: string}} */ (await response.json());
  if (document.getElementById("lq-forget")) return;
  const made = document.createElement("template");
  made.innerHTML = data.dialog;
  const button = document.querySelector("footer [data-lq-forget-open]");
  if (button) button.after(made.content);
  else document.body.append(made.content);
}

// The dialog opened, what the site keeps listed (offline.js calls it for the press
// that loaded this module, which places the dialog first; the later presses come
// through the listener below).
export async function openDialog() {
  await placed();
  const dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById("lq-forget"));
  if (!dialog || dialog.open) return;
  dialog.showModal();
  show(dialog);
}

document.addEventListener("click", function (event) {
  const target = /** @type {Element} */ (event.target);
  const dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById("lq-forget"));
  if (!dialog || !(target instanceof Element)) return;
  if (target.closest("[data-lq-forget-open]")) {
    openDialog();
  } else if (target.closest("[data-lq-forget-erase]")) {
    confirmed(dialog);
  } else if (target.closest("[data-lq-forget-close]")) {
    dialog.close();
  }
});
