// The compiler's Web Worker: two wasm binaries behind one worker
// (web/src/worker.rs). pkg/worker_bg.wasm compiles, all the first PTX needs:
// it is compiled while it downloads (instantiateStreaming), with progress
// reports to the page, and says `ready`. pkg/runner_bg.wasm (the compiler
// with the IR interpreter, the PTX emulator, bisection and reduction) loads
// quietly after the first compile, or at once when a launch comes first;
// launches, bisections and reductions go to it, in the order sent.
// Paths are relative to this script (static/).
importScripts("../pkg/worker.js");

/** Requests the runner answers. */
const RUNNER_KINDS = new Set(["launch", "bisect", "reduce"]);
/** After the first compile, the runner loads this much later (the page renders the PTX meanwhile). */
const RUNNER_DELAY_MS = 300;

/** The wasm at `path` as a Response to compile while it streams in; `progress` reports its bytes. */
async function fetchWasm(path, progress) {
  const url = new URL(path, self.location.href);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  if (!progress || !response.body) return response;
  const total = Number(response.headers.get("content-length")) || 0;
  let loaded = 0;
  let reported = 0;
  const counted = response.body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        loaded += chunk.length;
        if (loaded - reported >= 64 * 1024) {
          progress(loaded, total);
          reported = loaded;
        }
        controller.enqueue(chunk);
      },
      flush() {
        progress(loaded, total || loaded);
      },
    }),
  );
  return new Response(counted, { headers: { "Content-Type": "application/wasm" } });
}

let compiler = null; // the compiler's onmessage (set by its wasm)
let runner = null; // the runner's onmessage, once loaded
let runnerLoading = null;
let waiting = null; // requests held, in order, while the runner loads for a launch
let compiled = false;

/** Takes the handler a wasm just set as onmessage and puts the router back. */
function adopt() {
  const handler = self.onmessage;
  self.onmessage = route;
  return handler;
}

/** Loads the runner once; resolves to why it could not load, or null. */
function loadRunner() {
  runnerLoading ??= (async () => {
    importScripts("../pkg/runner.js");
    await ptxlab_runner({ module_or_path: fetchWasm("../pkg/runner_bg.wasm") });
    runner = adopt();
    return null;
  })().catch((e) => String(e && e.message ? e.message : e));
  return runnerLoading;
}

function route(event) {
  if (waiting) {
    waiting.push(event);
    return;
  }
  if (RUNNER_KINDS.has(event.data?.kind)) {
    if (!runner) {
      waiting = [event];
      loadRunner().then((failed) => {
        const held = waiting;
        waiting = null;
        if (failed) {
          // The page restarts the worker, as after a crash.
          postMessage({ kind: "panicked", message: `the interpreter's wasm did not load (${failed})` });
        } else {
          for (const e of held) route(e);
        }
      });
      return;
    }
    runner(event);
    return;
  }
  compiler(event);
  if (!compiled && event.data?.kind === "compile") {
    compiled = true;
    setTimeout(loadRunner, RUNNER_DELAY_MS);
  }
}

(async () => {
  try {
    const report = (loaded, total) => postMessage({ kind: "progress", loaded, total });
    await wasm_bindgen({ module_or_path: fetchWasm("../pkg/worker_bg.wasm", report) });
    compiler = adopt();
  } catch (e) {
    postMessage({ kind: "failed", message: String(e && e.message ? e.message : e) });
  }
})();
