// @ts-check
// Python restored from a memory snapshot: Pyodide's private options, fenced here and
// nowhere else, and the snapshot kept in the browser (Cache Storage, gzip-compressed).
//
// Pyodide 314 marks these options private (`@ignore` in pyodide.d.ts): `_makeSnapshot`
// (a loadPyodide that can be snapshotted; pyodide.makeMemorySnapshot() throws without
// it), `_loadSnapshot` (the bytes to restore, instead of starting the interpreter) and
// `makeMemorySnapshot()` (WebAssembly memory + the JS objects Python holds, as bytes).
// A snapshot holds memory only: files (the engine's wheel) are unpacked again after a
// restore, and the standard library must be the same file (its zip directory is cached
// in memory): the key below names Pyodide's version, the wheel's and the stdlib's digests.
// Pyodide itself refuses a snapshot of another build ("Snapshot build id mismatch").
// tests/pyodide/test_snapshot.py fails when an update renames or changes these.
//
//   loadPyodide({ indexURL, ...making() })             // a start that may be snapshotted
//   const bytes = take(pyodide);                       // right after the engine's imports
//   loadPyodide({ indexURL, ...restoring(bytes) })     // a later start
//   await keep(scope, key, bytes); await kept(scope);  // Cache Storage (browsers only)

export const OPTIONS = { make: "_makeSnapshot", load: "_loadSnapshot" };
export const METHOD = "makeMemorySnapshot";
// The build reads Python's heap too (make_snapshot.mjs): a restore copies a snapshot into
// the heap a fresh module starts with and never grows it (Pyodide issue 6254), so the
// snapshot must fit it. Pyodide's Emscripten module (private: ``_module``) tells the
// heap's size (HEAP8) and how far Python's heap reaches (its break: sbrk).
export const MODULE = "_module";

// loadPyodide's options for a start that may be snapshotted afterwards.
export function making() {
  return { [OPTIONS.make]: true };
}

// loadPyodide's options to restore ``bytes`` (a Uint8Array).
/** @param {Uint8Array | Promise<Uint8Array>} bytes */
export function restoring(bytes) {
  return { [OPTIONS.load]: bytes };
}

// The snapshot of a Pyodide started with making(): a Uint8Array.
/**
 * @param {import("pyodide").PyodideAPI} pyodide
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function take(pyodide) {
  return /** @type {any} */ (pyodide)[METHOD]();
}

// Python's heap now: its size and how far it is used (its break), in bytes.
/**
 * @param {import("pyodide").PyodideAPI} pyodide
 * @returns {{size: number, reached: number}}
 */
export function heap(pyodide) {
  const module = /** @type {any} */ (pyodide)[MODULE];
  return { size: module.HEAP8.length, reached: module.HEAPU32[module._emscripten_get_sbrk_ptr() >> 2] };
}

// --- the build's snapshot: a difference from a fresh module's memory -------------------
// Most of the heap's first megabytes (Python's static data: docstrings, tables) are as the
// WebAssembly's data segments left them when the module was instantiated, and the snapshot
// repeats them: the build stores those bytes XOR the fresh memory (zero where nothing
// changed, which gzip squeezes to nothing), and names how many in the header's word 3
// (Pyodide writes 0 there and never reads it). Before a restore, whenInstantiated() puts
// them back from the fresh memory of the module Pyodide instantiates (the same
// WebAssembly, so the same bytes), before Pyodide copies the snapshot into it. A snapshot
// whose word 3 is 0 (one kept by a browser) is restored as it is. The build also zeroes
// the heap's free memory first (zeroFree): stale bytes nobody reads, that gzip would keep.
const DELTA_WORD = 3;

// XOR the heap of ``snapshot`` (after its header) with ``memory``'s first ``extent``
// bytes (a multiple of 4): the build's encoding and the restore's decoding alike.
/**
 * @param {Uint8Array} snapshot
 * @param {Uint8Array} memory
 * @param {number} extent
 */
export function xorHeap(snapshot, memory, extent) {
  const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4)[1];
  const heapWords = new Uint32Array(snapshot.buffer, snapshot.byteOffset + header, extent / 4);
  const fresh = new Uint32Array(memory.buffer, memory.byteOffset, extent / 4);
  for (let i = 0; i < heapWords.length; i++) heapWords[i] ^= fresh[i];
}

// The build's side: ``snapshot`` (Pyodide's bytes) stored as a difference from ``fresh``
// (the memory as instantiated), in place.
/**
 * @param {Uint8Array} snapshot
 * @param {Uint8Array} fresh
 */
export function toDelta(snapshot, fresh) {
  let extent = fresh.length;
  while (extent > 0 && fresh[extent - 1] === 0) extent--;
  extent = Math.min(Math.ceil(extent / 4) * 4, fresh.length, snapshot.length - heapStart(snapshot));
  xorHeap(snapshot, fresh, extent);
  new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4)[DELTA_WORD] = extent;
}

/** @param {Uint8Array} snapshot */
function heapStart(snapshot) {
  return new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4)[1];
}

// The export that tells Python's WebAssembly module from any other.
const PYTHON_EXPORT = "_PyRuntime";

// The restore's side: until the returned function is called, the first WebAssembly
// module instantiated with a memory of its own and Python's runtime in it has ``saved`` (a snapshot, or a promise
// of one) made whole from that memory, if it is a difference, before Pyodide sees the
// module. Call the returned function once loadPyodide has settled.
/**
 * @param {Uint8Array | Promise<Uint8Array>} saved
 * @returns {() => void}
 */
export function whenInstantiated(saved) {
  /** @type {Record<string, any>} */
  const plain = {};
  let done = false;
  for (const name of /** @type {const} */ (["instantiate", "instantiateStreaming"])) {
    plain[name] = WebAssembly[name];
    if (!plain[name]) continue;
    WebAssembly[name] = /** @type {any} */ (async function (/** @type {any[]} */ ...args) {
      const made = await plain[name].apply(WebAssembly, args);
      const exports = (made.instance || made).exports;
      const memory = exports?.memory;
      // Python's own module (its runtime's state exported), not another one instantiated
      // meanwhile (the build snapshot's zstd decoder: unzstd below).
      if (!done && memory instanceof WebAssembly.Memory && exports && PYTHON_EXPORT in exports) {
        done = true;
        const bytes = await saved;
        const words = new Uint32Array(bytes.buffer, bytes.byteOffset, 4);
        const extent = words[DELTA_WORD];
        if (extent > 0 && extent % 4 === 0 && extent <= memory.buffer.byteLength && heapStart(bytes) + extent <= bytes.length) {
          xorHeap(bytes, new Uint8Array(memory.buffer), extent);
          words[DELTA_WORD] = 0;
        }
      }
      return made;
    });
  }
  return function () {
    for (const name of Object.keys(plain)) if (plain[name]) WebAssembly[/** @type {"instantiate"} */ (name)] = plain[name];
  };
}

// The build's side: the heap's free memory zeroed, without growing the memory. First the
// free blocks of Python's small-object allocator: zero-filled bytes objects of each of
// its sizes, 256 at a time, until the heap's break moves (or nears the memory's end),
// then dropped. Then every free chunk of C's malloc, and the memory past the break:
// malloc'd (large sizes first, never closer than a megabyte to the memory's end; small
// ones until they come from past the break), zeroed, freed. Returns the bytes zeroed.
/** @param {import("pyodide").PyodideAPI} pyodide */
export function zeroFree(pyodide) {
  const module = /** @type {any} */ (pyodide)[MODULE];
  const brk = function () { return module.HEAPU32[module._emscripten_get_sbrk_ptr() >> 2]; };
  const end = module.HEAP8.length;
  const scope = pyodide.toPy({ fill: [] });
  try {
    for (let size = 0; size <= 480; size += 16) {
      for (;;) {
        const before = brk();
        if (before > end - (2 << 20)) break;
        pyodide.runPython("fill.append([bytes(" + size + ") for _ in range(256)])", { globals: scope });
        if (brk() > before) break;
      }
    }
    pyodide.runPython("fill.clear(); import gc; gc.collect()", { globals: scope });
  } finally {
    scope.destroy();
  }
  /** @type {number[]} */
  const taken = [];
  let zeroed = 0;
  for (let size = 1 << 22; size >= 8; size >>= 1) {
    for (;;) {
      const before = brk();
      if (before + size + (1 << 20) > end) break;
      const at = module._malloc(size);
      if (!at || module.HEAP8.length !== end) throw new Error("zeroing the heap's free memory grew it");
      taken.push(at);
      module.HEAP8.fill(0, at, at + size);
      zeroed += size;
      if (size < 1 << 16 && brk() > before) break; // past the free chunks of this size
    }
  }
  module.HEAP8.fill(0, brk(), end);
  for (const at of taken) module._free(at);
  return zeroed;
}

// The key of a snapshot: what must be the same to restore it.
/** @param {{pyodide: string, wheel: string, stdlib: string}} versions */
export function snapshotKey({ pyodide, wheel, stdlib }) {
  return ["pyodide-" + pyodide, "wheel-" + wheel, "stdlib-" + stdlib].join("/");
}

// --- kept in the browser ----------------------------------------------------------------
// One Cache Storage cache per site (its path: several sites may share an origin), one
// entry in it: a newer key replaces the older one. Not the service worker's caches
// (named "lansquenet:<path>:<version>", replaced at each build): a snapshot outlives a
// build that changes neither Pyodide nor the engine.

const CACHE = "lansquenet-python:";
const LENGTH = "x-lq-length"; // the snapshot's size before compression

/** @param {string} scope */
function cacheName(scope) {
  return CACHE + new URL(scope).pathname;
}

/**
 * @param {string} scope
 * @param {string} key
 */
function entry(scope, key) {
  return new URL("python-snapshot/" + key, scope).href;
}

// The snapshot kept, read before its key can be checked (Pyodide's version comes with
// pyodide.mjs, which is still loading): {has, bytes, drop}, or null when none is kept
// (or no Cache Storage here). has(key): whether it is the snapshot of ``key``; bytes: a
// promise of the gunzipped Uint8Array, already under way, which rejects when the entry
// is unreadable (corrupt bytes fail gzip's check, or the size) and the entry is then
// deleted; drop(): stops reading an entry not wanted (a stale key) and deletes it.
/**
 * @typedef {{has: (key: string) => boolean, bytes: Promise<Uint8Array>, drop: () => Promise<unknown>}} Kept
 */

/**
 * @param {string} scope
 * @returns {Promise<Kept | null>}
 */
export async function kept(scope) {
  if (typeof caches === "undefined") return null;
  /** @type {Cache} */
  let cache;
  try {
    cache = await caches.open(cacheName(scope));
    const [request] = await cache.keys(); // one entry at most (keep() leaves one)
    const found = request && (await cache.match(request));
    if (!found) return null;
    const remove = function () { return cache.delete(request).catch(function () {}); };
    const stop = new AbortController();
    const bytes = gunzip(found.body, Number(found.headers.get(LENGTH)), stop.signal).catch(
      async function (error) {
        await remove();
        throw error;
      },
    );
    bytes.catch(function () {}); // whoever uses them sees the failure; nobody else must
    return {
      has: function (/** @type {string} */ key) { return request.url === entry(scope, key); },
      bytes,
      drop: function () {
        stop.abort();
        return remove();
      },
    };
  } catch (error) {
    return null;
  }
}

// The decompressed body (a kept snapshot's, or the build's: engine-worker.mjs), written straight into one buffer of the size kept beside it (no
// growing buffer, no copy of 31 MB at the end): Pyodide copies it into its memory.
/**
 * @param {ReadableStream<Uint8Array<ArrayBuffer>> | null} body
 * @param {number} length
 * @param {AbortSignal} [signal]
 * @returns {Promise<Uint8Array>}
 */
async function gunzip(body, length, signal) {
  if (!(length > 0)) throw new Error("snapshot of unknown size");
  if (!body) throw new Error("snapshot without its bytes");
  const out = new Uint8Array(length);
  const reader = body.pipeThrough(new DecompressionStream("gzip"), { signal }).getReader();
  let at = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.length > length) throw new Error("snapshot of the wrong size");
    out.set(value, at);
    at += value.length;
  }
  if (at !== length) throw new Error("snapshot of the wrong size");
  return out;
}

// The build's snapshot, zstd-compressed (a third smaller than gzip's best; no browser
// decompresses zstd itself: DecompressionStream reads gzip and deflate only), decompressed
// by ``decoder`` (the address of the pinned npm zstddec's streaming decoder, WebAssembly,
// which the build puts beside the snapshot: snapshot.py) as its chunks arrive, into one
// buffer of ``length`` bytes. Rejects on a corrupt or short stream, or the wrong size.
// The decoder asks for its next chunk synchronously (a generator over an iterable), so it
// is only driven while a chunk is waiting, and to its end once the body has ended. It
// never says a stream is corrupt (zstd's error codes stay in it): it then yields nothing,
// again and again, where a sound stream yields something at least every few chunks (a
// compressed block is at most 128 KiB): a long run of nothing is a corrupt snapshot.
/**
 * @param {ReadableStream<Uint8Array<ArrayBuffer>> | null} body
 * @param {number} length
 * @param {string} decoder
 * @returns {Promise<Uint8Array>}
 */
export async function unzstd(body, length, decoder) {
  if (!(length > 0)) throw new Error("snapshot of unknown size");
  if (!body) throw new Error("snapshot without its bytes");
  const reader = body.getReader();
  /** @type {typeof import("zstddec/stream")} */
  const { ZSTDDecoder } = await import(decoder);
  const zstd = new ZSTDDecoder();
  await zstd.init();
  const out = new Uint8Array(length);
  let at = 0;
  /** @type {Uint8Array[]} */
  const waiting = [];
  const chunks = (function* () {
    for (let value = waiting.shift(); value; value = waiting.shift()) yield value;
  })();
  const parts = zstd.decodeStreaming(chunks);
  let idle = 0;
  /** @param {boolean} ended */
  const drive = function (ended) {
    while (ended || waiting.length) {
      const part = parts.next();
      if (part.done) return;
      idle = part.value.length ? 0 : idle + 1;
      if (idle > 4096) throw new Error("corrupt snapshot");
      if (at + part.value.length > length) throw new Error("snapshot of the wrong size");
      out.set(part.value, at);
      at += part.value.length;
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value.length) waiting.push(value);
    drive(false);
  }
  drive(true);
  if (at !== length) throw new Error("snapshot of the wrong size");
  return out;
}

// Keep ``bytes`` under ``key``, compressed, in place of any other snapshot. Resolves to
// whether it was kept (no Cache Storage, a full quota: false, and nothing else happens).
/**
 * @param {string} scope
 * @param {string} key
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @returns {Promise<boolean>}
 */
export async function keep(scope, key, bytes) {
  if (typeof caches === "undefined" || typeof CompressionStream === "undefined") return false;
  try {
    const cache = await caches.open(cacheName(scope));
    const zipped = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
    const body = await new Response(zipped).blob();
    const headers = { "content-type": "application/octet-stream", [LENGTH]: String(bytes.length) };
    await cache.put(entry(scope, key), new Response(body, { headers }));
    for (const request of await cache.keys()) {
      if (request.url !== entry(scope, key)) await cache.delete(request);
    }
    return true;
  } catch (error) {
    return false;
  }
}

// Forget every snapshot of this site (mkdocs serve: the engine changes with each save).
/** @param {string} scope */
export async function forget(scope) {
  if (typeof caches === "undefined") return;
  await caches.delete(cacheName(scope)).catch(function () {});
}
