// The examples menu: every example compiles in the browser with no
// diagnostics; prints the compile-to-render latency of each.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { $, openBrowser, waitIdle, screenshot } from "../lib/page.mjs";

let b;
let page;

before(async () => {
  b = await openBrowser();
  page = await b.newPage();
});

after(async () => {
  await b?.close();
});

test("every example compiles to PTX, and how long it takes to show", async () => {
  const ids = await page.locator(`${$("examples-select")} option:not([disabled])`).evaluateAll((os) => os.map((o) => o.value));
  assert.ok(ids.length >= 8, ids.join(","));
  const rows = [];
  for (const id of ids) {
    for (let run = 0; run < 3; run++) {
      const shown = Number(await page.locator($("status")).getAttribute("data-shown"));
      if (run === 0) {
        await page.locator($("examples-select")).selectOption(id);
      } else {
        await page.locator(`${$("source-editor")} .cm-content`).click();
        await page.keyboard.press("Control+Enter");
      }
      await page.waitForFunction(
        ([sel, n]) => Number(document.querySelector(sel)?.dataset.shown) > n,
        [$("status"), shown],
      );
      await waitIdle(page);
      assert.equal(await page.locator($("diagnostics")).locator("li").count(), 0, id);
      assert.match(await page.locator($("ptx-view")).textContent(), /\.entry /, id);
      const status = page.locator($("status"));
      const latency = Number(await status.getAttribute("data-latency-ms"));
      const compile = (await status.textContent()).match(/compiled in ([\d.]+ ms)/)?.[1];
      rows.push({ id, run, latency, compile });
    }
    if (id === "tiled-matmul") await screenshot(page, "example-tiled-matmul.png");
  }
  console.log("example            compile (worker)   compile → render (best of 3)");
  for (const id of ids) {
    const mine = rows.filter((r) => r.id === id);
    const best = Math.min(...mine.map((r) => r.latency));
    console.log(`${id.padEnd(18)} ${String(mine.at(-1).compile).padStart(10)}   ${best.toFixed(1).padStart(8)} ms`);
    assert.ok(best < 1000, `${id}: ${best} ms from request to rendered PTX`);
  }
});

test("the page logged no errors", () => {
  assert.deepEqual(b.errors, []);
});
