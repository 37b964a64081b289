// The metrics chart above the pass list: one point per pass run, the
// selected run's point marked; clicking a point selects its run; other
// series (registers by class) exist only after isel.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { $, openBrowser, waitForPtx, screenshot } from "../lib/page.mjs";

let b;
let page;

before(async () => {
  b = await openBrowser();
  page = await b.newPage();
});

after(async () => {
  await b?.close();
});

const points = () =>
  page.locator(`${$("metrics-chart")} ${$("metrics-point")}`).evaluateAll((els) =>
    els.map((e) => ({ run: Number(e.dataset.run), value: Number(e.dataset.value), pressed: e.getAttribute("aria-pressed") })),
  );

test("the chart has one point per run, instructions by default", async () => {
  await waitForPtx(page, ".entry saxpy");
  const chart = page.locator($("metrics-chart"));
  await chart.waitFor();
  assert.equal(await chart.getAttribute("data-series"), "instructions");
  // Every run is a row of the pass list while nothing is collapsed.
  const runs = await page.locator($("pass-item")).evaluateAll((els) => els.map((e) => Number(e.dataset.run)));
  const p = await points();
  assert.deepEqual(p.map((x) => x.run), runs);
  // mem2reg removes the allocas' loads and stores.
  const names = await page.locator($("pass-item")).evaluateAll((els) => els.map((e) => e.dataset.pass));
  const at = (name) => p[names.indexOf(name)].value;
  assert.ok(at("mem2reg") < at("irgen"), `${at("mem2reg")} < ${at("irgen")}`);
  // The selected run (the last IR run when the page opens) is marked.
  const selected = Number(await page.locator(`${$("pass-item")}.selected`).getAttribute("data-run"));
  assert.deepEqual(p.filter((x) => x.pressed === "true").map((x) => x.run), [selected]);
});

test("clicking a point selects its run", async () => {
  const names = await page.locator($("pass-item")).evaluateAll((els) => els.map((e) => e.dataset.pass));
  const run = names.indexOf("memory-space-opt");
  await page.locator(`${$("metrics-point")}[data-run="${run}"]`).click();
  assert.equal(await page.locator(`${$("pass-item")}.selected`).getAttribute("data-pass"), "memory-space-opt");
  assert.equal(await page.locator(`${$("metrics-point")}[data-run="${run}"]`).getAttribute("aria-pressed"), "true");
  const value = await page.locator(`${$("metrics-point")}[data-run="${run}"]`).getAttribute("data-value");
  assert.equal(await page.locator($("metrics-value")).textContent(), value);
  // The diff of that run is shown, as when its pass item is clicked.
  await page.locator($("diff-view")).waitFor();
  await screenshot(page, "metrics-chart.png");
});

test("registers by class are charted after isel only; loads by space too", async () => {
  const series = await page.locator(`${$("metrics-series")} option`).evaluateAll((os) => os.map((o) => o.value));
  assert.ok(series.includes("loads.global"), series.join(","));
  const reg = series.find((s) => s.startsWith("registers."));
  assert.ok(reg, series.join(","));
  await page.locator($("metrics-series")).selectOption(reg);
  assert.equal(await page.locator($("metrics-chart")).getAttribute("data-series"), reg);
  const p = await points();
  const kinds = await page.locator($("pass-item")).evaluateAll((els) => els.map((e) => e.dataset.kind));
  assert.ok(p.length > 0 && p.length < kinds.length, `${p.length} of ${kinds.length}`);
  assert.ok(p.every((x) => kinds[x.run] !== "ir"), JSON.stringify(p));
  await page.locator($("metrics-series")).selectOption("instructions");
  assert.equal((await points()).length, kinds.length);
});

test("the page logged no errors", () => {
  assert.deepEqual(b.errors, []);
});
