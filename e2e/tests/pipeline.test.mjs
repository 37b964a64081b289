// The pipeline pane: a changed run shows its diff by default, an unchanged
// one its IR with a note; diffs of a pass run against the one before and of
// any two runs, unified and side by side; hide-unchanged groups and folding
// into the next change; a typo keeps the last good view, stale; the filter;
// the function selector; j/k and the arrow keys.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { $, openBrowser, waitForPtx, passItem, screenshot, editorText, setSource } from "../lib/page.mjs";

let b;
let page;

before(async () => {
  b = await openBrowser();
  page = await b.newPage();
});

after(async () => {
  await b?.close();
});

const diffCounts = async () => {
  const view = page.locator($("diff-view"));
  await view.waitFor();
  return {
    added: await view.locator(".diff-line.added").count(),
    removed: await view.locator(".diff-line.removed").count(),
    text: await view.textContent(),
  };
};

test("clicking a changed run shows its diff by default, the IR one click away", async () => {
  await waitForPtx(page, ".entry saxpy");
  await passItem(page, "memory-space-opt", "true").click();
  assert.equal(await page.locator($("view-changes")).getAttribute("aria-pressed"), "true");
  const d = await diffCounts();
  assert.ok(d.added > 0 && d.removed > 0, JSON.stringify(d));
  assert.match(await page.locator($("diff-summary")).textContent(), /\+\d+ −\d+/);
  await page.locator($("view-ir")).click();
  assert.match(await page.locator($("ir-view")).textContent(), /addrspace\(1\)/);
  await page.locator($("view-changes")).click();
  await page.locator($("diff-view")).waitFor();
});

test("an unchanged run shows its IR with a note that nothing changed", async () => {
  const unchanged = page.locator(`${$("pass-item")}[data-kind="ir"][data-changed="false"]`).first();
  await unchanged.click();
  await page.locator($("unchanged-note")).waitFor();
  assert.match(await page.locator($("unchanged-note")).textContent(), /changed nothing/);
  assert.match(await page.locator($("ir-view")).textContent(), /define ptx_kernel void @saxpy/);
  assert.equal(await page.locator($("diff-view")).count(), 0);
  // A changed run again: the diff, and no note.
  await passItem(page, "mem2reg", "true").click();
  await page.locator($("diff-view")).waitFor();
  assert.equal(await page.locator($("unchanged-note")).count(), 0);
});

test("a typo keeps the last good view, dimmed and stale; the selection survives the fix", async () => {
  const fn = (await page.locator(`${$("function-select")} option`).evaluateAll((os) => os.map((o) => o.value)))
    .find((o) => o.includes("saxpy"));
  await page.locator($("function-select")).selectOption(fn);
  await passItem(page, "memory-space-opt", "true").click();
  const items = await page.locator($("pass-item")).count();
  const selected = () => page.locator(`${$("pass-item")}.selected`).getAttribute("data-pass");
  const good = await editorText(page);
  await setSource(page, good.replace("threadIdx.x;", "threadIdx.x"));
  const mark = page.locator($("stale-mark"));
  await mark.waitFor({ timeout: 15_000 });
  assert.match(await mark.textContent(), /stale · 1 error/);
  assert.equal(await mark.getAttribute("data-errors"), "1");
  assert.match(await page.locator($("status")).textContent(), /1 error/);
  // The pass list, the diff and the PTX stay, dimmed.
  assert.equal(await page.locator($("pass-item")).count(), items);
  assert.equal(await selected(), "memory-space-opt");
  await page.locator($("diff-view")).waitFor();
  assert.match(await page.locator($("ptx-view")).textContent(), /\.entry saxpy/);
  const opacity = await page.locator(".pane-pipeline .pipeline").evaluate((el) => Number(getComputedStyle(el).opacity));
  assert.ok(opacity < 1, `opacity ${opacity}`);
  await screenshot(page, "stale.png");

  await setSource(page, good);
  await page.waitForFunction((sel) => !document.querySelector(sel), $("stale-mark"), { timeout: 15_000 });
  assert.equal(await selected(), "memory-space-opt");
  assert.equal(await page.locator($("function-select")).inputValue(), fn);
  assert.equal(await page.locator($("diagnostics")).locator("li").count(), 0);
  await page.locator($("function-select")).selectOption("");
});

test("folding puts unchanged runs into the next changed one", async () => {
  const items = page.locator($("pass-item"));
  const all = await items.count();
  await page.locator($("fold-unchanged")).check();
  const rows = await items.evaluateAll((els) => els.map((e) => [e.dataset.pass, e.dataset.changed]));
  assert.ok(rows.length < all, `${rows.length} rows of ${all}`);
  // Every row is a changed run but a trailing group of unchanged ones.
  assert.ok(rows.slice(0, -1).every(([, changed]) => changed === "true"), JSON.stringify(rows));
  assert.ok(rows.some(([name]) => name === "memory-space-opt"));
  await screenshot(page, "fold-unchanged.png");
  await page.locator($("fold-unchanged")).uncheck();
  assert.equal(await items.count(), all);
});

test("a memory-space-opt run shows a diff with added and removed lines", async () => {
  await passItem(page, "memory-space-opt", "true").click();
  await page.locator($("view-diff")).click();
  const d = await diffCounts();
  assert.ok(d.added > 0 && d.removed > 0, JSON.stringify(d));
  // Loads through generic pointers become loads from addrspace(1).
  const added = await page.locator(`${$("diff-view")} .diff-line.added`).allTextContents();
  assert.ok(added.some((l) => l.includes("addrspace(1)")), added.join("\n"));
  assert.match(await page.locator($("diff-summary")).textContent(), /\+\d+ −\d+/);
  assert.match(await page.locator($("run-description")).textContent(), /^memory-space-opt: /);
  await screenshot(page, "diff-memory-space-opt.png");
});

test("an nvvm-reflect run shows the reflect call replaced by a constant", async () => {
  await page.locator($("examples-select")).selectOption("reflect-ftz");
  await waitForPtx(page, ".entry reflect_ftz");
  await passItem(page, "nvvm-reflect", "true").click();
  const d = await diffCounts();
  assert.ok(d.added > 0 && d.removed > 0, JSON.stringify(d));
  const removed = await page.locator(`${$("diff-view")} .diff-line.removed`).allTextContents();
  assert.ok(removed.some((l) => l.includes("@__nvvm_reflect")), removed.join("\n"));
  await screenshot(page, "diff-nvvm-reflect.png");
});

test("side by side puts removed lines left and added lines right", async () => {
  await page.locator($("layout-split")).click();
  const split = page.locator(`${$("diff-view")} .diff-split`);
  await split.waitFor();
  const cells = await split.locator(".diff-line").evaluateAll((els) =>
    els.map((e, i) => [i % 2, e.classList.contains("added"), e.classList.contains("removed")]),
  );
  assert.ok(cells.some(([side, , removed]) => side === 0 && removed));
  assert.ok(cells.some(([side, added]) => side === 1 && added));
  assert.ok(!cells.some(([side, added]) => side === 0 && added), "nothing added on the left");
  await page.locator($("layout-unified")).click();
});

test("any two runs can be compared", async () => {
  await page.locator($("view-compare")).click();
  await page.locator($("compare-a")).selectOption("0");
  const runs = await page.locator(`${$("compare-b")} option`).evaluateAll((os) => os.map((o) => o.textContent));
  const lastIr = runs.findLastIndex((t) => / (simplifycfg|adce|dce)$/.test(t));
  await page.locator($("compare-b")).selectOption(String(lastIr));
  const d = await diffCounts();
  assert.ok(d.added > 0 && d.removed > 0, JSON.stringify(d));
  const removed = await page.locator(`${$("diff-view")} .diff-line.removed`).allTextContents();
  assert.ok(removed.some((l) => l.includes("alloca")), "irgen's allocas are gone at the end");
  // Comparing a run with itself is no change.
  await page.locator($("compare-a")).selectOption(String(lastIr));
  await page.locator($("diff-view")).locator(".diff-empty").waitFor();
  await screenshot(page, "compare.png");
  await page.locator($("view-ir")).click();
  await page.locator($("ir-view")).waitFor();
});

test("hide unchanged collapses consecutive unchanged runs", async () => {
  const items = page.locator($("pass-item"));
  const all = await items.count();
  await page.locator($("hide-unchanged")).check();
  const rows = await items.evaluateAll((els) => els.map((e) => [e.dataset.pass, e.dataset.changed]));
  assert.ok(rows.length < all, `${rows.length} rows of ${all}`);
  assert.ok(rows.some(([name]) => name.includes(" + ")), "a group names its runs");
  for (let i = 1; i < rows.length; i++) {
    assert.ok(rows[i - 1][1] === "true" || rows[i][1] === "true", `two unchanged rows: ${rows[i - 1]} ${rows[i]}`);
  }
  await screenshot(page, "hide-unchanged.png");
  await page.locator($("hide-unchanged")).uncheck();
  assert.equal(await items.count(), all);
});

test("the filter keeps matching passes", async () => {
  await page.locator($("pass-filter")).fill("reflect");
  const names = await page.locator($("pass-item")).evaluateAll((els) => els.map((e) => e.dataset.pass));
  assert.ok(names.length >= 2 && names.every((n) => n.includes("reflect")), names.join(","));
  await page.locator($("pass-filter")).fill("");
});

test("j/k and the arrow keys move through runs", async () => {
  await page.locator(`${$("pass-item")}[data-pass="irgen"]`).click();
  const selected = () => page.locator(`${$("pass-item")}.selected`).getAttribute("data-pass");
  assert.equal(await selected(), "irgen");
  await page.keyboard.press("j");
  assert.equal(await selected(), "link");
  await page.keyboard.press("ArrowDown");
  const third = await selected();
  assert.notEqual(third, "link");
  await page.keyboard.press("k");
  assert.equal(await selected(), "link");
  await page.keyboard.press("ArrowUp");
  assert.equal(await selected(), "irgen");
  await page.keyboard.press("k");
  assert.equal(await selected(), "irgen", "stops at the first run");
});

test("the function selector shows one function", async () => {
  await page.locator($("examples-select")).selectOption("noinline");
  await waitForPtx(page, ".entry blend");
  const options = await page.locator(`${$("function-select")} option`).evaluateAll((os) => os.map((o) => o.value));
  const clamp = options.find((o) => o.includes("clamp_to"));
  assert.ok(clamp && options.some((o) => o.includes("lerp")), options.join(","));
  await page.locator($("function-select")).selectOption(clamp);
  const lastIr = page.locator(`${$("pass-item")}[data-kind="ir"]`).last();
  await lastIr.click();
  const ir = await page.locator($("ir-view")).textContent();
  assert.match(ir, /define .*@_Z8clamp_tof5Range/);
  assert.doesNotMatch(ir, /@blend/);
  // lerp was inlined and deleted: the last IR run says so.
  await page.locator($("function-select")).selectOption(options.find((o) => o.includes("lerp")));
  assert.match(await page.locator($("ir-view")).textContent(), /is not in the module after this run/);
  await page.locator($("function-select")).selectOption("");
  assert.match(await page.locator($("ir-view")).textContent(), /@blend/);
});

test("the page logged no errors", () => {
  assert.deepEqual(b.errors, []);
});
