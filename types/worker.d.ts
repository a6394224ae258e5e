// What the workers' scripts use and the worker's types do not say (tsconfig.worker.json).

// sw.js: filled in by site_plugins/lansquenet_site/offline.py when it writes the file.
/** Every page of both languages, the styles, the scripts, the search indexes. */
declare const __PRECACHE__: string[];
/** Pyodide and the engine's wheel, kept on first use. */
declare const __ON_USE__: string[];
