// Several files: a tab beside kernel.cu holds a header the kernel
// #includes; files are added, renamed and deleted from the tabs; the
// two-file example opens both; a share link restores every file.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { $, openBrowser, waitForPtx, editorText, setSource, ptxText } from "../lib/page.mjs";

let b;

before(async () => {
  b = await openBrowser();
});

after(async () => {
  await b?.close();
});

const tabNames = (page) =>
  page.locator($("file-tab")).evaluateAll((tabs) => tabs.map((t) => t.dataset.name));
const tab = (page, name) => page.locator(`${$("file-tab")}[data-name="${name}"]`);

test("a file added in a tab is found by #include, and a share link restores both files", async () => {
  const page = await b.newPage();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await waitForPtx(page, ".entry saxpy");
  // "+" asks for the name with the browser's prompt.
  page.once("dialog", (d) => d.accept("inc/scale.cuh"));
  await page.locator($("file-add")).click();
  await tab(page, "inc/scale.cuh").waitFor();
  assert.deepEqual(await tabNames(page), ["kernel.cu", "inc/scale.cuh"]);
  assert.equal(await tab(page, "inc/scale.cuh").getAttribute("aria-selected"), "true");
  const header = "#define FACTOR 3.0f\n__device__ inline float scale(float v) { return v * FACTOR; }\n";
  await setSource(page, header);
  await tab(page, "kernel.cu").click();
  const kernel =
    '#include "inc/scale.cuh"\n' +
    "extern \"C\" __global__ void triple(float *p, int n) {\n" +
    "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n" +
    "    if (i < n) p[i] = scale(p[i]);\n}\n";
  await setSource(page, kernel);
  await waitForPtx(page, ".entry triple");
  assert.match(await ptxText(page), /0f40400000/, "the header's FACTOR (3.0f) is in the PTX");

  // An error in the header is underlined in its tab.
  await tab(page, "inc/scale.cuh").click();
  assert.equal(await editorText(page), header);
  await setSource(page, header.replace("v * FACTOR", "v * FACTOR +"));
  await page.locator(`${$("source-editor")} .cm-lintRange-error`).first().waitFor();
  await setSource(page, header.replace("3.0f", "5.0f"));
  await waitForPtx(page, "0f40A00000");

  await page.locator($("share-button")).click();
  const link = await page.locator($("share-link")).inputValue();
  await page.close();

  const again = await b.browser.context.newPage();
  await again.goto(link);
  await waitForPtx(again, ".entry triple");
  assert.match(await ptxText(again), /0f40A00000/);
  assert.deepEqual(await tabNames(again), ["kernel.cu", "inc/scale.cuh"]);
  assert.equal(await editorText(again), kernel);
  await tab(again, "inc/scale.cuh").click();
  assert.equal(await editorText(again), header.replace("3.0f", "5.0f"));

  // Renamed, the include no longer finds it; renamed back, it does.
  again.once("dialog", (d) => d.accept("scale2.cuh"));
  await again.locator($("file-rename")).click();
  await tab(again, "scale2.cuh").waitFor();
  await again.locator($("diagnostics")).locator("li").filter({ hasText: /cannot open source file "inc\/scale.cuh"/ }).waitFor();
  // A name that exists is refused with a message.
  again.once("dialog", (d) => d.accept("kernel.cu"));
  await again.locator($("file-add")).click();
  await again.locator($("notice")).filter({ hasText: /exists/ }).waitFor();
  // Deleting it leaves kernel.cu alone.
  await again.locator($("file-delete")).click();
  assert.deepEqual(await tabNames(again), ["kernel.cu"]);
  assert.equal(await editorText(again), kernel);
  await again.close();
});

test("the two-file example opens both files and runs", async () => {
  const page = await b.newPage();
  await waitForPtx(page, ".entry saxpy");
  await page.locator($("examples-select")).selectOption("two-files");
  await waitForPtx(page, ".entry step");
  assert.deepEqual(await tabNames(page), ["kernel.cu", "particle.cuh"]);
  assert.match(await editorText(page), /#include "particle.cuh"/);
  await tab(page, "particle.cuh").click();
  assert.match(await editorText(page), /struct Particle/);
  // The Run panel launches it with the header's code: particle 0 is
  // (x, y, vx, vy) = (0, 1, 2, 3) and moves by dt = 0.5.
  await page.locator($("tab-run")).click();
  await page.waitForFunction((sel) => document.querySelector(sel)?.value === "step", $("run-kernel"),
    { timeout: 30_000 });
  await page.locator($("run-button")).click();
  await page.waitForFunction((sel) => Number(document.querySelector(sel)?.dataset.results) > 0,
    $("run-output"), { timeout: 20_000 });
  const p = await page.locator(`${$("buffer")}[data-name="p"] .el`).allTextContents();
  assert.deepEqual(p.slice(0, 2), ["1.0", "2.5"], p.slice(0, 8).join(" "));
  await page.close();
});
