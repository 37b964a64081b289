// Follow a value: clicking %add in saxpy's IR highlights it and its uses in
// every run's view and in the diffs; the history strip says which runs
// created, changed or deleted it, and clicking one selects that run. A PTX
// register clicked in the PTX pane is followed through the machine runs.
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

const NONE = "rgba(0, 0, 0, 0)";
/** How many spans of `value` the selector's view shows highlighted. */
const highlighted = (sel, value) =>
  page.locator(`${sel} [data-v="${value}"]`).evaluateAll(
    (els, none) => els.filter((e) => getComputedStyle(e).backgroundColor !== none).length,
    NONE,
  );
const events = () =>
  page.locator(`${$("value-history")} ${$("value-event")}`).evaluateAll((els) =>
    els.map((e) => ({ run: Number(e.dataset.run), change: e.dataset.change, pass: e.dataset.pass, text: e.textContent })),
  );

test("clicking %add in saxpy's IR follows it: highlighted, with its history", async () => {
  await waitForPtx(page, ".entry saxpy");
  await passItem(page, "irgen").click();
  await page.locator($("view-ir")).click();
  // Not followed yet: nothing highlighted.
  assert.equal(await highlighted($("ir-view"), "%add"), 0);
  await page.locator(`${$("ir-view")} [data-v="%add"]`).first().click();
  const strip = page.locator($("value-history"));
  await strip.waitFor();
  assert.equal(await strip.getAttribute("data-value"), "%add");
  assert.ok(Number(await strip.getAttribute("data-runs")) >= 3);
  // Its definition and its use (the store into %i.addr) in irgen.
  assert.ok((await highlighted($("ir-view"), "%add")) >= 2);
  // Other values are not highlighted.
  const other = page.locator(`${$("ir-view")} [data-v="%mul"]`).first();
  assert.equal(await other.evaluate((e) => getComputedStyle(e).backgroundColor), NONE);

  const ev = await events();
  assert.deepEqual(ev[0], { run: 0, change: "created", pass: "irgen", text: "created · irgen" });
  // mem2reg gives it its uses (the loads of %i.addr become %add).
  assert.ok(ev.some((e) => e.change === "changed" && e.pass === "mem2reg"), JSON.stringify(ev));
  // The run that removed it, if any, is named.
  for (const e of ev.filter((e) => e.change === "deleted")) {
    assert.match(e.text, new RegExp(`deleted · ${e.pass}`));
  }
  await screenshot(page, "follow-add.png");
});

test("the source line defining the value, and the PTX from it, are highlighted", async () => {
  await page.mouse.move(5, 5);
  const linked = page.locator(`${$("source-editor")} .cm-linked`);
  await linked.first().waitFor();
  assert.match(await linked.first().textContent(), /int i = blockIdx\.x \* blockDim\.x/);
  const ptx = page.locator(`${$("ptx-view")} .code-line[data-src="3"]`);
  assert.ok((await ptx.count()) > 0);
  const bg = await ptx.first().evaluate((e) => getComputedStyle(e).backgroundColor);
  assert.notEqual(bg, NONE);
});

test("the followed value survives a typo and its fix", async () => {
  const good = await editorText(page);
  await setSource(page, good.replace("threadIdx.x;", "threadIdx.x"));
  await page.locator($("stale-mark")).waitFor({ timeout: 15_000 });
  assert.equal(await page.locator($("value-history")).getAttribute("data-value"), "%add");
  await setSource(page, good);
  await page.waitForFunction((sel) => !document.querySelector(sel), $("stale-mark"), { timeout: 15_000 });
  assert.equal(await page.locator($("value-history")).getAttribute("data-value"), "%add");
  assert.ok((await highlighted($("ir-view"), "%add")) >= 2);
});

test("the followed value stays highlighted in every IR run that has it", async () => {
  const runs = await page.locator(`${$("pass-item")}[data-kind="ir"]`).evaluateAll((els) => els.map((e) => e.dataset.run));
  let shown = 0;
  for (const run of runs) {
    await page.locator(`${$("pass-item")}[data-run="${run}"]`).click();
    if ((await highlighted($("ir-view"), "%add")) > 0) shown++;
  }
  assert.ok(shown >= 3, `highlighted in ${shown} runs`);
  // The strip stays while switching runs.
  assert.equal(await page.locator($("value-history")).getAttribute("data-value"), "%add");
});

test("clicking a history event selects its run; its diff highlights the value", async () => {
  const changed = (await events()).find((e) => e.change === "changed");
  await page.locator(`${$("value-event")}[data-run="${changed.run}"]`).click();
  assert.equal(await page.locator(`${$("pass-item")}.selected`).getAttribute("data-run"), String(changed.run));
  assert.equal(await page.locator(`${$("value-event")}[data-run="${changed.run}"]`).getAttribute("aria-pressed"), "true");
  await page.locator($("view-changes")).click();
  await page.locator($("diff-view")).waitFor();
  assert.ok((await highlighted($("diff-view"), "%add")) > 0);
  // Clicking the value again stops following it.
  await page.locator(`${$("diff-view")} [data-v="%add"]`).first().click();
  await page.waitForFunction((sel) => !document.querySelector(sel), $("value-history"));
  assert.equal(await highlighted($("diff-view"), "%add"), 0);
});

test("a PTX register clicked in the PTX pane is followed through the machine runs", async () => {
  await page.locator(`${$("ptx-view")} [data-v="%r1"]`).first().click();
  const strip = page.locator($("value-history"));
  await strip.waitFor();
  assert.equal(await strip.getAttribute("data-value"), "%r1");
  assert.ok((await highlighted($("ptx-view"), "%r1")) >= 2);
  const ev = await events();
  assert.equal(ev[0].change, "created");
  assert.equal(ev[0].pass, "isel");
  await page.locator(`${$("value-event")}[data-run="${ev[0].run}"]`).click();
  assert.equal(await page.locator(`${$("pass-item")}.selected`).getAttribute("data-pass"), "isel");
  await page.locator($("view-ir")).click();
  assert.ok((await highlighted($("ir-view"), "%r1")) >= 2);
  await page.locator($("value-clear")).click();
  await page.waitForFunction((sel) => !document.querySelector(sel), $("value-history"));
});

test("an IR value highlights exactly the PTX instructions defining it; its register finds it back", async () => {
  await passItem(page, "irgen").click();
  await page.locator($("view-ir")).click();
  // %add1 is the fadd of a * x[i] + y[i]: in the PTX, the fma.
  await page.locator(`${$("ir-view")} [data-v="%add1"]`).first().click();
  await page.locator(`${$("value-history")}[data-value="%add1"]`).waitFor();
  const marked = (sel) =>
    page.locator(`${$("ptx-view")} .code-line`).evaluateAll(
      (els, sel) => els.filter((e) => getComputedStyle(e).boxShadow !== "none").map((e) => e.textContent),
      sel,
    );
  const defs = await marked();
  assert.equal(defs.length, 1, JSON.stringify(defs));
  assert.match(defs[0], /fma\.rn\.f32\s+%f\d+,/);
  // The other instructions of the same source line are not marked.
  const ld = page.locator(`${$("ptx-view")} .code-line`, { hasText: "ld.global.f32" }).first();
  assert.equal(await ld.evaluate((e) => getComputedStyle(e).boxShadow), "none");
  // The fma's register is outlined where it is defined and where it is stored.
  const reg = defs[0].match(/fma\.rn\.f32\s+(%f\d+),/)[1];
  const outlined = await page.locator(`${$("ptx-view")} [data-v="${reg}"]`).evaluateAll(
    (els) => els.filter((e) => getComputedStyle(e).outlineStyle === "dashed").length,
  );
  assert.equal(outlined, 2);
  await screenshot(page, "follow-ir-to-ptx.png");

  // Conversely, following the register outlines the IR values it holds: the
  // fadd and the fmul folded into the fma.
  await page.locator(`${$("ptx-view")} [data-v="${reg}"]`).first().click();
  await page.locator(`${$("value-history")}[data-value="${reg}"]`).waitFor();
  for (const v of ["%add1", "%mul1"]) {
    const style = await page.locator(`${$("ir-view")} [data-v="${v}"]`).first().evaluate((e) => getComputedStyle(e).outlineStyle);
    assert.equal(style, "dashed", v);
  }
  const other = page.locator(`${$("ir-view")} [data-v="%add"]`).first();
  assert.notEqual(await other.evaluate((e) => getComputedStyle(e).outlineStyle), "dashed");
  await page.locator($("value-clear")).click();
  await page.waitForFunction((sel) => !document.querySelector(sel), $("value-history"));
});

test("values by keyboard: arrows move between values, Enter follows, n/p step through uses, ] and [ through the history, Escape stops", async () => {
  await passItem(page, "irgen").click();
  await page.locator($("view-ir")).click();
  const active = () => page.evaluate(() => {
    const a = document.activeElement;
    return a?.dataset?.v ? { v: a.dataset.v, i: [...document.querySelectorAll(`[data-v="${a.dataset.v}"]`)].indexOf(a), label: a.getAttribute("aria-label") } : null;
  });
  await page.locator($("ir-view")).focus();
  await page.keyboard.press("ArrowRight");
  let a = await active();
  assert.ok(a, "a value has the focus");
  assert.equal(a.label, `value ${a.v}`);
  for (let n = 0; n < 300 && a?.v !== "%add"; n++) {
    await page.keyboard.press("ArrowRight");
    a = await active();
  }
  assert.equal(a?.v, "%add");
  await page.keyboard.press("Enter");
  await page.locator(`${$("value-history")}[data-value="%add"]`).waitFor();
  // n: the next use of %add; p: back.
  await page.locator(`${$("ir-view")} [data-v="%add"]`).first().focus();
  const first = await active();
  await page.keyboard.press("n");
  const second = await active();
  assert.equal(second.v, "%add");
  assert.ok(second.i > first.i, JSON.stringify([first, second]));
  await page.keyboard.press("p");
  assert.deepEqual(await active(), first);

  // ] selects the next run of the history after the selected one, [ the previous.
  const ev = await events();
  const selected = async () => Number(await page.locator(`${$("pass-item")}.selected`).getAttribute("data-run"));
  const from = await selected();
  const next = ev.find((e) => e.run > from);
  assert.ok(next, JSON.stringify(ev));
  await page.locator($("ir-view")).focus().catch(() => page.locator($("diff-view")).focus());
  await page.keyboard.press("]");
  await page.waitForFunction(([sel, run]) => document.querySelector(sel)?.dataset.run === String(run), [`${$("pass-item")}.selected`, next.run]);
  const view = (await page.locator($("diff-view")).count()) ? $("diff-view") : $("ir-view");
  await page.locator(view).focus();
  await page.keyboard.press("[");
  await page.waitForFunction(([sel, run]) => document.querySelector(sel)?.dataset.run === String(run), [`${$("pass-item")}.selected`, from]);

  // Escape stops following.
  await page.locator($("ir-view")).focus();
  await page.keyboard.press("Escape");
  await page.waitForFunction((sel) => !document.querySelector(sel), $("value-history"));
  // Escape in the PTX pane too; Space follows there.
  await page.locator($("ptx-view")).focus();
  await page.keyboard.press("ArrowRight");
  const reg = await active();
  assert.ok(reg?.v.startsWith("%"), JSON.stringify(reg));
  await page.keyboard.press(" ");
  await page.locator(`${$("value-history")}[data-value="${reg.v}"]`).waitFor();
  await page.keyboard.press("Escape");
  await page.waitForFunction((sel) => !document.querySelector(sel), $("value-history"));
});

test("the page logged no errors", () => {
  assert.deepEqual(b.errors, []);
});
