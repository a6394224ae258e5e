// Times benchmarks/session_bench.py's measure_here() inside Pyodide under Node.js: the
// npm package's Python, the engine's wheel installed by the site worker's own boot()
// (docs/assets/js/engine-worker.mjs), every request through lansquenet.web.handle.
//
//   node benchmarks/pyodide_session.mjs WHEEL SESSION_BENCH_PY REPEATS
//
// Prints measure_here()'s JSON (the 5 000-action opening is CPython's figure).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { boot } from "../docs/assets/js/engine-worker.mjs";

const [wheelPath, benchPath, repeatsText] = process.argv.slice(2);
const repeats = Number(repeatsText || "3");
const pyodideURL = new URL("../node_modules/pyodide/", import.meta.url);
const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideURL).href);

const { pyodide } = await boot({
  loadPyodide,
  indexURL: fileURLToPath(pyodideURL),
  wheel: new Uint8Array(readFileSync(wheelPath)),
});

// In Pyodide's own (in-memory) working folder, like pyodide_deals.mjs.
const folder = pyodide.FS.cwd() + "/lqbench";
pyodide.FS.mkdirTree(folder);
pyodide.FS.writeFile(folder + "/lq_session_bench.py", readFileSync(benchPath, "utf-8"));
// session_bench.py's games come from localsite/games.py (shared with the tests)
pyodide.FS.mkdirTree(folder + "/localsite");
for (const name of ["__init__.py", "games.py"]) {
  const file = new URL(`../localsite/${name}`, import.meta.url);
  pyodide.FS.writeFile(`${folder}/localsite/${name}`, readFileSync(file, "utf-8"));
}
const answer = pyodide.runPython(`
import json, sys
sys.path.insert(0, ${JSON.stringify(folder)})
from lq_session_bench import measure_here
json.dumps(measure_here(${repeats}, 0))
`);
process.stdout.write(answer);
