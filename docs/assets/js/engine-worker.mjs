// The engine's worker: Python (Pyodide, from this site's own assets/pyodide/) and the
// lansquenet wheel, answering JSON requests through lansquenet.web.handle. A module
// worker (Pyodide 314 supports no other kind), started by engine.js.
//
// Protocol (all messages are plain objects):
//   page -> worker  {id, request}     request: the JSON text of a request (lansquenet/web.py)
//   worker -> page  {id, response}    response: the JSON text of the answer
//                   {progress}        "runtime" (Python loading), "engine" (installing
//                                     the wheel), "ready"
//                   {progress: "failed", error}   Python could not start; every request,
//                                     pending or later, is then answered {id, error}
// The wheel's address comes in the worker's own URL: engine-worker.mjs?wheel=<URL>.

// Start Python and install the engine; resolves to {pyodide, handle}, where
// handle(requestJSON) -> answerJSON. Exported so that the Node.js tests (tests/pyodide)
// run this very code.
export async function boot({ loadPyodide, indexURL, wheel, progress = () => {} }) {
  progress("runtime");
  const bytes = typeof wheel === "string" ? fetchBytes(wheel) : Promise.resolve(wheel);
  bytes.catch(function () {}); // its failure is reported below, once awaited
  const pyodide = await untilLoaded(loadPyodide({ indexURL }));
  const data = await bytes;
  progress("engine");
  const purelib = pyodide.runPython('import sysconfig; sysconfig.get_paths()["purelib"]');
  pyodide.unpackArchive(data, "wheel", { extractDir: purelib });
  const handle = pyodide.pyimport("lansquenet.web").handle;
  progress("ready");
  return { pyodide, handle: function (requestJSON) { return handle(requestJSON); } };
}

// Pyodide only warns when its WebAssembly cannot be fetched or compiled, and its
// loadPyodide() then never settles: that warning is turned into a failure here.
async function untilLoaded(loading) {
  const warn = console.warn;
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

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error("HTTP " + response.status + " for " + url);
  return new Uint8Array(await response.arrayBuffer());
}

const inWorker = typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope;

if (inWorker) {
  const indexURL = new URL("../pyodide/", import.meta.url).href;
  const wheel = new URL(self.location.href).searchParams.get("wheel");
  const post = function (message) { self.postMessage(message); };
  const engine = (async function () {
    if (!wheel) throw new Error("no wheel address given to the worker");
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    const started = await boot({ loadPyodide, indexURL, wheel, progress: function (p) { post({ progress: p }); } });
    return started.handle;
  })();
  let ready = false;
  let failed = false;
  const fail = function (error) {
    if (failed) return;
    failed = true;
    post({ progress: "failed", error: String((error && error.message) || error) });
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
    const { id, request } = event.data || {};
    engine.then(
      function (handle) {
        let response;
        try {
          response = handle(String(request));
        } catch (error) {  // lansquenet.web.handle catches everything; this is the last net
          response = JSON.stringify({ error: { code: "internal", message: String(error) } });
        }
        post({ id, response });
      },
      function (error) { post({ id, error: String((error && error.message) || error) }); },
    );
  });
}
