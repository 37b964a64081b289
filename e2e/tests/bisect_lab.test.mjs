// The miscompile lab: each lab example switches its injected bug on (the
// options bar shows it), and the Run panel's bisect names the pass run (or,
// for layout, the backend) and goes on inside it to the one rewrite that
// changes the result, with that rewrite's diff.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { $, openBrowser, waitForPtx, screenshot, waitIdle } from "../lib/page.mjs";

let b;

before(async () => {
  b = await openBrowser();
});

after(async () => {
  await b?.close();
});

// Each lab example: its bug, the stage bisect names, and what the rewrite line says.
const LAB = [
  { id: "lab-instcombine-sign", bug: "instcombine-sign", entry: "negate", summary: /first changes after pass run 12, instcombine/, rewrite: /^instcombine, rewrite 1 of 2: `%sub = sub nsw i32 0, %arrayval` →/ },
  { id: "lab-licm-barrier", bug: "licm-barrier", entry: "rotate", summary: /first changes after pass run 20, licm/, rewrite: /^licm, rewrite 7 of 7: `%arrayval1 = load i32/ },
  { id: "lab-unroll-phi", bug: "unroll-phi", entry: "sum4", summary: /first changes after pass run 23, loop-unroll/, rewrite: /^loop-unroll, rewrite 1 of 1: loop at line 7 unrolled fully/ },
  { id: "lab-dse-drop", bug: "dse-drop", entry: "stash", summary: /first changes after pass run 38, dse/, rewrite: /^dse, rewrite 1 of 1: `store i32 5, ptr addrspace\(1\) %arrayidx, align 4` deleted/ },
  { id: "lab-gvn-clobber", bug: "gvn-clobber", entry: "overwrite", summary: /first changes after pass run 35, gvn/, rewrite: /^gvn, rewrite 1 of 1: `%arrayval1 = load i32/ },
  { id: "lab-layout-invert", bug: "layout-invert", entry: "split", summary: /Every IR run agrees, but our PTX in the emulator does not: a backend bug, in layout/, rewrite: /^layout, rewrite 1 of 2: `@%p1 bra/ },
  { id: "lab-isel-nc", bug: "isel-nc", entry: "bump", summary: /Every IR run agrees, but our PTX in the emulator does not: a backend bug, in isel/, rewrite: /^isel, rewrite 4 of 4: `ld\.global\.nc\.u32/ },
];

/** Results the Run panel has shown. */
const results = (page) => page.locator($("run-output")).getAttribute("data-results").then(Number);

for (const lab of LAB) {
  test(`bisect names the pass run and the rewrite of ${lab.bug}`, async () => {
    const page = await b.newPage();
    await page.locator($("examples-select")).selectOption(lab.id);
    await waitForPtx(page, `.entry ${lab.entry}`);
    await waitIdle(page);
    // The example switched its bug on.
    assert.equal(await page.locator($("inject-bug")).inputValue(), lab.bug);
    await page.locator($("tab-run")).click();
    const n = await results(page);
    await page.locator($("bisect-button")).click();
    await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel)?.dataset.results) > n,
      [$("run-output"), n], { timeout: 30_000 });
    const result = page.locator($("bisect-result"));
    assert.equal(await result.getAttribute("data-changed"), "true");
    assert.match(await result.textContent(), lab.summary);
    const rewrite = page.locator($("bisect-rewrite"));
    assert.match(await rewrite.locator("div").first().textContent(), lab.rewrite);
    const diff = await page.locator($("bisect-rewrite-diff")).textContent();
    assert.match(diff, /^[-+] /m, diff);
    if (lab.bug === "licm-barrier") await screenshot(page, "bisect-lab.png");

    // With the bug off, nothing changes the result.
    const shown = Number(await page.locator($("status")).getAttribute("data-shown"));
    await page.locator($("inject-bug")).selectOption("");
    await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel)?.dataset.shown) > n, [$("status"), shown]);
    await waitIdle(page);
    const m = await results(page);
    await page.locator($("bisect-button")).click();
    await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel)?.dataset.results) > n,
      [$("run-output"), m], { timeout: 30_000 });
    assert.equal(await result.getAttribute("data-changed"), "false");
    await page.close();
  });
}
