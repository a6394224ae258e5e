// Times benchmarks/deals.py inside Pyodide under Node.js: the npm package's Python, the
// engine's wheel installed by the site worker's own boot() (docs/assets/js/engine-worker.mjs).
//
//   node benchmarks/pyodide_deals.mjs WHEEL DEALS_PY DEALS REPEATS
//
// Prints one JSON object: {"python", "boot_s", "runs": [{"seconds", "result"}]}, where
// each run is run_deals(DEALS) timed with time.perf_counter inside Python, after one
// warm-up run of a tenth of the size.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { boot } from "../docs/assets/js/engine-worker.mjs";

const [wheelPath, dealsPath, dealsText, repeatsText] = process.argv.slice(2);
const deals = Number(dealsText);
const repeats = Number(repeatsText || "3");
const pyodideURL = new URL("../node_modules/pyodide/", import.meta.url);
const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideURL).href);

const started = performance.now();
const { pyodide } = await boot({
  loadPyodide,
  indexURL: fileURLToPath(pyodideURL),
  wheel: new Uint8Array(readFileSync(wheelPath)),
});
const bootSeconds = (performance.now() - started) / 1000;

// In Pyodide's own (in-memory) file system, beside its working folder.
const folder = pyodide.FS.cwd() + "/lqbench";
pyodide.FS.mkdirTree(folder);
pyodide.FS.writeFile(folder + "/lq_deals.py", readFileSync(dealsPath, "utf-8"));
const answer = pyodide.runPython(`
import json, sys, time
sys.path.insert(0, ${JSON.stringify(folder)})
from lq_deals import run_deals
run_deals(max(1, ${deals} // 10))
runs = []
for _ in range(${repeats}):
    start = time.perf_counter()
    result = run_deals(${deals})
    runs.append({"seconds": time.perf_counter() - start, "result": result})
json.dumps({"python": sys.version.split()[0], "runs": runs})
`);
const out = JSON.parse(answer);
out.boot_s = bootSeconds;
process.stdout.write(JSON.stringify(out));
