// Reduce: the lab's 60-line kernel with instcombine-sign switched on
// shrinks in the worker, with progress shown, to at most 15 lines in under
// 20 s; bisect still names instcombine on it; the share link holds the
// reduced source; Undo brings the 60 lines back.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { $, openBrowser, waitForPtx, editorText, screenshot, waitIdle } from "../lib/page.mjs";

let b;

before(async () => {
  b = await openBrowser();
});

after(async () => {
  await b?.close();
});

const results = (page) => page.locator($("run-output")).getAttribute("data-results").then(Number);

test("Reduce shrinks a 60-line kernel with an injected bug to at most 15 lines in under 20 s", async () => {
  const page = await b.newPage();
  await page.locator($("examples-select")).selectOption("lab-reduce");
  await waitForPtx(page, ".entry pipeline");
  await waitIdle(page);
  assert.equal(await page.locator($("inject-bug")).inputValue(), "instcombine-sign");
  const original = await editorText(page);
  assert.equal(original.trimEnd().split("\n").length, 60);
  await page.locator($("tab-run")).click();

  const shown = Number(await page.locator($("status")).getAttribute("data-shown"));
  const start = Date.now();
  await page.locator($("reduce-button")).click();
  // Progress is shown while the worker reduces.
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.includes("candidates tested"),
    $("reduce-status"), { timeout: 20_000 });
  await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.state === "done",
    $("reduce-status"), { timeout: 20_000 });
  const ms = Date.now() - start;
  const status = await page.locator($("reduce-status")).textContent();
  console.log(`reduce: ${status} (${ms} ms in the page)`);
  assert.ok(ms < 20_000, `${ms} ms`);
  assert.match(status, /reduced \d+ → \d+ lines/);
  assert.match(status, /\(instcombine\) changes the result/);
  const reduced = await editorText(page);
  const lines = reduced.split("\n").filter((l) => l.trim() !== "");
  assert.ok(lines.length <= 15, reduced);
  // The reduced source compiles (the Run panel covers the PTX).
  await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel)?.dataset.shown) > n, [$("status"), shown]);
  await waitIdle(page);
  await screenshot(page, "reduce.png");

  // Bisect on the reduced kernel and launch still names instcombine.
  const n = await results(page);
  await page.locator($("bisect-button")).click();
  await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel)?.dataset.results) > n,
    [$("run-output"), n], { timeout: 30_000 });
  assert.equal(await page.locator($("bisect-result")).getAttribute("data-changed"), "true");
  assert.match(await page.locator($("bisect-result")).textContent(), /instcombine/);

  // The share link holds the reduced source.
  await page.locator($("share-button")).click();
  const link = await page.locator($("share-link")).inputValue();
  const shared = await b.newPage();
  await shared.goto(link);
  // The link opens on the Run panel (it covers the PTX): wait for the editor.
  await shared.waitForFunction((t) => {
    const el = document.querySelector('[data-testid="source-editor"] .cm-content');
    return el && Array.from(el.querySelectorAll(".cm-line"), (l) => l.textContent).join("\n") === t;
  }, reduced);
  await shared.close();

  // Undo brings the original back.
  await page.locator($("reduce-undo")).click();
  await page.waitForFunction((t) => {
    const el = document.querySelector('[data-testid="source-editor"] .cm-content');
    return el && Array.from(el.querySelectorAll(".cm-line"), (l) => l.textContent).join("\n") === t;
  }, original);
  await page.close();
});
