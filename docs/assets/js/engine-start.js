// Starts the engine's worker as soon as the page's play area is parsed, on the pages
// where Python starts at once (play, learn): loaded `async`, right after the element
// that holds the wheel's address (play.py, learn_page.py), it runs before Material's
// script and the page's own modules are done, so that Python loads meanwhile.
// play.js and learn.js import the same engine.js (one module per address): they find
// the worker started, and its progress so far (engine.js onProgress).
import { start } from "./engine.js";

start();
