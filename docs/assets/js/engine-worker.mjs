// @ts-check
// The engine's worker: Python (Pyodide, from this site's own assets/pyodide/) and the
// lansquenet wheel, answering JSON requests through lansquenet.web.handle. A module
// worker (Pyodide 314 supports no other kind), started by engine.js.
//
// How Python starts (README, "How the engine starts"): the first time, from the memory
// snapshot the build made (runtime.mjs names it, with its key: Pyodide's version, the
// wheel's and the standard library's digests), downloaded zstd-compressed; where the
// build made none, or the reader asked to save data, a plain loadPyodide, the wheel, the
// engine's imports, "ready", then, before the first request, a memory snapshot of that
// Python, kept gzip-compressed in Cache Storage under the same key (snapshot.mjs). Later
// starts restore the kept one (well under a second). Any snapshot missing, stale,
// corrupt or refused: a plain start, the reader loses nothing but time (and is told so
// when a restore was tried: a damaged file, one larger than Pyodide's starting heap). After any
// restore, Python is made fresh (freshen(): its random draws, language and time zone).
//
// Protocol (all messages are plain objects):
//   page -> worker  {id, request}     request: the JSON text of a request (lansquenet/web.py)
//   worker -> page  {id, response}    response: the JSON text of the answer
//                   {progress, loaded, total}   "runtime": downloading Python (bytes so
//                                     far, of the total), "starting": starting it,
//                                     "restoring": restoring the snapshot, "engine":
//                                     installing the wheel, "ready" (with from:
//                                     "snapshot", "build-snapshot" or "plain", and
//                                     refused: true when a snapshot could not be
//                                     restored and Python started plainly instead)
//                   {progress: "failed", error}   Python could not start; every request,
//                                     pending or later, is then answered {id, error}
//                   {progress: "offline"}   the same, because Python's files cannot be
//                                     reached (no network, never kept)
// The wheel's address comes in the worker's own URL: engine-worker.mjs?wheel=<URL>.
import {
  forget, keep, kept, making, restoring, snapshotKey, take, unzstd, whenInstantiated,
} from "./snapshot.mjs";

// Start Python and install the engine; resolves to {pyodide, handle, restored,
// snapshot}, where handle(requestJSON) -> answerJSON and snapshot() -> the bytes of a
// memory snapshot (a plain start with snapshots: true only, before any request).
// ``saved``: a snapshot's bytes to restore, or a promise of them (Pyodide fetches and
// compiles its WebAssembly meanwhile); a failed restore falls back to a plain start.
// Exported so that the Node.js tests (tests/pyodide) run this very code.
/**
 * @typedef {import("pyodide").PyodideAPI} Pyodide
 * @typedef {(stage: string, more?: object) => void} Report
 * @typedef {{pyodide: Pyodide, restored: boolean, handle: (requestJSON: string) => string,
 *   snapshot: (() => Uint8Array<ArrayBuffer>) | null}} Started
 */
// ``restoredStdLibURL``: the standard library a restore loads (the build's snapshot: only
// the files its Python has not imported), the whole one (``stdLibURL``) otherwise.
/**
 * @param {{loadPyodide: typeof import("pyodide").loadPyodide, indexURL: string,
 *   stdLibURL?: string, restoredStdLibURL?: string, wheel: string | Uint8Array,
 *   saved?: Uint8Array | Promise<Uint8Array> | null, snapshots?: boolean, progress?: Report}} options
 * @returns {Promise<Started>}
 */
export async function boot({
  loadPyodide, indexURL, stdLibURL, restoredStdLibURL, wheel, saved = null, snapshots = false,
  progress = () => {},
}) {
  const bytes = typeof wheel === "string" ? fetchBytes(wheel) : Promise.resolve(wheel);
  bytes.catch(function () {}); // its failure is reported below, once awaited
  const where = stdLibURL ? { indexURL, stdLibURL } : { indexURL };
  if (saved) {
    progress("restoring");
    const stdlib = restoredStdLibURL ? { stdLibURL: restoredStdLibURL } : {};
    // The build's snapshot is stored as a difference from the memory Pyodide's module
    // starts with: made whole as that module is instantiated (snapshot.mjs).
    const whole = whenInstantiated(saved);
    try {
      const pyodide = await untilLoaded(loadPyodide({ ...where, ...stdlib, ...restoring(saved) })).finally(whole);
      return install(pyodide, await bytes, progress, true);
    } catch (/** @type {any} */ error) {
      await bytes; // a wheel that cannot be fetched fails the start, restored or not
      console.warn("Python's snapshot was not restored:", String((error && error.message) || error));
    }
  }
  progress("runtime");
  const pyodide = await untilLoaded(loadPyodide({ ...where, ...(snapshots ? making() : {}) }));
  return install(pyodide, await bytes, progress, false, snapshots, Boolean(saved));
}

/**
 * @param {Pyodide} pyodide
 * @param {Uint8Array} data the wheel
 * @param {Report} progress
 * @param {boolean} restored
 * @param {boolean} [snapshots]
 * @param {boolean} [refused] a snapshot was to be restored, and could not be (the page says so)
 * @returns {Started}
 */
function install(pyodide, data, progress, restored, snapshots = false, refused = false) {
  progress("engine");
  // A snapshot holds memory, not files: the wheel is unpacked after a restore too.
  const purelib = pyodide.runPython('import sysconfig; sysconfig.get_paths()["purelib"]');
  pyodide.unpackArchive(data, "wheel", { extractDir: purelib });
  if (restored) freshen(pyodide);
  const handle = pyodide.pyimport("lansquenet.web").handle;
  // What Python holds now (the standard library's modules, the engine's) lives as long
  // as the worker: left out of the cycle collector's runs from now on (gc.freeze), which
  // then go through what the games make, not through Python's whole start. The first
  // request of a page just opened makes thousands of objects (at move 1 000, a carried
  // game's record holds 333 deals) and so starts the collector, while the worker's code
  // is still cold: going through everything took some 25 ms there (benchmarks, 9c).
  pyodide.runPython("import gc; gc.freeze()");
  progress("ready", { from: restored ? "snapshot" : "plain", refused });
  return {
    pyodide,
    restored,
    handle: function (/** @type {string} */ requestJSON) { return handle(requestJSON); },
    // Everything the engine will import, imported; then the memory, as bytes.
    snapshot: snapshots ? function () {
      pyodide.runPython(PREPARE);
      return take(pyodide);
    } : null,
  };
}

// What a restored Python must not keep of the one its snapshot was taken from (the
// build's Node.js, or this browser on another day): before the first request, its random
// generator drawn afresh from this browser's entropy (os.urandom reads
// crypto.getRandomValues), so that every quick game is a new one (a seeded one still
// replays exactly: it never draws from this generator); its locale and LANG from this
// browser's language, and its time zone from this browser's clock, as a plain start sets
// them (Emscripten's LANG and tzset, CPython's time module). The zone's names that C
// keeps (time.strftime's %Z) stay the snapshot's. hash() stays the snapshot's too: the
// engine's answers never depend on it.
/** @param {Pyodide} pyodide */
export function freshen(pyodide) {
  const lang = (globalThis.navigator?.language ?? "C").replace("-", "_") + ".UTF-8";
  const scope = pyodide.toPy({});
  try {
    pyodide.runPython(FRESHEN, { globals: scope });
    scope.get("freshen")(lang, JSON.stringify(timeZone()));
  } finally {
    scope.destroy();
  }
}

const FRESHEN = `
def freshen(lang, zone):
    import _locale, json, os, random, time
    random.seed()
    os.environ["LANG"] = lang
    try:
        _locale.setlocale(_locale.LC_CTYPE, "")
    except _locale.Error:
        pass
    for name, value in json.loads(zone).items():
        setattr(time, name, tuple(value) if name == "tzname" else value)
`;

// The time module's zone as CPython computes it at a start, from the offsets of January
// and July, named as Emscripten names them ("UTC+0100").
function timeZone() {
  const year = new Date().getFullYear();
  const january = new Date(year, 0, 1).getTimezoneOffset();
  const july = new Date(year, 6, 1).getTimezoneOffset();
  /** @param {number} minutes */
  const name = function (minutes) {
    const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0");
    return "UTC" + (minutes >= 0 ? "-" : "+") + hours + String(Math.abs(minutes) % 60).padStart(2, "0");
  };
  const standard = Math.max(january, july);
  const summer = Math.min(january, july);
  return {
    timezone: standard * 60, altzone: summer * 60, daylight: Number(january !== july),
    tzname: [name(standard), name(summer)],
  };
}

// Every module of the engine imported (their imports with them), nothing else run.
const PREPARE = `
import importlib, pkgutil, lansquenet
for _m in pkgutil.iter_modules(lansquenet.__path__):
    if _m.name != "__main__":
        importlib.import_module("lansquenet." + _m.name)
del _m
`;

// Pyodide only warns when its WebAssembly cannot be fetched or compiled, and its
// loadPyodide() then never settles: that warning is turned into a failure here.
/**
 * @param {Promise<Pyodide>} loading
 * @returns {Promise<Pyodide>}
 */
async function untilLoaded(loading) {
  const warn = console.warn;
  /** @type {(error: Error) => void} */
  let failed;
  const failure = new Promise(function (resolve, reject) { failed = reject; });
  console.warn = function (...args) {
    warn.apply(console, args);
    if (typeof args[0] === "string" && /wasm instantiation failed/i.test(args[0])) {
      failed(new Error("Python's WebAssembly could not be loaded"));
    }
  };
  try {
    return await Promise.race([loading, failure]);
  } finally {
    console.warn = warn;
  }
}

// The build's snapshot (``length`` bytes once decompressed; zstd-compressed, decompressed
// by the module at ``decoder``, which the build puts beside it: snapshot.py),
// fetched and decompressed as it arrives: a promise of its bytes, which rejects when it
// cannot be fetched or is corrupt (the format's check, or the size): Python then starts plainly.
/**
 * @param {string} url
 * @param {number} length
 * @param {string} decoder
 * @returns {Promise<Uint8Array>}
 */
async function fetchSnapshot(url, length, decoder) {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error("HTTP " + response.status + " for " + url);
  return unzstd(response.body, length, decoder);
}

/** @param {string} url */
async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error("HTTP " + response.status + " for " + url);
  return new Uint8Array(await response.arrayBuffer());
}

// Counts the bytes of every response fetched from now on whose address starts with one
// of ``prefixes``: report(bytes) at each chunk. (Pyodide fetches its WebAssembly, its
// standard library and its lock file with fetch; the wheel is fetched above.)
/**
 * @param {string[]} prefixes
 * @param {(bytes: number) => void} report
 */
function countDownloads(prefixes, report) {
  const plain = self.fetch.bind(self);
  self.fetch = async function (input, init) {
    const response = await plain(input, init);
    const url = String(input && /** @type {Request} */ (input).url ? /** @type {Request} */ (input).url : input);
    if (!response.ok || !response.body || !prefixes.some(function (p) { return url.startsWith(p); })) {
      return response;
    }
    const counter = new TransformStream({
      transform: function (chunk, out) { report(chunk.byteLength); out.enqueue(chunk); },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status, statusText: response.statusText, headers: response.headers,
    });
  };
}

// Whether Python's files cannot be reached at all (offline, and never kept).
/** @param {string} indexURL */
async function unreachable(indexURL) {
  try {
    await fetch(new URL("pyodide.mjs", indexURL).href, { cache: "no-store" });
    return false;
  } catch (error) {
    return true;
  }
}

const inWorker = typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope;

if (inWorker) {
  const indexURL = new URL("../pyodide/", import.meta.url).href;
  const scope = new URL("../../", import.meta.url).href; // the site's top folder
  const params = new URL(self.location.href).searchParams;
  const wheel = params.get("wheel");
  let ready = false;
  let failed = false;
  // Every message goes through here. Once Python has failed, nothing more is said of its
  // loading but the failure itself (``final``): a download still under way must not turn
  // "failed" back into a progress bar.
  /**
   * @param {Bridge.FromWorker} message
   * @param {boolean} [final]
   */
  const post = function (message, final = false) {
    if (final || !failed || !message.progress) self.postMessage(message);
  };
  const engine = (async function () {
    if (!wheel) throw new Error("no wheel address given to the worker");
    // Under `mkdocs serve` (no service worker) the engine changes with every save.
    const snapshots = params.get("snapshots") !== "off";
    // The snapshot is read and gunzipped while Pyodide's modules load, its key checked
    // once they have: on a return visit, nothing waits for anything else.
    const found = snapshots ? kept(scope) : forget(scope).then(function () { return /** @type {null} */ (null); });
    // Pyodide's runtime module too: loadPyodide imports it only once pyodide.mjs has
    // loaded; the same address then comes from the module map. Its failure is loadPyodide's.
    import(new URL("pyodide.asm.mjs", indexURL).href).catch(function () {});
    const [{ loadPyodide, version }, runtime] = await Promise.all([
      import(new URL("pyodide.mjs", indexURL).href),
      import(new URL("runtime.mjs", indexURL).href).then(function (module) { return module.default; }),
    ]);
    const stdLibURL = new URL(runtime.stdlib, indexURL).href;
    let stage = "idle";
    let loaded = 0;
    let told = 0;
    // Where Python comes from: "snapshot" (kept by an earlier visit), "build-snapshot"
    // (the build's, downloaded: its bytes are counted with Python's, then "restoring"),
    // or a plain start.
    /** @type {"snapshot" | "build-snapshot"} */
    let source = "snapshot";
    let total = runtime.bytes;
    /** @returns {Bridge.Progress} */
    const downloaded = function () { return source === "build-snapshot" ? "restoring" : "starting"; };
    countDownloads([indexURL, new URL(wheel).href.split("?")[0]], function (n) {
      loaded += n;
      if (stage !== "runtime") return;
      if (loaded >= total) { const next = downloaded(); stage = next; post({ progress: next }); return; }
      const now = Date.now();
      if (now - told >= 100) { told = now; post({ progress: "runtime", loaded, total }); }
    });
    /** @type {Report} */
    const progress = function (name, more) {
      if (name === "restoring" && source === "build-snapshot" && loaded < total) name = "runtime";
      stage = name;
      if (name === "runtime") post({ progress: name, loaded, total });
      else if (name === "ready") {
        const { from, refused } = /** @type {{from?: string, refused?: boolean}} */ (more || {});
        post({ progress: name, from: from === "plain" ? "plain" : source, refused: Boolean(refused) });
      }
      else post(Object.assign({ progress: /** @type {Bridge.Progress} */ (name) }, more));
    };
    const key = snapshotKey({
      pyodide: version,
      wheel: new URL(wheel).searchParams.get("v") || wheel,
      stdlib: runtime.stdlib_digest,
    });
    const snapshot = await found;
    if (snapshot && !snapshot.has(key)) snapshot.drop(); // stale: another Pyodide or engine
    let saved = snapshot && snapshot.has(key) ? snapshot.bytes : null;
    // None kept: the build's snapshot, made for this very start (runtime.mjs names it and
    // its key), but for a reader who asked to save data (a plain start downloads 3.6 MB less).
    const built = runtime.snapshot;
    /** @type {string | undefined} */
    let restoredStdLibURL;
    if (!saved && snapshots && built && built.key === key && params.get("data") !== "save") {
      const decoder = new URL(built.decoder, indexURL).href;
      saved = fetchSnapshot(new URL(built.file, indexURL).href, built.length, decoder);
      saved.catch(function () {}); // its failure is a plain start (boot), not the worker's
      source = "build-snapshot";
      // Its Python has imported most of the standard library: a smaller zip holds the rest.
      if (built.stdlib) restoredStdLibURL = new URL(built.stdlib, indexURL).href;
      // (Its decoder, a module the worker imports, is not fetched here: not counted.)
      total += built.bytes - (built.stdlib ? built.stdlib_saved : 0);
    }
    const started = await boot({
      loadPyodide, indexURL, stdLibURL, restoredStdLibURL, wheel, saved, snapshots, progress,
    });
    if (started.snapshot) {
      // After "ready", before the first request: the engine imported, no game in it.
      let bytes = null;
      try { bytes = started.snapshot(); } catch (error) { bytes = null; }
      if (bytes) keep(scope, key, bytes).then(function (kept) { post({ progress: "kept", kept }); });
    }
    return started.handle;
  })();
  /** @param {any} error */
  const fail = function (error) {
    console.warn("Python could not start:", String((error && error.message) || error)); // the whole, for the developer
    if (failed) return;
    failed = true;
    unreachable(indexURL).then(function (offline) {
      if (offline) post({ progress: "offline" }, true);
      else post({ progress: "failed", error: said(error) }, true);
    });
  };
  engine.then(function () { ready = true; }, fail);
  // Until Python has started, a promise it leaves rejected (a file that could not be
  // fetched) means it will not start: say so once, rather than leave uncaught errors.
  self.addEventListener("unhandledrejection", function (event) {
    if (ready) return;
    event.preventDefault();
    fail(event.reason);
  });

  self.addEventListener("message", function (event) {
    /** @type {Bridge.ToWorker} */
    const { id, request } = /** @type {MessageEvent} */ (event).data || {};
    engine.then(
      function (handle) {
        let response;
        try {
          response = handle(String(request));
        } catch (error) {  // lansquenet.web.handle catches everything; this is the last net
          console.warn("The engine failed:", String(error)); // the whole, for the developer
          response = JSON.stringify({ error: { code: "internal", message: said(error) } });
        }
        post({ id, response });
      },
      // Python did not start: no answer of its own. The failure's one message ("failed",
      // or "offline" once the network is checked: fail() above) tells the page, which
      // then answers every request still waiting with that failure (engine.js).
      function () {},
    );
  });
}

// What a reader is told of an error: its last line ("ImportError: No module named 'x'"),
// never a traceback (Pyodide's errors carry Python's whole), at most 200 characters.
/**
 * @param {any} error
 * @returns {string}
 */
function said(error) {
  const text = String((error && error.message) || error).trim();
  const last = text.split("\n").filter(function (line) { return line.trim(); }).pop() || text;
  return last.trim().slice(0, 200);
}
