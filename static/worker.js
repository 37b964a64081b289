// The compiler's Web Worker: downloads the compiler's wasm with progress
// reports to the page, then starts it (web/src/worker.rs takes over).
// Paths are relative to this script (static/).
importScripts("../pkg/worker.js");

(async () => {
  try {
    const url = new URL("../pkg/worker_bg.wasm", self.location.href);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
    const total = Number(response.headers.get("content-length")) || 0;
    const reader = response.body.getReader();
    const chunks = [];
    let loaded = 0;
    let reported = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.length;
      if (loaded - reported >= 64 * 1024) {
        postMessage({ kind: "progress", loaded, total });
        reported = loaded;
      }
    }
    postMessage({ kind: "progress", loaded, total: total || loaded });
    const bytes = new Uint8Array(loaded);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    await wasm_bindgen({ module_or_path: bytes });
  } catch (e) {
    postMessage({ kind: "failed", message: String(e && e.message ? e.message : e) });
  }
})();
