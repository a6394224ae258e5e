// Python's memory snapshot, made at build time (snapshot.py runs this under Node.js 20):
// the site's own start (boot() of docs/assets/js/engine-worker.mjs, the site's Pyodide,
// its trimmed standard library, the engine's wheel), then the snapshot's raw bytes.
//
//   node make_snapshot.mjs WORKER PYODIDE_DIR WHEEL OUT
//
// What Node.js would leave in it that a browser does not is set as a browser's worker
// has it: the program's name (Emscripten's "./this.program", not this script's path:
// sys.executable, os.environ["_"]) and no build machine's time zone (UTC); the reader's
// language and zone are set after each restore (freshen() in engine-worker.mjs).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [worker, pyodideDir, wheel, out] = process.argv.slice(2);
process.argv[1] = "./this.program";
process.env.TZ = "UTC";

const { boot } = await import(pathToFileURL(worker).href);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const started = await boot({
  loadPyodide,
  indexURL: pyodideDir.endsWith("/") ? pyodideDir : pyodideDir + "/",
  wheel: new Uint8Array(readFileSync(wheel)),
  snapshots: true,
});
writeFileSync(out, started.snapshot());
