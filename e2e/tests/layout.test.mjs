// The layout: three panes side by side from 1280×720 up, resizable by
// dragging the gutters; light and dark themes follow the system setting.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { $, openBrowser, screenshot } from "../lib/page.mjs";

const opened = [];
after(async () => {
  for (const b of opened) await b.close();
});

const box = async (page, sel) => page.locator(sel).boundingBox();

test("at 1280×720 the three panes, the options and the status bar fit", async () => {
  const b = await openBrowser({ viewport: { width: 1280, height: 720 } });
  opened.push(b);
  const page = await b.newPage();
  for (const pane of [".pane-source", ".pane-pipeline", ".pane-ptx"]) {
    const r = await box(page, pane);
    assert.ok(r.width >= 250 && r.height >= 400, `${pane}: ${JSON.stringify(r)}`);
  }
  const overflow = await page.evaluate(() => [
    document.documentElement.scrollWidth > innerWidth,
    document.documentElement.scrollHeight > innerHeight,
  ]);
  assert.deepEqual(overflow, [false, false], "no page scroll bars");
  for (const id of ["share-button", "arch-select", "opt-select", "examples-select", "status"]) {
    const r = await box(page, $(id));
    assert.ok(r && r.x >= 0 && r.x + r.width <= 1280 && r.y + r.height <= 720, `${id} on screen: ${JSON.stringify(r)}`);
  }
  await screenshot(page, "layout-1280x720.png");

  // Drag the first gutter 150 px right: the editor widens, the pipeline narrows.
  const [source, pipeline, gutter] = [await box(page, ".pane-source"), await box(page, ".pane-pipeline"), await box(page, $("gutter-0"))];
  await page.mouse.move(gutter.x + gutter.width / 2, gutter.y + 200);
  await page.mouse.down();
  await page.mouse.move(gutter.x + 80, gutter.y + 200, { steps: 4 });
  await page.mouse.move(gutter.x + 150, gutter.y + 200, { steps: 4 });
  await page.mouse.up();
  const [source2, pipeline2] = [await box(page, ".pane-source"), await box(page, ".pane-pipeline")];
  assert.ok(Math.abs(source2.width - source.width - 150) < 12, `${source.width} → ${source2.width}`);
  assert.ok(Math.abs(pipeline.width - pipeline2.width - 150) < 12, `${pipeline.width} → ${pipeline2.width}`);
  // A pane never shrinks away.
  const g1 = await box(page, $("gutter-1"));
  await page.mouse.move(g1.x + 2, g1.y + 200);
  await page.mouse.down();
  await page.mouse.move(g1.x + 2000, g1.y + 200, { steps: 5 });
  await page.mouse.up();
  assert.ok((await box(page, ".pane-ptx")).width > 100);
  assert.deepEqual(b.errors, []);
  // One browser at a time: the next test starts its own.
  opened.splice(opened.indexOf(b), 1);
  await b.close();
});

test("the dark theme follows the system setting", async () => {
  const b = await openBrowser({ colorScheme: "dark" });
  opened.push(b);
  const page = await b.newPage();
  const luminance = (rgb) => {
    const [r, g, bl] = rgb.match(/\d+/g).map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const fg = await page.evaluate(() => getComputedStyle(document.body).color);
  assert.ok(luminance(bg) < 60 && luminance(fg) > 180, `${bg} on ${fg}`);
  const editorBg = await page.locator(".cm-editor").evaluate((el) => getComputedStyle(el.closest(".pane")).backgroundColor);
  assert.ok(luminance(editorBg) < 60, editorBg);
  await page.locator('[data-testid="pass-item"][data-pass="memory-space-opt"]').click();
  await page.locator($("view-diff")).click();
  await screenshot(page, "dark.png");
  assert.deepEqual(b.errors, []);
});
