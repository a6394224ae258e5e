// Replays scenarios inside Pyodide under Node.js, through the very code the site's worker
// runs (boot() of docs/assets/js/engine-worker.mjs) and lansquenet.web.handle.
//
//   node replay.mjs WHEEL CASES_DIR [CASES_DIR...] [--doctest] [--restore] [--snapshot FILE] [--stdlib ZIP] [--modules]
//
// Prints one JSON object: {"python": version, "results": {NAME: answer}, "session":
// [answer of each request of session-requests.json], "doctests": {module: [failed,
// attempted]}}, where each NAME.json of each CASES_DIR (not the .expected.json files;
// spec/conformance and spec/conformance/variants, whose names differ) was sent as
// {"op": "replay", "scenario": <its object>}, and
// --doctest ran the doctests of every module of the installed wheel inside Pyodide
// (doctests.py). With --restore, Python is started plainly, snapshotted
// (docs/assets/js/snapshot.mjs), and everything then runs in a second Python restored
// from that snapshot ("restored": true, "snapshot_bytes": its size); with --snapshot,
// Python is restored from FILE's raw bytes (the build's snapshot). With --stdlib,
// Python loads that standard library instead of Pyodide's own. With --modules,
// "stdlib" lists the standard library's files that Python has imported by then (paths
// inside python_stdlib.zip): what site_plugins/lansquenet_site/stdlib.txt must keep.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { boot } from "../../docs/assets/js/engine-worker.mjs";

const [wheelPath, ...rest] = process.argv.slice(2);
const firstFlag = rest.findIndex(function (arg) { return arg.startsWith("--"); });
const casesDirs = firstFlag < 0 ? rest : rest.slice(0, firstFlag);
const flags = firstFlag < 0 ? [] : rest.slice(firstFlag);
const pyodideURL = new URL("../../node_modules/pyodide/", import.meta.url);
const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideURL).href);
const stdlib = flags.includes("--stdlib") ? flags[flags.indexOf("--stdlib") + 1] : undefined;
const options = {
  loadPyodide,
  indexURL: fileURLToPath(pyodideURL),
  stdLibURL: stdlib,
  wheel: new Uint8Array(readFileSync(wheelPath)),
};

const made = flags.includes("--snapshot") ? readFileSync(flags[flags.indexOf("--snapshot") + 1]) : null;
let started = made
  ? await boot({ ...options, saved: new Uint8Array(made) })
  : await boot({ ...options, snapshots: flags.includes("--restore") });
let snapshotBytes = made ? made.length : 0;
if (flags.includes("--restore")) {
  const bytes = started.snapshot();
  snapshotBytes = bytes.length;
  started = await boot({ ...options, saved: new Uint8Array(bytes) });
}
const { pyodide, handle, restored } = started;

// Whatever Python prints (a failing doctest's report) goes to stderr: stdout is the JSON.
pyodide.setStdout({ batched: function (line) { process.stderr.write(line + "\n"); } });

const results = {};
for (const casesDir of casesDirs) {
  for (const name of readdirSync(casesDir).sort()) {
    if (!name.endsWith(".json") || name.endsWith(".expected.json")) continue;
    const scenario = JSON.parse(readFileSync(join(casesDir, name), "utf-8"));
    results[name.slice(0, -5)] = JSON.parse(handle(JSON.stringify({ op: "replay", scenario })));
  }
}

// A live session through the worker's ops (lansquenet.web): the requests of
// session-requests.json, in order, each answer kept.
const requests = JSON.parse(readFileSync(new URL("session-requests.json", import.meta.url), "utf-8"));
const session = requests.map(function (request) { return JSON.parse(handle(JSON.stringify(request))); });

// doctests.py, beside this file, runs in CPython too (test_node.py): same sources.
let doctests = {};
if (flags.includes("--doctest")) {
  const scope = pyodide.toPy({ __name__: "lansquenet_doctests" });
  pyodide.runPython(readFileSync(new URL("doctests.py", import.meta.url), "utf-8"), { globals: scope });
  doctests = JSON.parse(scope.get("result"));
  scope.destroy();
}
const python = pyodide.runPython("import sys; sys.version.split()[0]");
const stdlibFiles = flags.includes("--modules") ? JSON.parse(pyodide.runPython(`
import json, sys
_zip = sys.version_info[:2]
_zip = "/lib/python%d%d.zip/" % _zip
json.dumps(sorted({f[len(_zip):] for m in list(sys.modules.values())
                   if isinstance(f := getattr(m, "__file__", None), str) and f.startswith(_zip)}))
`)) : [];
process.stdout.write(JSON.stringify({
  python, results, session, doctests, restored, snapshot_bytes: snapshotBytes, stdlib: stdlibFiles,
}));
