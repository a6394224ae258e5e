// What a restored Python keeps of the Python its snapshot was taken from, under Node.js,
// through the very code the site's worker runs (boot() of docs/assets/js/engine-worker.mjs).
//
//   node fresh.mjs WHEEL [SNAPSHOT STDLIB]
//
// A snapshot is taken in one time zone (America/New_York), with no language, then
// restored twice in another zone (Asia/Kolkata), in French (navigator.language "fr-FR"),
// where a plain start is made too, with no language. Prints one JSON object:
// {"plain": facts, "restored": [facts, facts]}, where facts are what a reader's Python
// could show of its start (os.environ, sys.executable, the locale, the time module's
// zone), "frozen" and "tracked": the objects left out of the cycle collector's runs and
// those in them, "draw": a number from the module's random generator, "quick": the seed of an
// unseeded quick game and "seeded": quick game 12. With SNAPSHOT (a file of raw snapshot
// bytes, as the build makes it, over the standard library STDLIB), that snapshot is
// restored instead of one taken here. Every start names its program as a browser's
// worker does ("./this.program", not this script's path).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { boot } from "../../docs/assets/js/engine-worker.mjs";

const [wheelPath, snapshotPath, stdlib] = process.argv.slice(2);
process.argv[1] = "./this.program";
const pyodideURL = new URL("../../node_modules/pyodide/", import.meta.url);
const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideURL).href);
const options = {
  loadPyodide,
  indexURL: fileURLToPath(pyodideURL),
  stdLibURL: stdlib,
  wheel: new Uint8Array(readFileSync(wheelPath)),
};

const FACTS = `
import _locale, gc, json, os, random, sys, time
json.dumps({
    "frozen": gc.get_freeze_count(), "tracked": len(gc.get_objects()),
    "environ": dict(os.environ), "executable": sys.executable, "orig_argv": sys.orig_argv,
    "locale": _locale.setlocale(_locale.LC_CTYPE), "timezone": time.timezone,
    "altzone": time.altzone, "daylight": time.daylight, "tzname": time.tzname,
    "draw": random.random(),
})
`;

function facts({ pyodide, handle }) {
  const found = JSON.parse(pyodide.runPython(FACTS));
  found.quick = JSON.parse(handle(JSON.stringify({ op: "quick", lang: "en" }))).scenario.seed;
  const seeded = JSON.parse(handle(JSON.stringify({ op: "quick", seed: 12, lang: "en" })));
  found.seeded = seeded.scenario;
  return found;
}

process.env.TZ = "America/New_York";
let bytes;
if (snapshotPath) bytes = new Uint8Array(readFileSync(snapshotPath));
else bytes = (await boot({ ...options, snapshots: true })).snapshot();
process.env.TZ = "Asia/Kolkata";
// As a browser says its language (Node 20 has no navigator, and Pyodide starts plainly
// under Node only without one).
globalThis.navigator = { language: "fr-FR" };
const restored = [];
for (let i = 0; i < 2; i++) {
  const started = await boot({ ...options, saved: new Uint8Array(bytes) });
  if (!started.restored) throw new Error("the snapshot was not restored");
  restored.push(facts(started));
}
delete globalThis.navigator;
const plain = facts(await boot(options));
process.stdout.write(JSON.stringify({ plain, restored }));
