// The worker's decompression of the build's snapshot (unzstd of docs/assets/js/snapshot.mjs,
// with the decoder the build puts beside it), as chunks arrive from the network: prints,
// as JSON, the SHA-256 of what it gives for chunks of several sizes, and what it says of
// a stream with bytes changed in its middle and of one cut short.
//
//   node unzstd.mjs SNAPSHOT.zst DECODER.mjs LENGTH
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const { unzstd } = await import(pathToFileURL(join(here, "..", "..", "docs", "assets", "js", "snapshot.mjs")).href);
const [file, decoder, length] = process.argv.slice(2);
const data = new Uint8Array(readFileSync(file));
const decoderURL = pathToFileURL(decoder).href;

/** @param {Uint8Array} bytes @param {number} size */
function body(bytes, size) {
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
      controller.close();
    },
  });
}

/** @param {Uint8Array} bytes @param {number} size */
async function said(bytes, size) {
  try {
    const out = await unzstd(body(bytes, size), Number(length), decoderURL);
    return "sha256:" + createHash("sha256").update(out).digest("hex");
  } catch (error) {
    return "error:" + String(error && error.message || error);
  }
}

const digests = {};
for (const size of [997, 65536, 1 << 20]) digests[size] = await said(data, size);
const corrupt = data.slice();
for (let i = 0; i < 64; i++) corrupt[(corrupt.length >> 1) + i] ^= 0x5a;
const result = {
  digests,
  corrupt: await said(corrupt, 65536),
  short: await said(data.slice(0, data.length - 1000), 65536),
};
process.stdout.write(JSON.stringify(result) + "\n");
