// @ts-check
// The play page's Python, started as soon as this module and engine.js have come: an async
// module script right after the page's table (templates/play.html), so the worker no longer
// waits for play.js's modules, the rest of the page's parsing and Material's script, a
// quarter of a second and more before it on a fast machine (benchmarks 3a, 3c, 3e). play.js
// then finds it running (start() is safe to call again).
import { start } from "./engine.js";

start();
