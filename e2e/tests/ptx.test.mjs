// The PTX pane: highlighting, an instruction's description on hover, the
// download; and the links between source and PTX lines, both ways.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { $, openBrowser, screenshot } from "../lib/page.mjs";

let b;
let page;

before(async () => {
  b = await openBrowser();
  page = await b.newPage();
});

after(async () => {
  await b?.close();
});

const ptxLine = (text) => page.locator(`${$("ptx-view")} .code-line`, { hasText: text }).first();

test("PTX is highlighted", async () => {
  const ops = await page.locator(`${$("ptx-view")} .t-op`).allTextContents();
  assert.ok(ops.includes("ld.param.u32") && ops.some((o) => o.startsWith("st.global")), ops.join(" "));
  const regs = await page.locator(`${$("ptx-view")} .t-reg`).allTextContents();
  assert.ok(regs.includes("%r1"), regs.join(" "));
  assert.ok((await page.locator(`${$("ptx-view")} .t-kw`).allTextContents()).includes(".entry"));
});

test("hovering an instruction describes it", async () => {
  await ptxLine("ld.global.f32").hover();
  const doc = await page.locator($("ptx-doc")).textContent();
  assert.match(doc, /^ld\.global\.f32 — load from memory/);
  assert.match(doc, /\.global: global memory/);
  assert.match(await ptxLine("ld.global.f32").getAttribute("title"), /load from memory/);
});

test("the download button saves kernel.ptx", async () => {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.locator($("download-ptx")).click(),
  ]);
  assert.equal(download.suggestedFilename(), "kernel.ptx");
  const text = await readFile(await download.path(), "utf8");
  assert.equal(text, await page.locator($("ptx-view")).evaluate((el) =>
    Array.from(el.querySelectorAll(".code-line code"), (c) => c.textContent).join("\n") + "\n"));
});

const background = (locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

test("hovering a PTX line highlights its source line, and back", async () => {
  // The store of y[i] comes from source line 4 (`if (i < n) y[i] = …`).
  const store = ptxLine("st.global.f32");
  assert.equal(await store.getAttribute("data-src"), "4");
  await store.hover();
  const linked = page.locator(`${$("source-editor")} .cm-line.cm-linked`);
  await linked.waitFor();
  assert.equal(await linked.count(), 1);
  assert.match(await linked.textContent(), /y\[i\] = a \* x\[i\] \+ y\[i\]/);
  // Every PTX line from that source line is highlighted too.
  const plain = await background(ptxLine(".version"));
  const sameSource = page.locator(`${$("ptx-view")} .code-line[data-src="4"]`);
  assert.ok((await sameSource.count()) >= 3);
  assert.notEqual(await background(sameSource.first()), plain);
  await screenshot(page, "linked-ptx-to-source.png");

  // From the source: hover line 3 (the index computation).
  await page.locator(`${$("ptx-view")}`).hover({ position: { x: 5, y: 5 } });
  const line3 = page.locator(`${$("source-editor")} .cm-line`).nth(2);
  await line3.hover();
  const fromLine3 = page.locator(`${$("ptx-view")} .code-line[data-src="3"]`);
  assert.ok((await fromLine3.count()) >= 1);
  await page.waitForFunction(
    ([sel, bg]) => getComputedStyle(document.querySelector(sel)).backgroundColor !== bg,
    [`${$("ptx-view")} .code-line[data-src="3"]`, plain],
  );
  assert.equal(await background(ptxLine("st.global.f32")), await background(ptxLine(".version")));
  await screenshot(page, "linked-source-to-ptx.png");
});

test("hovering a source line highlights the IR lines from it, and back", async () => {
  await page.locator(`${$("pass-item")}[data-pass="memory-space-opt"]`).click();
  // A changed run opens on its diff; the source links are on the IR.
  await page.locator($("view-ir")).click();
  const ir = page.locator($("ir-view"));
  await page.waitForFunction((sel) => document.querySelector(`${sel} .code-line[data-src="4"]`), $("ir-view"));
  const cmp = ir.locator(".code-line", { hasText: "icmp slt" });
  assert.equal(await cmp.getAttribute("data-src"), "4");
  const plain = await background(ir.locator(".code-line", { hasText: "define" }));
  await page.locator(`${$("source-editor")} .cm-line`).nth(3).hover();
  await page.waitForFunction(
    ([sel, bg]) => getComputedStyle(document.querySelector(sel)).backgroundColor !== bg,
    [`${$("ir-view")} .code-line[data-src="4"]`, plain],
  );
  assert.equal(await background(ir.locator(".code-line", { hasText: "%add = add" })), plain);

  await ir.locator(".code-line", { hasText: "%add = add" }).hover();
  const linked = page.locator(`${$("source-editor")} .cm-line.cm-linked`);
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.includes("threadIdx.x;"), `${$("source-editor")} .cm-line.cm-linked`);
  assert.match(await linked.textContent(), /int i = blockIdx\.x \* blockDim\.x \+ threadIdx\.x;/);
  // The PTX lines of that source line light up too.
  assert.notEqual(await background(page.locator(`${$("ptx-view")} .code-line[data-src="3"]`).first()), plain);
  await screenshot(page, "linked-ir-to-source.png");
});

test("the page logged no errors", () => {
  assert.deepEqual(b.errors, []);
});
