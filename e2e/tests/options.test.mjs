// The options bar: each option recompiles in the worker and changes what
// it should: -O level, -ftz (through __nvvm_reflect), -prec-div,
// -prec-sqrt, -fmad, -lineinfo, disabling a pass, -opt-bisect-limit, and
// every -arch.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { $, openBrowser, waitForPtx, ptxText, setSource, waitIdle, passItem } from "../lib/page.mjs";

let b;
let page;

before(async () => {
  b = await openBrowser();
  page = await b.newPage();
});

after(async () => {
  await b?.close();
});

/** Toggles a flag and returns the PTX before and after (the compile after it shown). */
async function toggle(flag, on) {
  const before = await ptxText(page);
  const shown = Number(await page.locator($("status")).getAttribute("data-shown"));
  await page.locator($(`flag${flag}`)).setChecked(on);
  await page.waitForFunction(
    ([sel, n]) => Number(document.querySelector(sel)?.dataset.shown) > n,
    [$("status"), shown],
  );
  await waitIdle(page);
  return [before, await ptxText(page)];
}

test("-O0 runs fewer passes than -O3 and keeps the allocas", async () => {
  const o3 = await page.locator($("pass-item")).count();
  await page.locator($("opt-select")).selectOption("-O0");
  await page.waitForFunction(
    ([sel, n]) => document.querySelectorAll(sel).length < n,
    [$("pass-item"), o3],
  );
  await waitForPtx(page, "local");
  assert.doesNotMatch(await ptxText(page), /ld\.global/, "-O0 keeps generic loads");
  await page.locator($("opt-select")).selectOption("-O3");
  await waitForPtx(page, "ld.global");
});

test("-fmad contracts a*x + y into fma", async () => {
  assert.match(await ptxText(page), /fma\.rn\.f32/);
  const [, off] = await toggle("-fmad", false);
  assert.doesNotMatch(off, /fma\.rn\.f32/);
  assert.match(off, /mul\.rn\.f32|mul\.f32/);
  await toggle("-fmad", true);
});

test("-lineinfo writes .loc lines", async () => {
  assert.doesNotMatch(await ptxText(page), /\.loc/);
  const [, on] = await toggle("-lineinfo", true);
  assert.match(on, /\.loc\s+1 4 /);
  await toggle("-lineinfo", false);
});

test("-ftz picks the other __nvvm_reflect branch", async () => {
  await page.locator($("examples-select")).selectOption("reflect-ftz");
  await waitForPtx(page, ".entry reflect_ftz");
  assert.equal(await page.locator($("flag-ftz")).isChecked(), true, "the example turns -ftz on");
  assert.match(await ptxText(page), /0f3F000000/);
  const [, off] = await toggle("-ftz", false);
  assert.match(off, /0f3E800000/);
  assert.doesNotMatch(off, /0f3F000000/);
});

test("-ftz changes libdevice's sinf", async () => {
  await page.locator($("examples-select")).selectOption("sinf-ftz");
  await waitForPtx(page, ".entry sines");
  assert.equal(await page.locator($("flag-ftz")).isChecked(), true);
  const names = await page.locator($("pass-item")).evaluateAll((els) => els.map((e) => e.dataset.pass));
  assert.ok(names.includes("link"));
  assert.match(await ptxText(page), /setp\.lt\.ftz\.f32/);
  const [, off] = await toggle("-ftz", false);
  assert.doesNotMatch(off, /\.ftz/);
  assert.match(off, /\.entry sines/);
});

test("-prec-div changes division; -prec-sqrt answers __nvvm_reflect", async () => {
  // libdevice has no sqrtf yet: the flag is seen through __nvvm_reflect, as libdevice would.
  await setSource(page, `extern "C" __global__ void k(float *o, const float *a, const float *b) {
    int i = threadIdx.x;
    o[i] = a[i] / b[i];
    o[i + 64] = __nvvm_reflect("__CUDA_PREC_SQRT") ? 11.0f : 22.0f;
}
`);
  await waitForPtx(page, ".entry k(");
  const precise = await ptxText(page);
  assert.match(precise, /div\.rn\.f32/);
  // A stored float constant is its bits in a `mov.u32`, as nvcc writes it.
  assert.match(precise, /mov\.u32\s+%r\d+, 1093664768;/, "11.0");
  const [, fastDiv] = await toggle("-prec-div", false);
  assert.doesNotMatch(fastDiv, /div\.rn\.f32/);
  assert.match(fastDiv, /div\.(full|approx)/);
  const [, fastSqrt] = await toggle("-prec-sqrt", false);
  assert.match(fastSqrt, /mov\.u32\s+%r\d+, 1102053376;/, "22.0");
  await toggle("-prec-div", true);
  await toggle("-prec-sqrt", true);
});

test("disabling a pass skips its runs", async () => {
  await page.locator($("examples-select")).selectOption("saxpy");
  await waitForPtx(page, ".entry saxpy");
  await page.locator($("disable-pass")).selectOption("mem2reg");
  const mem2reg = passItem(page, "mem2reg");
  await page.waitForFunction((sel) => document.querySelector(sel)?.classList.contains("skipped"), `${$("pass-item")}[data-pass="mem2reg"]`);
  assert.equal(await mem2reg.getAttribute("data-changed"), "false");
  assert.match(await mem2reg.getAttribute("title"), /^\(skipped\)/);
  await page.locator($("disable-pass")).selectOption("");
  await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.changed === "true", `${$("pass-item")}[data-pass="mem2reg"]`);
});

test("-opt-bisect-limit stops the pipeline after N runs", async () => {
  await page.locator($("bisect-limit")).fill("0");
  await page.locator($("bisect-limit")).press("Enter");
  await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.changed === "false", `${$("pass-item")}[data-pass="mem2reg"]`);
  const ir = await page.locator($("pass-item")).evaluateAll((els) =>
    els.filter((e) => e.dataset.kind === "ir" && !["irgen", "link"].includes(e.dataset.pass)).map((e) => e.dataset.changed));
  assert.ok(ir.length > 5 && ir.every((c) => c === "false"), ir.join(","));
  await page.locator($("bisect-limit")).fill("");
  await page.locator($("bisect-limit")).press("Enter");
  await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.changed === "true", `${$("pass-item")}[data-pass="mem2reg"]`);
});

test("every -arch compiles", async () => {
  await page.locator($("examples-select")).selectOption("saxpy");
  await waitForPtx(page, ".entry saxpy");
  const archs = await page.locator(`${$("arch-select")} option`).evaluateAll((os) => os.map((o) => o.value));
  assert.ok(archs.length >= 7, archs.join(","));
  for (const arch of archs) {
    await page.locator($("arch-select")).selectOption(arch);
    await page.waitForFunction(
      ([sel, t]) => Array.from(document.querySelectorAll(sel), (l) => l.textContent.trim()).includes(t),
      [`${$("ptx-view")} .code-line code`, `.target ${arch}`],
    );
  }
  await page.locator($("arch-select")).selectOption("sm_75");
});

test("the page logged no errors", () => {
  assert.deepEqual(b.errors, []);
});
