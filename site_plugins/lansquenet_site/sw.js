// @ts-check
// The site's service worker: after one visit, the whole site works with no network.
// Written into the built site's top folder by site_plugins/lansquenet_site/offline.py,
// which fills in VERSION (a digest of every file listed), PRECACHE (every page of
// both languages, the styles, the scripts, the search indexes) and ON_USE (Pyodide and
// the engine's wheel), as addresses relative to this file.
//
// - install: fetch and keep every PRECACHE file in the cache of this version (a
//   failed download fails the install, and the previous version stays in charge);
//   the ~14 MB of ON_USE files are kept the first time a page that runs Python asks
//   for them, so a visit to a rule page never downloads Python; a page that started
//   Python before this worker controlled it (the first page of a visit) says so once
//   Python is ready ({keep: "python", urls}: the wheel's address as the page asked for
//   it), and the worker keeps them then, from the browser's HTTP cache;
// - activate: delete this site's caches of other versions, take over the open pages;
// - fetch: pages network first (a fresh page when the server answers, the kept one
//   otherwise), every other listed file from the cache first (the cache holds exactly
//   one build, so pages and files always match). Addresses outside the list go to the
//   network untouched. The query part is ignored when matching (the wheel's "?v=",
//   the worker's "?wheel=").
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const ON_USE = __ON_USE__;
// The worker's own scope, with a service worker's events and methods.
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const SCOPE = new URL("./", worker.location.href);
// Several sites may share one origin (GitHub Pages): a cache name holds the site's path.
const PREFIX = "lansquenet:" + SCOPE.pathname + ":";
const CACHE = PREFIX + VERSION;

worker.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return cache.addAll(PRECACHE.map(function (path) {
        // Past the browser's HTTP cache, which may hold the previous build's files.
        return new Request(new URL(path, SCOPE).href, { cache: "no-cache" });
      }));
    }).then(function () { return worker.skipWaiting(); }),
  );
});

worker.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf(PREFIX) === 0 && name !== CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return worker.clients.claim(); }),
  );
});

// The address a file is kept under: no query, no fragment, "x/index.html" as "x/".
/** @param {URL} url */
function key(url) {
  const clean = new URL(url.href);
  clean.search = "";
  clean.hash = "";
  if (clean.pathname.endsWith("/index.html")) clean.pathname = clean.pathname.slice(0, -"index.html".length);
  return clean.href;
}

// The kept response for ``url``. Kept under another address (a query left out), it is
// answered as a new response: the browser then gives it the address asked for, which
// matters to a worker, whose own address is its script's ("engine-worker.mjs?wheel=").
/**
 * @param {URL} url
 * @returns {Promise<Response | undefined>}
 */
function kept(url) {
  // caches.match, not caches.open: a cache that is gone (a newer build, or mkdocs serve
  // cleaning up) must not come back empty.
  return caches.match(key(url), { cacheName: CACHE }).then(function (found) {
    if (!found || found.url === url.href) return found;
    return new Response(found.body, { status: found.status, statusText: found.statusText, headers: found.headers });
  });
}

// Python's files, kept once a page has run Python (offline.js): each ON_USE file not
// kept yet, fetched as the page fetched it (same address, so from the HTTP cache).
// Told by forget.js that the reader erased what the site keeps: keep nothing more (a page
// this worker still controls would put files back), until it is gone.
let forgotten = false;

worker.addEventListener("message", function (event) {
  const data = event.data || {};
  if (data.forget) forgotten = true;
  if (data.keep !== "python" || forgotten) return;
  /** @type {Record<string, string>} */
  const asked = {};
  (data.urls || []).forEach(function (/** @type {string} */ url) { asked[key(new URL(url))] = url; });
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    // The build's Python snapshot and its decoder (a first visit's download) but for a
    // reader saving data.
    const wanted = ON_USE.filter(function (path) { return !(data.saveData && /\/(snapshot-[^/]*|zstddec\.mjs)$/.test(path)); });
    return Promise.all(wanted.map(function (path) {
      const address = new URL(path, SCOPE).href;
      return cache.match(address).then(function (found) {
        if (found) return null;
        return fetch(asked[address] || address).then(function (response) {
          return response.ok ? cache.put(address, response) : null;
        });
      });
    }));
  }).catch(function () { /* offline reading is a bonus; the next visit tries again */ }));
});

worker.addEventListener("fetch", function (event) {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  if (request.mode === "navigate") {
    // Revalidated with the server, never taken from the HTTP cache's guesswork: online,
    // a page is always the server's current one.
    const fresh = new Request(request.url, { cache: "no-cache", credentials: request.credentials });
    event.respondWith(fetch(fresh).catch(function (error) {
      return kept(url).then(function (page) {
        if (page) return page;
        throw error;
      });
    }));
    return;
  }
  const path = key(url).slice(SCOPE.href.length);
  event.respondWith(kept(url).then(function (file) {
    if (file || forgotten || ON_USE.indexOf(path) < 0) return file || fetch(request);
    // First use of the runtime: fetch it, and keep a copy for the offline visits.
    return fetch(request).then(function (response) {
      if (!response.ok) return response;
      const copy = response.clone();
      return caches.open(CACHE).then(function (cache) {
        return cache.put(key(url), copy);
      }).then(function () { return response; });
    });
  }));
});
