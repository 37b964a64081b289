// Native == wasm: every corpus file compiled by the worker's wasm (the served
// pkg/worker.js and worker_bg.wasm, run by node as the page's worker runs
// them: a `compile` message in, a `compiled` message out) gives the same
// compilation as the native CLI's `--stages-json` (timings aside): the PTX,
// every stage's name, description, changed mark and text, the diagnostics,
// the line map and the kernels, byte for byte, at a few flag sets.
//
// The native CLI is PTXLAB_CLI (`cargo xtask e2e` builds target/debug/ptxlab
// and sets it), else ../target/debug/ptxlab.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { siteUrl } from "../lib/browser.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const CORPUS = join(ROOT, "core", "tests", "corpus");
const CLI = process.env.PTXLAB_CLI || join(ROOT, "target", "debug", "ptxlab");

// CLI flags and the same options as the worker's request holds them
// (core/src/options.rs; `--use_fast_math` is its four flags).
const CONFIGS = [
  { name: "O0 sm_75", flags: ["-O0", "-arch=sm_75"], options: { arch: "sm_75", opt_level: 0 } },
  { name: "O3 sm_80", flags: ["-O3", "-arch=sm_80"], options: { arch: "sm_80", opt_level: 3 } },
  {
    name: "O3 sm_90 fast-math lineinfo",
    flags: ["-O3", "-arch=sm_90", "--use_fast_math", "-lineinfo"],
    options: {
      arch: "sm_90",
      opt_level: 3,
      ftz: true,
      prec_div: false,
      prec_sqrt: false,
      fmad: true,
      lineinfo: true,
    },
  },
];

/** Wall-clock fields: the only ones allowed to differ. */
const TIMINGS = new Set(["micros", "total_micros", "frontend_micros"]);

/** Plain data, as JSON has it: Maps as objects, absent options (null or undefined) dropped, timings dropped. */
function normalize(v) {
  // (The worker's objects come from its own realm: no `instanceof Map`.)
  if (Object.prototype.toString.call(v) === "[object Map]") v = Object.fromEntries(v);
  if (Array.isArray(v)) return Array.from(v, (x) => normalize(x));
  if (v !== null && typeof v === "object") {
    const out = {};
    for (const [k, x] of Object.entries(v)) {
      if (x === null || x === undefined || TIMINGS.has(k)) continue;
      out[k] = normalize(x);
    }
    return out;
  }
  return v;
}

/** The worker's wasm started in a context of its own whose global is a worker's scope. */
async function startWorker() {
  const base = siteUrl();
  const get = async (path) => {
    const r = await fetch(new URL(path, base));
    assert.ok(r.ok, `${path}: HTTP ${r.status}`);
    return r;
  };
  const glue = await (await get("pkg/worker.js")).text();
  const wasm = new Uint8Array(await (await get("pkg/worker_bg.wasm")).arrayBuffer());
  const posted = [];
  const scope = {
    postMessage: (m) => posted.push(normalize(m)),
    onmessage: null,
    performance,
    console,
    // The Web APIs of a worker's global that the glue uses.
    TextDecoder,
    TextEncoder,
    URL,
    crypto,
    // This realm's, so it takes this realm's bytes.
    WebAssembly,
  };
  scope.self = scope;
  const context = vm.createContext(scope);
  vm.runInContext(glue, context, { filename: "pkg/worker.js" });
  // The options object made in the worker's realm (the glue checks its prototype).
  await vm.runInContext("(bytes) => wasm_bindgen({ module_or_path: bytes })", context)(wasm);
  assert.deepEqual(posted.shift(), { kind: "ready" });
  let seq = 0;
  return (name, source, options) => {
    seq += 1;
    scope.onmessage({ data: { kind: "compile", seq, name, source, options, runs: 1 } });
    const reply = posted.shift();
    assert.equal(posted.length, 0);
    assert.equal(reply?.kind, "compiled", `the worker answered ${JSON.stringify(reply)?.slice(0, 400)}`);
    assert.equal(reply.seq, seq);
    return reply.compilation;
  };
}

/** The native CLI's compilation of corpus file `name` (run in the corpus dir, as `name`). */
function native(dir, name, config) {
  const json = join(dir, `${name}.${config.name.replaceAll(" ", "_")}.json`);
  return new Promise((done, fail) => {
    execFile(
      CLI,
      [name, ...config.flags, "--stages-json", json, "-o", join(dir, "out.ptx")],
      { cwd: CORPUS, maxBuffer: 64 << 20 },
      async () => {
        try {
          done(JSON.parse(await readFile(json, "utf8")));
        } catch (e) {
          fail(new Error(`${CLI} ${name} ${config.flags.join(" ")}: no --stages-json (${e.message})`));
        }
      },
    );
  });
}

/** Runs `jobs` async functions at most `width` at a time, results in order. */
async function pool(jobs, width) {
  const results = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]();
      }
    }),
  );
  return results;
}

let compileInWorker;
let files;

before(async () => {
  assert.ok(existsSync(CLI), `no native CLI at ${CLI}: cargo build -p ptxlab --bin ptxlab`);
  compileInWorker = await startWorker();
  files = (await readdir(CORPUS)).filter((f) => f.endsWith(".cu")).sort();
  assert.ok(files.length >= 50, `only ${files.length} corpus files`);
});

for (const config of CONFIGS) {
  test(`the worker's wasm compiles the corpus as the native CLI does (${config.name})`, async () => {
    const dir = await mkdtemp(join(tmpdir(), "ptxlab-native-wasm-"));
    try {
      const natives = await pool(
        files.map((f) => () => native(dir, f, config)),
        2,
      );
      let compiled = 0;
      const differ = [];
      let first;
      for (const [i, file] of files.entries()) {
        const source = await readFile(join(CORPUS, file), "utf8");
        const wasm = compileInWorker(file, source, config.options);
        const want = normalize(natives[i]);
        try {
          assert.equal(wasm.ptx, want.ptx, `${file}: the PTX differs`);
          assert.equal(wasm.stages.length, want.stages.length, `${file}: stage count`);
          want.stages.forEach((stage, k) =>
            assert.deepEqual(wasm.stages[k], stage, `${file}: stage ${k} (${stage.name}) differs`),
          );
          assert.deepEqual(wasm, want, `${file}: the compilations differ`);
        } catch (e) {
          differ.push(e.message.split("\n")[0]);
          first ??= e;
        }
        // The stages carry their text (not a comparison of empty snapshots).
        if (want.ptx) {
          assert.ok(want.stages.some((s) => s.functions.some((f) => f.text)), `${file}: no stage text`);
          compiled += 1;
        }
      }
      if (first) {
        first.message = `${differ.length} of ${files.length} files differ (${config.name}):\n  ${differ.join("\n  ")}\nthe first:\n${first.message}`;
        throw first;
      }
      assert.ok(compiled >= files.length - 5, `only ${compiled} of ${files.length} files compiled`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}
