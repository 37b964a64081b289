// Shared links: the state in the URL fragment reopens the same source,
// options and view in a new page; a bad, truncated, bomb or huge fragment
// shows a message and the default example, and nothing crashes.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { $, openBrowser, waitForPtx, editorText, setSource, passItem, screenshot } from "../lib/page.mjs";

let b;

before(async () => {
  b = await openBrowser();
});

after(async () => {
  await b?.close();
});

let link;

test("Share copies a link that restores source, options and the selected run", async () => {
  const page = await b.newPage();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.locator($("examples-select")).selectOption("reflect-ftz");
  await waitForPtx(page, ".entry reflect_ftz");
  const source = (await editorText(page)).replace("x * 0.5f", "x * 0.75f");
  await setSource(page, source);
  await waitForPtx(page, "0f3F400000");
  await page.locator($("arch-select")).selectOption("sm_90");
  await waitForPtx(page, ".target sm_90");
  await page.locator($("flag-lineinfo")).check();
  await waitForPtx(page, ".loc");
  await passItem(page, "nvvm-reflect-pp", "true").click();
  await page.locator($("view-diff")).click();
  await page.locator($("layout-split")).click();
  await page.locator($("share-button")).click();
  link = await page.locator($("share-link")).inputValue();
  assert.match(link, /#v=\d+\.\d+\.\d+&z=[A-Za-z0-9_-]+$/);
  await page.locator($("notice")).filter({ hasText: /Link copied/ }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  // The address bar holds the same state.
  assert.equal(await page.evaluate(() => location.href), link);
  await page.close();

  const again = await b.browser.context.newPage();
  await again.goto(link);
  await waitForPtx(again, ".target sm_90");
  assert.equal(await editorText(again), source);
  assert.equal(await again.locator($("arch-select")).inputValue(), "sm_90");
  assert.equal(await again.locator($("flag-ftz")).isChecked(), true);
  assert.equal(await again.locator($("flag-lineinfo")).isChecked(), true);
  assert.match(await again.locator($("ptx-view")).textContent(), /\.loc/);
  const selected = again.locator(`${$("pass-item")}.selected`);
  assert.equal(await selected.getAttribute("data-pass"), "nvvm-reflect-pp");
  await again.locator(`${$("diff-view")} .diff-split`).waitFor();
  assert.equal(await again.locator($("view-diff")).getAttribute("aria-pressed"), "true");
  await screenshot(again, "shared-link.png");
  await again.close();
});

const hostile = {
  "bad encoding": "#v=0.1.0&z=*not*base64*",
  "truncated": () => link.split("#")[1].slice(0, Math.floor(link.split("#")[1].length * 0.6)),
  "decompression bomb": () => `#v=0.1.0&z=${deflateRawSync(Buffer.alloc(32 << 20, 32)).toString("base64url")}`,
  // Chromium's URLs end at 2 MiB.
  "megabytes": `#v=0.1.0&z=${"A".repeat(1536 << 10)}`,
  "not a state": "#hello-there",
  "json of the wrong shape": () => `#v=0.1.0&z=${deflateRawSync(Buffer.from('{"src": 7, "opt": "x"}')).toString("base64url")}`,
};

for (const [name, make] of Object.entries(hostile)) {
  test(`a ${name} fragment shows a message and the default example`, async () => {
    const fragment = typeof make === "function" ? make() : make;
    const page = await b.newPage(fragment.startsWith("#") ? fragment : `#${fragment}`);
    const notice = page.locator($("notice"));
    await notice.waitFor();
    assert.match(await notice.textContent(), /link|fragment/i);
    assert.match(await notice.textContent(), /default example/);
    assert.match(await editorText(page), /saxpy/);
    assert.match(await page.locator($("ptx-view")).textContent(), /\.entry saxpy/);
    if (name === "megabytes") assert.match(await notice.textContent(), /too long/);
    if (name === "decompression bomb") {
      assert.match(await notice.textContent(), /more than 1024 KiB/);
      await screenshot(page, "hostile-link.png");
    }
    await page.close();
  });
}

test("the pages logged no errors", () => {
  assert.deepEqual(b.errors, []);
});
