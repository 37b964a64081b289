// The Run panel: a kernel launch in the IR interpreter, run by the worker at
// the selected pass run; its buffers, errors (out of bounds, the step limit)
// and the bisection that finds the first pass run changing the result; the
// settings travel in shared links.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { $, openBrowser, waitForPtx, setSource, passItem, screenshot, waitIdle } from "../lib/page.mjs";

let b;

before(async () => {
  b = await openBrowser();
});

after(async () => {
  await b?.close();
});

const OOB = `// No bounds check: threads past n store outside the buffer.
extern "C" __global__ void oob(float *data, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    data[i] = i;
}
`;

const SPIN = `// Waits for a flag nobody sets.
extern "C" __global__ void spin(volatile int *flag) {
    while (flag[0] == 0) { }
}
`;

// Reads x uninitialized when in[i] <= 0: undefined behaviour, which sccp
// exploits (phi(undef, 7) is 7), so the result changes after it.
const UNINIT = `extern "C" __global__ void uninit(const int *in, int *out) {
    int i = threadIdx.x;
    int x;
    if (in[i] > 0) x = 7;
    out[i] = x;
}
`;

/** The values shown for buffer `name`. */
async function values(page, name) {
  return page.locator(`${$("buffer")}[data-name="${name}"] .el`).allTextContents();
}

/** Waits until the Run panel offers `kernel` (the compile of a new source is shown). */
async function waitForKernel(page, kernel) {
  await page.waitForFunction(([sel, k]) => document.querySelector(sel)?.value === k,
    [$("run-kernel"), kernel], { timeout: 30_000 });
  await waitIdle(page);
}

/** Fills the Run panel's fields (those given). */
async function settings(page, { grid, block, args }) {
  if (grid !== undefined) await page.locator($("run-grid")).fill(grid);
  if (block !== undefined) await page.locator($("run-block")).fill(block);
  if (args !== undefined) await page.locator($("run-args")).fill(args);
}

/** Results the Run panel has shown. */
const results = (page) => page.locator($("run-output")).getAttribute("data-results").then(Number);

/** Waits for the Run panel to show more than `n` results. */
async function resultAfter(page, n, timeout = 20_000) {
  await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel)?.dataset.results) > n,
    [$("run-output"), n], { timeout });
}

/** Clicks Run (or bisect) and waits for the result the click produces. */
async function run(page, button = "run-button") {
  const n = await results(page);
  await page.locator($(button)).click();
  await resultAfter(page, n);
}

test("Run on saxpy shows y[i] = 2i + 1, after the selected pass run", async () => {
  const page = await b.newPage();
  await page.locator($("tab-run")).click();
  // The example's launch is filled in, with the kernel's parameters as hints.
  assert.equal(await page.locator($("run-kernel")).inputValue(), "saxpy");
  assert.equal(await page.locator($("run-grid")).inputValue(), "4");
  assert.equal(await page.locator($("run-block")).inputValue(), "256");
  assert.equal(await page.locator($("run-args")).inputValue(), "1000,2.0,f32[1000]:iota,f32[1000]:ones");
  assert.equal(await page.locator($("param-hints")).textContent(), "n: i32a: floatx: const ptry: ptr");
  assert.match(await page.locator($("run-where")).textContent(), /^Runs the IR after pass run \d+, [a-z-]+ /);
  await run(page);
  const y = await values(page, "y");
  assert.equal(y.length, 256, "the first 256 elements");
  y.forEach((v, i) => assert.equal(Number(v), 2 * i + 1, `y[${i}] = ${v}`));
  assert.match(await page.locator(`${$("buffer")}[data-name="y"]`).textContent(), /f32\[1000\].*written.*… 744 more/);
  assert.match(await page.locator(`${$("buffer")}[data-name="x"]`).textContent(), /unchanged/);
  const stats = await page.locator($("run-stats")).textContent();
  assert.match(stats, /saxpy after pass run \d+, \S+ · 1024 threads in 4 blocks · \d+ steps · 0 barriers · [\d.]+ ms/);
  assert.equal(await page.locator($("run-error")).count(), 0);
  await screenshot(page, "run-saxpy.png");

  // Ctrl+Shift+Enter from the editor runs it again, here with a = 3.
  await settings(page, { args: "1000,3.0,f32[1000]:iota,f32[1000]:ones" });
  await page.locator(`${$("source-editor")} .cm-content`).click();
  const n = await results(page);
  await page.keyboard.press("Control+Shift+Enter");
  await resultAfter(page, n);
  assert.deepEqual((await values(page, "y")).slice(0, 3), ["1.0", "4.0", "7.0"]);

  // At irgen (before any pass) the result is the same.
  await passItem(page, "irgen").click();
  assert.match(await page.locator($("run-where")).textContent(), /after irgen and link/);
  await run(page);
  assert.match(await page.locator($("run-stats")).textContent(), /saxpy after irgen and link/);
  assert.deepEqual((await values(page, "y")).slice(0, 3), ["1.0", "4.0", "7.0"]);
  await page.close();
});

test("an out-of-bounds store names the instruction, the thread and the block", async () => {
  const page = await b.newPage();
  await page.locator($("tab-run")).click();
  await setSource(page, OOB);
  await waitForKernel(page, "oob");
  await settings(page, { grid: "2", block: "64", args: "f32[100],100" });
  await run(page);
  const error = page.locator($("run-error"));
  assert.match(await error.textContent(), /out-of-bounds access: out-of-bounds store of 4 bytes at offset 400/);
  assert.match(await page.locator($("run-error-inst")).textContent(), /^store float .*ptr addrspace\(1\)/);
  assert.equal(await page.locator($("run-error-thread")).textContent(), "thread (36,0,0) of block (1,0,0)");
  assert.match(await error.textContent(), /in @oob, source line 4/);
  // What the threads before it stored is shown.
  assert.equal((await values(page, "data"))[99], "99.0");
  await screenshot(page, "run-out-of-bounds.png");
  await page.close();
});

test("an endless loop stops at the step limit and the page stays usable", async () => {
  const page = await b.newPage();
  await page.locator($("tab-run")).click();
  await setSource(page, SPIN);
  await waitForKernel(page, "spin");
  await settings(page, { grid: "1", block: "32", args: "i32[1]" });
  const start = Date.now();
  await run(page);
  const seconds = (Date.now() - start) / 1000;
  assert.match(await page.locator($("run-error")).textContent(), /step limit: step limit reached: 50000000 instructions/);
  // How fast the interpreter runs is a benchmark's business (cargo xtask bench
  // prints it); here a hang guard only, so a busy CI machine cannot flake it.
  console.log(`step limit: 50M instructions in ${seconds} s in the page`);
  assert.ok(seconds < 60, `the step limit took ${seconds} s`);
  // The worker answered (no restart) and still compiles and runs.
  assert.equal(await page.locator($("notice")).count(), 0);
  await page.locator($("examples-select")).selectOption("saxpy");
  await waitForKernel(page, "saxpy");
  // Picking an example with the Run panel open runs its launch.
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.startsWith("1.03.05.0"),
    `${$("buffer")}[data-name="y"] .values`, { timeout: 20_000 });
  await page.close();
});

test("bisect marks the pass run that exploits undefined behaviour and shows its diff", async () => {
  const page = await b.newPage();
  await page.locator($("tab-run")).click();
  await setSource(page, UNINIT);
  await waitForKernel(page, "uninit");
  await settings(page, { grid: "1", block: "4", args: "i32[4]:[0,1,-1,3],i32[4]" });
  // Run at irgen, then after sccp: x reads as 0, then as 7.
  await passItem(page, "irgen").click();
  await run(page);
  assert.deepEqual(await values(page, "out"), ["0", "7", "0", "7"]);
  await passItem(page, "sccp").click();
  await run(page);
  assert.deepEqual(await values(page, "out"), ["7", "7", "7", "7"]);

  await passItem(page, "irgen").click();
  await run(page, "bisect-button");
  const result = page.locator($("bisect-result"));
  assert.equal(await result.getAttribute("data-changed"), "true");
  assert.match(await result.textContent(), /first changes after pass run \d+, sccp: 2 elements differ/);
  assert.deepEqual(await page.locator(`${$("bisect-differences")} li`).allTextContents(), ["out[0]: 0 → 7", "out[2]: 0 → 7"]);
  const culprit = page.locator(`${$("pass-item")}[data-culprit="true"]`);
  assert.equal(await culprit.count(), 1);
  assert.equal(await culprit.getAttribute("data-pass"), "sccp");
  // Selected, as a diff against the run before.
  assert.match(await culprit.getAttribute("class"), /selected/);
  assert.equal(await page.locator($("view-diff")).getAttribute("aria-pressed"), "true");
  assert.ok(Number(await page.locator($("diff-view")).getAttribute("data-removed")) > 0);
  await screenshot(page, "run-bisect.png");

  // An edit makes the result stale and takes the mark away.
  const shown = Number(await page.locator($("status")).getAttribute("data-shown"));
  await setSource(page, UNINIT.replace("x = 7", "x = 8"));
  await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel)?.dataset.shown) > n, [$("status"), shown]);
  await waitIdle(page);
  assert.equal(await page.locator($("run-result")).getAttribute("data-stale"), "true");
  assert.equal(await culprit.count(), 0);
  await page.close();
});

test("bisect on a correct example finds no pass that changes the result", async () => {
  const page = await b.newPage();
  await page.locator($("examples-select")).selectOption("shared-reduce");
  await waitForPtx(page, ".entry block_sum");
  await page.locator($("tab-run")).click();
  await run(page, "bisect-button");
  const result = page.locator($("bisect-result"));
  assert.equal(await result.getAttribute("data-changed"), "false");
  assert.match(await result.textContent(), /No pass changes the result.*after each of the \d+ pass runs/);
  assert.deepEqual(await values(page, "out"), ["256.0", "256.0", "256.0", "232.0"]);
  const time = (await result.textContent()).match(/(\d+) launches over (\d+) pass runs in ([\d.]+) ms/);
  assert.ok(time, await result.textContent());
  console.log(`# bisect shared-reduce: ${time[0]}`);
  assert.equal(await page.locator(`${$("pass-item")}[data-culprit]`).count(), 0);
  await page.close();
});

test("the launch settings survive a share link, which runs the launch", async () => {
  const page = await b.newPage();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.locator($("tab-run")).click();
  await settings(page, { grid: "2", block: "128", args: "256,0.5,f32[256]:ones,f32[256]:iota" });
  await page.locator($("run-shared")).fill("64");
  await page.locator($("share-button")).click();
  const link = await page.locator($("share-link")).inputValue();
  await page.close();

  const again = await b.browser.context.newPage();
  again.on("pageerror", (e) => b.errors.push(String(e)));
  await again.goto(link);
  await waitForKernel(again, "saxpy");
  assert.equal(await again.locator($("tab-run")).getAttribute("aria-pressed"), "true");
  assert.equal(await again.locator($("run-grid")).inputValue(), "2");
  assert.equal(await again.locator($("run-block")).inputValue(), "128");
  assert.equal(await again.locator($("run-shared")).inputValue(), "64");
  assert.equal(await again.locator($("run-args")).inputValue(), "256,0.5,f32[256]:ones,f32[256]:iota");
  // y = 0.5 * 1 + i, run as the link opened.
  await again.locator(`${$("buffer")}[data-name="y"]`).waitFor({ timeout: 20_000 });
  assert.deepEqual((await values(again, "y")).slice(0, 3), ["0.5", "1.5", "2.5"]);
  await again.close();
});

test("at 1280×720 the Run panel fits beside the pipeline", async () => {
  const small = await openBrowser({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await small.newPage();
    await page.locator($("tab-run")).click();
    await run(page);
    const overflow = await page.evaluate(() => [
      document.documentElement.scrollWidth > innerWidth,
      document.documentElement.scrollHeight > innerHeight,
    ]);
    assert.deepEqual(overflow, [false, false], "no page scroll bars");
    const pane = await page.locator(".pane-ptx").boundingBox();
    for (const id of ["run-kernel", "run-grid", "run-block", "run-shared", "run-args", "run-button", "bisect-button"]) {
      const r = await page.locator($(id)).boundingBox();
      assert.ok(r && r.x >= pane.x && r.x + r.width <= pane.x + pane.width + 1 && r.y + r.height <= 720,
        `${id} inside the pane: ${JSON.stringify(r)} in ${JSON.stringify(pane)}`);
    }
    // The results scroll inside the panel.
    const out = await page.locator($("run-output")).boundingBox();
    assert.ok(out.height > 150, JSON.stringify(out));
    await screenshot(page, "run-1280x720.png");
    assert.deepEqual(small.errors, []);
  } finally {
    await small.close();
  }
});

test("the Run panel in the dark theme", async () => {
  const dark = await openBrowser({ colorScheme: "dark" });
  try {
    const page = await dark.newPage();
    await page.locator($("tab-run")).click();
    await setSource(page, UNINIT);
    await waitForKernel(page, "uninit");
    await settings(page, { grid: "1", block: "4", args: "i32[4]:[0,1,-1,3],i32[4]" });
    await run(page, "bisect-button");
    await page.locator(`${$("pass-item")}[data-culprit="true"]`).waitFor();
    await screenshot(page, "run-bisect-dark.png");
    await setSource(page, OOB);
    await waitForKernel(page, "oob");
    await settings(page, { grid: "2", block: "64", args: "f32[100],100" });
    await run(page);
    await screenshot(page, "run-out-of-bounds-dark.png");
    assert.deepEqual(dark.errors, []);
  } finally {
    await dark.close();
  }
});

test("the pages logged no errors", () => {
  assert.deepEqual(b.errors, []);
});
