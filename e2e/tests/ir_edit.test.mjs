// Edit and continue: the IR of a pass run is edited in place, "Run the
// rest" runs the rest of the pipeline on it to PTX and marks the run; the
// Run panel's bisect runs the edited pipeline; a share link keeps the
// edit; a parse error is listed with its line and column.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { $, openBrowser, waitForPtx, ptxText, waitIdle, screenshot } from "../lib/page.mjs";

let b;

before(async () => {
  b = await openBrowser();
});

after(async () => {
  await b?.close();
});

// Stage 11 is pass run 10 (irgen and link come first).
const RUN10 = `${$("pass-item")}[data-run="11"]`;

/** Opens run 10's IR in the edit box and returns its text. */
async function openEdit(page) {
  await page.locator(`${RUN10} button`).click();
  await page.locator($("view-ir")).click();
  await page.locator($("ir-edit")).click();
  const box = page.locator($("ir-edit-text"));
  await box.waitFor();
  return box.inputValue();
}

test("an IR edit at run 10 changes the final PTX, bisects and survives a share link", async () => {
  const page = await b.newPage();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await waitForPtx(page, ".entry saxpy");
  await waitIdle(page);
  assert.match(await ptxText(page), /fma\.rn\.f32/);
  const ir = await openEdit(page);
  assert.match(ir, /%add1 = fadd contract float %mul1, %arrayval1/);
  // y = a*x*y instead of a*x + y.
  const edited = ir.replace("%add1 = fadd contract", "%add1 = fmul contract");
  await page.locator($("ir-edit-text")).fill(edited);
  const shown = Number(await page.locator($("status")).getAttribute("data-shown"));
  await page.locator($("ir-run-rest")).click();
  await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel)?.dataset.shown) > n, [$("status"), shown]);
  await waitIdle(page);
  const ptx = await ptxText(page);
  assert.doesNotMatch(ptx, /fma\.rn\.f32/);
  assert.equal((ptx.match(/\bmul\.f32/g) || []).length, 2, ptx);
  // The edited run is marked, and only it.
  assert.equal(await page.locator(`${$("pass-item")}[data-edited="true"]`).count(), 1);
  assert.equal(await page.locator(RUN10).getAttribute("data-edited"), "true");
  assert.equal(await page.locator($("ir-edit-status")).getAttribute("data-run"), "10");

  // The Run panel bisects the edited pipeline: the result changes at run 10.
  await page.locator($("tab-run")).click();
  const n = Number(await page.locator($("run-output")).getAttribute("data-results"));
  await page.locator($("bisect-button")).click();
  await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel)?.dataset.results) > n,
    [$("run-output"), n], { timeout: 30_000 });
  const result = page.locator($("bisect-result"));
  assert.equal(await result.getAttribute("data-changed"), "true");
  assert.match(await result.textContent(), /first changes after pass run 10\b/);
  await screenshot(page, "ir-edit.png");

  await page.locator($("share-button")).click();
  const link = await page.locator($("share-link")).inputValue();
  await page.close();

  const again = await b.browser.context.newPage();
  await again.goto(link);
  // The link opens the Run panel (shared from it): back to the PTX.
  await again.locator($("tab-ptx")).click();
  await waitForPtx(again, ".entry saxpy");
  await waitIdle(again);
  assert.doesNotMatch(await ptxText(again), /fma\.rn\.f32/);
  assert.equal(await again.locator(RUN10).getAttribute("data-edited"), "true");
  // Dropping the edit gives the compiler's own PTX back.
  await again.locator($("ir-edit-drop")).click();
  await waitForPtx(again, "fma.rn.f32");
  assert.equal(await again.locator(`${$("pass-item")}[data-edited="true"]`).count(), 0);
  await again.close();
});

test("a parse error in the edited IR is shown with its line and column", async () => {
  const page = await b.newPage();
  await waitForPtx(page, ".entry saxpy");
  await waitIdle(page);
  const ir = await openEdit(page);
  const lines = ir.split("\n");
  const line = lines.findIndex((l) => l.includes("%add1 = fadd")) + 1;
  const column = lines[line - 1].indexOf("fadd") + 1;
  await page.locator($("ir-edit-text")).fill(ir.replace("%add1 = fadd", "%add1 = fadd2"));
  await page.locator($("ir-run-rest")).click();
  const error = page.locator($("ir-edit-error")).first();
  await error.waitFor();
  assert.match(await error.textContent(), new RegExp(`^line ${line}, column ${column}: `));
  // The text stays in the box to be fixed, and the last good PTX stays shown.
  assert.match(await page.locator($("ir-edit-text")).inputValue(), /fadd2/);
  assert.match(await ptxText(page), /fma\.rn\.f32/);
  await page.close();
});
