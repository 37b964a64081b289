// Remarks: every pass run's item counts what the pass reported doing to this
// program; selecting a run lists its remarks under the tabs; a remark about a
// source line links to it, and clicking the link highlights that line in the
// editor and in the IR.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { $, openBrowser, waitForPtx, passItem, screenshot } from "../lib/page.mjs";

let b;
let page;

before(async () => {
  b = await openBrowser();
  page = await b.newPage();
});

after(async () => {
  await b?.close();
});

/** The remarks listed for the selected run, as [pass, kind, line, text]. */
const remarks = async () => {
  await page.locator($("pass-remarks")).waitFor();
  return page.locator(`${$("pass-remarks")} ${$("remark")}`).evaluateAll((els) =>
    els.map((e) => [e.dataset.pass, e.dataset.kind, e.dataset.line ?? null, e.textContent]),
  );
};

const selectExample = async (id, entry) => {
  await page.locator($("examples-select")).selectOption(id);
  await waitForPtx(page, `.entry ${entry}`);
};

test("every pass item has a remark count; saxpy's mem2reg and memory-space-opt say what they did", async () => {
  await waitForPtx(page, ".entry saxpy");
  const items = await page.locator($("pass-item")).count();
  assert.equal(await page.locator(`${$("pass-item")} ${$("remark-count")}`).count(), items);
  const count = (pass) => passItem(page, pass, "true").locator($("remark-count")).getAttribute("data-count");
  assert.ok(Number(await count("mem2reg")) >= 1);
  assert.ok(Number(await count("memory-space-opt")) >= 1);

  await passItem(page, "mem2reg", "true").click();
  const m2r = await remarks();
  assert.ok(m2r.some(([pass, kind, , text]) => pass === "mem2reg" && kind === "applied" && /promoted \d+ allocas? to registers/.test(text)), JSON.stringify(m2r));
  assert.equal(m2r.length, Number(await count("mem2reg")));

  await passItem(page, "memory-space-opt", "true").click();
  const mso = await remarks();
  assert.ok(mso.some(([pass, , , text]) => pass === "memory-space-opt" && /\d+ global/.test(text)), JSON.stringify(mso));
  // The diff stays the default view under the remarks.
  await page.locator($("diff-view")).waitFor();
  await screenshot(page, "remarks-memory-space-opt.png");
});

test("a run with no remarks shows no list", async () => {
  const quiet = page.locator(`${$("pass-item")}:has(${$("remark-count")}[data-count="0"])`).first();
  await quiet.click();
  assert.equal(await page.locator($("pass-remarks")).count(), 0);
});

test("nvvm-reflect answers __nv_sinf's __CUDA_FTZ query in the sinf example, at either -ftz", async () => {
  await selectExample("sinf-ftz", "sines");
  // The example opens with -ftz=true.
  await passItem(page, "nvvm-reflect", "true").click();
  let r = await remarks();
  assert.ok(r.some(([pass, kind, , text]) => pass === "nvvm-reflect" && kind === "applied" && /reflect `__CUDA_FTZ` -> 1/.test(text)), JSON.stringify(r));
  // nvvm-reflect-pp then deletes the path not taken.
  await passItem(page, "nvvm-reflect-pp", "true").click();
  r = await remarks();
  assert.ok(r.some(([pass, , , text]) => pass === "nvvm-reflect-pp" && /branch(es)? folded/.test(text)), JSON.stringify(r));
  // inline reports __nv_sinf inlined at the call's line.
  await passItem(page, "inline", "true").click();
  r = await remarks();
  assert.ok(r.some(([pass, , line, text]) => pass === "inline" && line === "7" && /__nv_sinf/.test(text)), JSON.stringify(r));
  // With -ftz off the same query is answered 0.
  await page.locator($("flag-ftz")).setChecked(false);
  await page.waitForFunction(() => {
    const t = document.querySelector('[data-testid="ptx-view"]')?.textContent ?? "";
    return /\.entry sines/.test(t) && !/\.ftz/.test(t);
  });
  await passItem(page, "nvvm-reflect", "true").click();
  r = await remarks();
  assert.ok(r.some(([pass, , , text]) => pass === "nvvm-reflect" && /reflect `__CUDA_FTZ` -> 0/.test(text)), JSON.stringify(r));
  await screenshot(page, "remarks-nvvm-reflect-sinf.png");
});

test("nvvm-reflect says which flag it answered (reflect-ftz example)", async () => {
  await selectExample("reflect-ftz", "reflect_ftz");
  await passItem(page, "nvvm-reflect", "true").click();
  const r = await remarks();
  assert.ok(r.some(([pass, , , text]) => pass === "nvvm-reflect" && /__CUDA_FTZ/.test(text) && /-> 1|→ 1/.test(text)), JSON.stringify(r));
});

test("loop-unroll's remark links the tiled matmul's inner loop line, and the link highlights it", async () => {
  await selectExample("tiled-matmul", "matmul_tiled");
  await passItem(page, "loop-unroll", "true").click();
  const r = await remarks();
  const unrolled = r.find(([pass, kind, , text]) => pass === "loop-unroll" && kind === "applied" && /unrolled/.test(text));
  assert.ok(unrolled, JSON.stringify(r));
  const line = unrolled[2];
  assert.ok(line, "the unroll remark has a source line");
  // A missed remark for the outer loop, whose trip count is unknown.
  assert.ok(r.some(([pass, kind]) => pass === "loop-unroll" && kind === "missed"), JSON.stringify(r));

  const link = page.locator(`${$("remark")}[data-kind="applied"][data-line="${line}"] ${$("remark-line")}`).first();
  await link.click();
  assert.equal(await link.getAttribute("aria-pressed"), "true");
  // The editor highlights that source line: the inner loop's `for`.
  const linked = page.locator(`${$("source-editor")} .cm-linked`);
  await linked.first().waitFor();
  assert.match(await linked.first().textContent(), /for \(int k = 0; k < TILE; \+\+k\)/);
  // The IR lines from that source line are highlighted too.
  await page.locator($("view-ir")).click();
  const ir = page.locator(`${$("ir-view")} .code-line[data-src="${line}"]`).first();
  await ir.waitFor();
  const bg = await ir.evaluate((el) => getComputedStyle(el).backgroundColor);
  const plain = await page
    .locator(`${$("ir-view")} .code-line:not([data-src="${line}"])`)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  assert.notEqual(bg, plain);
  await screenshot(page, "remarks-loop-unroll.png");
  // Clicking the link again clears the highlight.
  await page.locator($("view-changes")).click();
  await link.click();
  await page.waitForFunction((sel) => !document.querySelector(sel), `${$("source-editor")} .cm-linked`);
});

test("the page logged no errors", () => {
  assert.deepEqual(b.errors, []);
});
