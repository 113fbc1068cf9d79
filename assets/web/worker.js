// fifteen's worker (the static site's): runs fifteen.wasm, the core
// compiled for the browser (crates/web), off the page's thread, so the
// page never freezes. The page posts {id, request, bytes?}: a request as
// crates/web/src/request.rs reads it, and bytes it kept (tables); the
// worker posts {id, progress: {doing, done, of}} now and then while the
// work runs, then {id, answer, bytes?}: the answer ({ok} or {error}) and
// bytes to keep. The page stops a request by ending the worker.
//
// The binding is the module's plain exports (crates/web/src/exports.rs):
// the request's UTF-8 bytes written into the buffer fifteen_buffer(len)
// returns, fifteen_respond() answering it and giving the answer's length,
// the answer read from fifteen_answer().

const started = performance.now();
const decoder = new TextDecoder();
const encoder = new TextEncoder();
// The request under way, for the progress it reports.
let current = null;
// Progress is posted at most this often (ms): a solve reports each tile.
const PROGRESS_EVERY = 100;
let lastProgress = -Infinity;

let exports = null;
const text = (pointer, length) => decoder.decode(new Uint8Array(exports.memory.buffer, pointer, length));
const imports = {
  fifteen: {
    now: () => (performance.now() - started) / 1000,
    progress: (pointer, length, done, of) => {
      const now = performance.now();
      if (now - lastProgress < PROGRESS_EVERY && done < of) return;
      lastProgress = now;
      postMessage({ id: current, progress: { doing: text(pointer, length), done, of } });
    },
    panicked: (pointer, length) => postMessage({ id: current, panic: text(pointer, length) }),
  },
};

// The module, fetched beside this script and compiled as it arrives
// (which also lets the browser keep the compiled code for the next
// visit); a host that sends it with another type than application/wasm
// gets it compiled from its bytes instead.
const url = new URL("fifteen.wasm", self.location.href);
async function load() {
  const response = await fetch(url);
  if (!response.ok) throw new Error("fifteen.wasm: " + response.status + " " + response.statusText);
  const wasm = (response.headers.get("content-type") || "").startsWith("application/wasm");
  if (wasm && WebAssembly.instantiateStreaming) return (await WebAssembly.instantiateStreaming(response, imports)).instance;
  return (await WebAssembly.instantiate(await response.arrayBuffer(), imports)).instance;
}
const ready = load().then((instance) => {
  exports = instance.exports;
});

function respond(request, bytes) {
  if (bytes && bytes.byteLength) {
    const at = exports.fifteen_bytes_in(bytes.byteLength);
    new Uint8Array(exports.memory.buffer, at, bytes.byteLength).set(new Uint8Array(bytes));
  }
  const encoded = encoder.encode(JSON.stringify(request));
  const at = exports.fifteen_buffer(encoded.length);
  new Uint8Array(exports.memory.buffer, at, encoded.length).set(encoded);
  const length = exports.fifteen_respond();
  const answer = JSON.parse(text(exports.fifteen_answer(), length));
  const outLength = exports.fifteen_bytes_out_len();
  const out = outLength ? new Uint8Array(exports.memory.buffer, exports.fifteen_bytes_out(), outLength).slice() : null;
  return { answer, bytes: out };
}

// Requests are answered one at a time, in order.
let queue = Promise.resolve();
onmessage = (e) => {
  const { id, request, bytes } = e.data;
  queue = queue.then(async () => {
    current = id;
    lastProgress = -Infinity;
    try {
      await ready;
      const { answer, bytes: out } = respond(request, bytes);
      postMessage({ id, answer, bytes: out }, out ? [out.buffer] : []);
    } catch (err) {
      // A trap (after a panic, reported above) leaves the module unusable:
      // the page starts a new worker for its next request.
      postMessage({ id, failed: String(err && err.message ? err.message : err) });
    }
  });
};
