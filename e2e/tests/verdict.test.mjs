// The Run panel's verdict on undefined behaviour (above the buffers: kind,
// line — a link that highlights the source line —, threads, address; "no
// undefined behaviour found" when clean), and PTX run beside the IR: our
// final PTX, and pasted PTX (NVRTC's for the saxpy example, a fixture made
// by NVRTC 13.5 for sm_80 from the example's source) compared with the IR.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { $, openBrowser, setSource, screenshot, waitIdle } from "../lib/page.mjs";

const NVRTC_SAXPY = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "saxpy.nvrtc.ptx"), "utf8");

let b;

before(async () => {
  b = await openBrowser();
});

after(async () => {
  await b?.close();
});

// A block sum missing the barrier after its load (line 4 races with line 7).
const RACY = `extern "C" __global__ void sum(const int *in, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  SYNC
  for (int d = 32; d > 0; d /= 2) {
    if (t < d) s[t] += s[t + d];
    __syncthreads();
  }
  if (t == 0) out[0] = s[0];
}
`;

const results = (page) => page.locator($("run-output")).getAttribute("data-results").then(Number);

/** Clicks Run and waits for the result it produces. */
async function run(page) {
  const n = await results(page);
  await page.locator($("run-button")).click();
  await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel)?.dataset.results) > n,
    [$("run-output"), n], { timeout: 20_000 });
}

async function waitForKernel(page, kernel) {
  await page.waitForFunction(([sel, k]) => document.querySelector(sel)?.value === k,
    [$("run-kernel"), kernel], { timeout: 30_000 });
  await waitIdle(page);
}

test("a race is named above the buffers, and its line link highlights the source", async () => {
  const page = await b.newPage();
  await page.locator($("tab-run")).click();
  await setSource(page, RACY.replace("SYNC", ""));
  await waitForKernel(page, "sum");
  await page.locator($("run-grid")).fill("1");
  await page.locator($("run-block")).fill("64");
  await page.locator($("run-args")).fill("i32[64]:iota,i32[1]");
  await run(page);
  const verdict = page.locator($("run-verdict")).first();
  assert.equal(await verdict.getAttribute("data-clean"), "false");
  const race = page.locator(`${$("verdict-finding")}[data-kind="data race on shared memory"]`).first();
  assert.equal(await race.getAttribute("data-line"), "4");
  const text = await race.textContent();
  assert.match(text, /thread \(32,0,0\) of block \(0,0,0\)/);
  assert.match(text, /shared\+0x80/);
  assert.match(text, /line 7/);
  // The verdict comes before the buffers.
  const above = await page.evaluate(([v, buf]) => {
    const a = document.querySelector(v), c = document.querySelector(buf);
    return !!(a.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING);
  }, [$("run-verdict"), $("buffer")]);
  assert.ok(above, "the verdict is above the buffers");
  await race.locator($("verdict-line")).first().click();
  const linked = page.locator(`${$("source-editor")} .cm-linked`);
  await linked.first().waitFor();
  assert.match(await linked.first().textContent(), /s\[t\] = in\[t\];/);
  await screenshot(page, "run-verdict-race.png");

  // The twin with its barrier: no undefined behaviour found.
  await setSource(page, RACY.replace("SYNC", "__syncthreads();"));
  await waitIdle(page);
  await run(page);
  assert.equal(await page.locator($("run-verdict")).first().getAttribute("data-clean"), "true",
    await page.locator($("run-output")).textContent());
  assert.equal(await page.locator($("run-verdict")).first().textContent(), "no undefined behaviour found");
  assert.equal(await page.locator($("verdict-finding")).count(), 0);
  await page.close();
});

test("pasted NVRTC PTX of saxpy and our own PTX run beside the IR and match it", async () => {
  const page = await b.newPage();
  await page.locator($("tab-run")).click();
  await waitForKernel(page, "saxpy");
  await page.locator($("run-ptx-ours")).check();
  await page.locator($("run-ptx-tab")).click();
  await page.locator($("run-ptx-paste")).fill(NVRTC_SAXPY);
  await run(page);
  const ptx = page.locator($("run-ptx-result"));
  assert.equal(await ptx.count(), 2);
  for (const [i, label] of [[0, "our PTX"], [1, "pasted PTX"]]) {
    const r = ptx.nth(i);
    assert.equal(await r.getAttribute("data-label"), label);
    assert.equal(await r.getAttribute("data-matches"), "true", await r.textContent());
    assert.match(await r.textContent(), new RegExp(`${label}: the same buffers as the IR`));
    const y = await r.locator(`${$("buffer")}[data-name="y"] .el`).allTextContents();
    assert.deepEqual(y.slice(0, 3), ["1.0", "3.0", "5.0"]);
    // Each has its own verdict: clean.
    assert.equal(await r.locator($("run-verdict")).getAttribute("data-clean"), "true");
  }
  await screenshot(page, "run-pasted-ptx.png");

  // PTX that computes something else is told apart.
  await page.locator($("run-ptx-ours")).uncheck();
  await page.locator($("run-ptx-paste")).fill(
    NVRTC_SAXPY.replace("fma.rn.f32 \t%f4, %f2, %f1, %f3", "sub.f32 \t%f4, %f2, %f3"));
  await run(page);
  assert.equal(await ptx.count(), 1);
  assert.equal(await ptx.first().getAttribute("data-matches"), "false");
  assert.match(await ptx.first().textContent(), /pasted PTX: differs from the IR in 1000 elements/);
  await page.close();
});
