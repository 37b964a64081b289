// The page end to end: the worker compiles the default saxpy to PTX, an error
// shows as an nvcc-style diagnostic, fixing it brings the PTX back.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { launch, siteUrl } from "../lib/browser.mjs";

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), "..", "screenshots");
const $ = (id) => `[data-testid="${id}"]`;

let browser;
let page;
const pageErrors = [];

before(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  browser = await launch();
  page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") pageErrors.push(m.text());
  });
});

after(async () => {
  await browser?.close();
});

const ptxText = () => page.locator($("ptx-view")).textContent();

test("the page compiles saxpy to PTX in the worker", async () => {
  const started = Date.now();
  await page.goto(siteUrl());
  await page.waitForFunction(
    (sel) => document.querySelector(sel)?.textContent.includes(".visible .entry"),
    $("ptx-view"),
    { timeout: 60_000 },
  );
  const wall = Date.now() - started;
  const fromNavigation = await page.locator(".app").getAttribute("data-first-ptx-ms");
  console.log(`page load → first PTX: ${fromNavigation} ms after navigation start (${wall} ms wall, goto → PTX)`);

  assert.match(await ptxText(), /\.visible \.entry saxpy/);
  assert.match(await page.locator($("status")).textContent(), /compiled in/);
  assert.equal(await page.locator($("diagnostics")).locator("li").count(), 0);

  // The page as it first appears (README's screenshot comes from here).
  await page.screenshot({ path: join(SCREENSHOTS, "saxpy.png") });

  const items = page.locator($("pass-item"));
  assert.ok((await items.count()) >= 2, "the stage list shows the stages");
  for (const attr of ["data-pass", "data-changed"]) {
    assert.ok(await items.first().getAttribute(attr), `pass-item has ${attr}`);
  }
  await items.first().click();
  assert.equal(await items.first().getAttribute("class").then((c) => c.includes("selected")), true);
  assert.ok((await page.locator($("ir-view")).textContent()).trim().length > 0, "the IR pane shows the stage");

});

test("choosing an arch recompiles for it", async () => {
  await page.locator($("arch-select")).selectOption("sm_90");
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.includes(".target sm_90"), $("ptx-view"));
  await page.locator($("arch-select")).selectOption("sm_75");
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.includes(".target sm_75"), $("ptx-view"));
});

test("a missing semicolon shows an nvcc-style diagnostic, and fixing it brings PTX back", async () => {
  const editor = page.locator($("source-editor"));
  const good = await editor.inputValue();
  assert.match(good, /threadIdx\.x;/);
  await editor.fill(good.replace("threadIdx.x;", "threadIdx.x"));
  const diagnostic = page.locator($("diagnostics")).locator("li").first();
  await diagnostic.waitFor({ timeout: 15_000 });
  assert.match(await diagnostic.textContent(), /^kernel\.cu\(\d+\): error: /);
  assert.match(await page.locator($("status")).textContent(), /^1 error/);
  assert.match(await ptxText(), /no PTX/);
  await page.screenshot({ path: join(SCREENSHOTS, "error.png") });

  await editor.fill(good);
  await page.waitForFunction(
    (sel) => document.querySelector(sel)?.textContent.includes(".visible .entry"),
    $("ptx-view"),
    { timeout: 15_000 },
  );
  assert.equal(await page.locator($("diagnostics")).locator("li").count(), 0);
});

test("the page logged no errors", () => {
  assert.deepEqual(pageErrors, []);
});
