// The browser figures of `cargo xtask bench-web` (issue 21), against a served
// dist/: node bench.mjs URL DIST [--loads N] [--runs N] [--kernels K] [--launches N]
//
// - first load: N fresh browsers (cold cache, a new profile each) open the page;
//   the time from navigation to the first PTX (the page's `data-first-ptx-ms`)
//   and the files requested before it, each counted as `gzip -9` of the file in
//   DIST (what a server compressing them would send);
// - compile: `?bench=RUNS&kernels=K`, the worker compiles the default source
//   RUNS times; the median after the first (cold) one;
// - interpreter: the tiled-matmul example at n = 128 (13.7 M instructions)
//   launched in a worker of the page's own kind, instructions per second.
//
// Prints a table and, last, one JSON line with every figure.
import { launch } from "./lib/browser.mjs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const [url, dist] = args;
if (!url || !dist) {
  console.error("usage: node bench.mjs URL DIST [--loads N] [--runs N] [--kernels K] [--launches N]");
  process.exit(2);
}
const LOADS = flag("--loads", 5);
const RUNS = flag("--runs", 15);
const KERNELS = flag("--kernels", 1);
const LAUNCHES = flag("--launches", 3);

const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  const n = v.length;
  return n === 0 ? NaN : n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
};

const gzipCache = new Map();
/** `gzip -9` bytes of the served file at `path` (relative to the site). */
async function gzipBytes(path) {
  if (!gzipCache.has(path)) {
    const bytes = await readFile(join(dist, path)).catch(() => null);
    gzipCache.set(path, bytes ? gzipSync(bytes, { level: 9 }).length : 0);
  }
  return gzipCache.get(path);
}

/** What a request is, for the table. */
function category(path) {
  if (path.endsWith(".wasm")) return path.replace(/^pkg\//, "").replace(/_bg\.wasm$/, " wasm");
  if (path === "static/editor.js") return "editor JS";
  return "rest";
}

/** One cold load: ms to the first PTX and the files asked for before it. */
async function firstLoad() {
  const browser = await launch();
  try {
    const page = await browser.context.newPage();
    const requests = [];
    // Dedicated workers' requests come to the context too.
    browser.context.on("request", (r) => requests.push({ url: r.url(), at: Date.now() }));
    await page.goto(url, { waitUntil: "domcontentloaded", timeout: 60_000 });
    const origin = await page.evaluate(() => performance.timeOrigin);
    const app = page.locator(".app[data-first-ptx-ms]");
    await app.waitFor({ timeout: 60_000 });
    const ms = Number(await app.getAttribute("data-first-ptx-ms"));
    const before = requests.filter((r) => r.at - origin <= ms);
    const files = {};
    for (const r of before) {
      const u = new URL(r.url);
      if (u.origin !== new URL(url).origin) continue;
      let path = decodeURIComponent(u.pathname).replace(/^\//, "");
      if (path === "" || path.endsWith("/")) path += "index.html";
      files[path] = await gzipBytes(path);
    }
    // Requests made after it (on first use, in the background), for the record.
    await page.waitForTimeout(1500);
    const later = [
      ...new Set(
        requests
          .filter((r) => r.at - origin > ms)
          .map((r) => new URL(r.url).pathname.replace(/^\//, ""))
          .filter((p) => !(p in files)),
      ),
    ];
    return { ms, files, later };
  } finally {
    await browser.close();
  }
}

async function compileBench() {
  const browser = await launch();
  try {
    const page = await browser.context.newPage();
    const u = new URL(url);
    u.searchParams.set("bench", String(RUNS));
    u.searchParams.set("kernels", String(KERNELS));
    await page.goto(u.href);
    const bench = page.locator('[data-testid="bench"]');
    await bench.waitFor({ timeout: 120_000 });
    return JSON.parse(await bench.textContent());
  } finally {
    await browser.close();
  }
}

const MATMUL_N = 128;

/** The source of the page's example `id`, read from web/src/examples.rs (its one copy). */
async function exampleSource(id) {
  const text = await readFile(new URL("../web/src/examples.rs", import.meta.url), "utf8");
  const at = text.indexOf(`id: "${id}"`);
  const start = text.indexOf('source: r#"', at);
  if (at < 0 || start < 0) throw new Error(`no example ${id} in web/src/examples.rs`);
  const body = start + 'source: r#"'.length;
  return text.slice(body, text.indexOf('"#', body));
}

/** The tiled-matmul example (web/src/examples.rs) launched in a worker of the page's kind. */
async function interpreterBench() {
  const browser = await launch();
  try {
    const page = await browser.context.newPage();
    await page.goto(url);
    await page.locator(".app[data-first-ptx-ms]").waitFor({ timeout: 60_000 });
    const source = await exampleSource("tiled-matmul");
    const n = MATMUL_N;
    const settings = {
      kernel: "matmul_tiled",
      grid: `${n / 16},${n / 16}`,
      block: "16,16",
      args: `f32[${n * n}]:ones,f32[${n * n}]:iota,f32[${n * n}],${n}`,
    };
    return await page.evaluate(
      async ({ source, settings, launches }) => {
        const worker = new Worker("static/worker.js");
        const next = (kinds) =>
          new Promise((resolve, reject) => {
            worker.onmessage = (e) => kinds.includes(e.data?.kind) && resolve(e.data);
            worker.onerror = (e) => reject(new Error(e.message));
          });
        const ready = await next(["ready", "failed"]);
        if (ready.kind !== "ready") throw new Error(ready.message);
        const runs = [];
        for (let seq = 1; seq <= launches; seq++) {
          const t0 = performance.now();
          const answer = next(["launched", "panicked", "failed"]);
          worker.postMessage({
            kind: "launch",
            seq,
            name: "kernel.cu",
            source,
            files: [],
            options: {},
            settings,
            pass_runs: null,
          });
          const m = await answer;
          if (m.kind !== "launched") throw new Error(m.message);
          const { stats, error } = m.outcome;
          if (!stats || error) throw new Error(`the launch failed: ${JSON.stringify(error)}`);
          runs.push({ steps: stats.steps, micros: stats.micros, wall_ms: performance.now() - t0 });
        }
        worker.terminate();
        return runs;
      },
      { source, settings, launches: LAUNCHES },
    );
  } finally {
    await browser.close();
  }
}

// First load.
const loads = [];
for (let i = 0; i < LOADS; i++) loads.push(await firstLoad());
const firstPtx = median(loads.map((l) => l.ms));
const last = loads[loads.length - 1];
const byCategory = {};
for (const [path, gz] of Object.entries(last.files)) {
  const c = category(path);
  byCategory[c] = (byCategory[c] || 0) + gz;
}
const firstBytes = Object.values(last.files).reduce((a, b) => a + b, 0);
const kb = (b) => `${(b / 1000).toFixed(0)} KB`;
console.log(`first PTX after navigation (cold, ${LOADS} fresh browsers): median ${firstPtx.toFixed(0)} ms (${loads.map((l) => l.ms.toFixed(0)).join(", ")})`);
console.log(`bytes requested before it, each file gzip -9: ${kb(firstBytes)}`);
for (const [c, b] of Object.entries(byCategory).sort((a, b) => b[1] - a[1])) console.log(`  ${c.padEnd(16)} ${kb(b).padStart(8)}`);
console.log(`  files: ${Object.keys(last.files).join(" ")}`);
if (last.later.length) console.log(`  after the first PTX: ${last.later.join(" ")}`);

// Compile in the worker.
const compile = await compileBench();
console.log(`worker compile (${KERNELS} saxpy kernel(s), ${RUNS} runs): first ${compile.first_ms.toFixed(1)} ms, median of the rest ${compile.median_ms.toFixed(2)} ms`);

// The interpreter in the worker.
const runs = await interpreterBench();
const rates = runs.map((r) => r.steps / r.micros);
const rate = median(rates);
console.log(`worker interpreter (tiled matmul ${MATMUL_N}³, ${runs[0].steps} instructions, ${runs.length} launches): median ${rate.toFixed(1)} M instructions/s (${rates.map((r) => r.toFixed(1)).join(", ")}; wall ${runs.map((r) => r.wall_ms.toFixed(0)).join(", ")} ms)`);

console.log(
  JSON.stringify({
    first_ptx_ms: firstPtx,
    first_ptx_runs_ms: loads.map((l) => l.ms),
    first_load_gzip_bytes: firstBytes,
    first_load_by_kind: byCategory,
    compile_first_ms: compile.first_ms,
    compile_median_ms: compile.median_ms,
    interpreter_minst_per_s: rate,
    interpreter_steps: runs[0].steps,
  }),
);
