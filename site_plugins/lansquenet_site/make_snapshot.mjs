// Python's memory snapshot, made at build time (snapshot.py runs this under Node.js 20):
// the site's own start (boot() of docs/assets/js/engine-worker.mjs, the site's Pyodide,
// its trimmed standard library, the engine's wheel), then the snapshot's raw bytes.
//
//   node make_snapshot.mjs WORKER PYODIDE_DIR WHEEL OUT
//
// It prints, as JSON, what snapshot.py checks: a restore copies the snapshot's heap
// into the heap a fresh module starts with and never grows it (Pyodide issue 6254), so
// {initial: that heap's size, read from this Pyodide (its WebAssembly memory when
// instantiated, before any growth), heap: the snapshot's heap, used: {start, engine,
// modules}: how far Python's heap reached (its break, sbrk) after a plain start, after
// the wheel and the engine's first import, and after every engine module's import}
// (heap() of snapshot.mjs, where Pyodide's private names are fenced).
//
// What Node.js would leave in it that a browser does not is set as a browser's worker
// has it: the program's name (Emscripten's "./this.program", not this script's path:
// sys.executable, os.environ["_"]) and no build machine's time zone (UTC); the reader's
// language and zone are set after each restore (freshen() in engine-worker.mjs).
//
// What it writes is smaller than Pyodide's snapshot once compressed, and restores the
// same memory (snapshot.mjs, "the build's snapshot"): the heap's free memory zeroed
// (after a garbage collection), and its first megabytes stored as a difference from the
// memory as the module was instantiated, which a restore puts back.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const [worker, pyodideDir, wheel, out] = process.argv.slice(2);
const LOADED = `
import json, sys, zipimport
where = next(path for path in sys.path if path.endswith(".zip")) + "/"
specs = [getattr(m, "__spec__", None) for m in list(sys.modules.values())]
loaded = {s.origin[len(where):] for s in specs if s and s.origin and s.origin.startswith(where)}
# Frozen modules (os, io, codecs...) never read the zip once imported.
for s in specs:
    if s and s.origin == "frozen":
        name = s.name.replace(".", "/")
        loaded |= {name + ".py", name + "/__init__.py"}
loaded = sorted(loaded)
zipimport._zip_directory_cache.clear()
sys.path_importer_cache.clear()
json.dumps(loaded)
`;
process.argv[1] = "./this.program";
process.env.TZ = "UTC";

// The heap a fresh module starts with: its memory's size as instantiated.
/** @type {number | null} */
let initial = null;
/** @type {Uint8Array | null} */
let fresh = null; // that memory's bytes as instantiated
for (const name of /** @type {const} */ (["instantiate", "instantiateStreaming"])) {
  const plain = WebAssembly[name];
  if (!plain) continue;
  WebAssembly[name] = /** @type {any} */ (async function (/** @type {any[]} */ ...args) {
    const made = await /** @type {any} */ (plain).apply(WebAssembly, args);
    const memory = (made.instance || made).exports?.memory;
    if (initial === null && memory instanceof WebAssembly.Memory) {
      initial = memory.buffer.byteLength;
      fresh = new Uint8Array(memory.buffer).slice();
    }
    return made;
  });
}

const { boot } = await import(pathToFileURL(worker).href);
const { heap, take, toDelta, zeroFree } = await import(pathToFileURL(join(dirname(worker), "snapshot.mjs")).href);
const pyodideModule = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
/** @type {any} */
let pyodide = null;
/** @type {Record<string, number>} */
const used = {};
const reached = function () { return heap(pyodide).reached; };
const started = await boot({
  loadPyodide: async function (/** @type {any} */ options) {
    pyodide = await pyodideModule.loadPyodide(options);
    return pyodide;
  },
  indexURL: pyodideDir.endsWith("/") ? pyodideDir : pyodideDir + "/",
  wheel: new Uint8Array(readFileSync(wheel)),
  snapshots: true,
  progress: function (/** @type {string} */ stage) {
    if (stage === "engine") used.start = reached();
    if (stage === "ready") used.engine = reached();
  },
});
started.snapshot(); // every engine module imported (the worker's own preparation)
used.modules = reached();
// The standard library's files already imported (in the heap): a restore needs only the
// others (snapshot.py ships them in a smaller zip). zipimport's record of the zip is
// forgotten, so that a restored Python reads the zip it is given, not this one.
const scope = pyodide.toPy({});
const loaded = JSON.parse(pyodide.runPython(LOADED, { globals: scope }));
scope.destroy();
pyodide.runPython("import gc; gc.collect()");
zeroFree(pyodide);
const snapshot = take(pyodide);
if (!fresh) throw new Error("the WebAssembly's memory was never seen");
toDelta(snapshot, fresh);
writeFileSync(out, snapshot);
process.stdout.write(JSON.stringify({ initial, heap: heap(pyodide).size, used, loaded }) + "\n");
