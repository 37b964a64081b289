// The compiler's worker: a progress bar while its wasm loads; a compile over
// the time limit, a worker that throws (a wasm trap) and a real compiler
// panic are each shown in the status bar and the worker is restarted with the
// page's state intact; a newer edit supersedes a compile in flight.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { $, openBrowser, waitForPtx, editorText, setSource, screenshot } from "../lib/page.mjs";
import { siteUrl } from "../lib/browser.mjs";

let b;

before(async () => {
  b = await openBrowser();
});

after(async () => {
  await b?.close();
});

test("a progress bar shows while the compiler's wasm loads", async () => {
  const page = await b.browser.context.newPage();
  await page.route("**/pkg/worker_bg.wasm", async (route) => {
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, 1500));
    await route.fulfill({ response });
  });
  await page.goto(siteUrl());
  const loading = page.locator($("loading"));
  await loading.waitFor();
  assert.equal(await loading.locator("progress").count(), 1);
  assert.match(await loading.textContent(), /loading the compiler/);
  await screenshot(page, "loading.png");
  await waitForPtx(page, ".entry saxpy");
  assert.equal(await loading.count(), 0);
  await page.close();
});

/** A page whose first worker is `script` (a stand-in that misbehaves); later ones are real. */
async function pageWithWorker(script) {
  const page = await b.browser.context.newPage();
  page.on("pageerror", (e) => b.errors.push(String(e)));
  await page.route("**/static/worker.js", (route) =>
    route.fulfill({ contentType: "text/javascript", body: script }), { times: 1 });
  await page.goto(siteUrl());
  return page;
}

/** After a restart: the source is still there and compiling works again. */
async function recovers(page) {
  assert.match(await editorText(page), /saxpy/);
  const text = await editorText(page);
  await setSource(page, text.replace("void saxpy(", "void saxpy_after("));
  await waitForPtx(page, ".entry saxpy_after(");
}

test("a compile over the time limit is stopped and the worker restarted", async () => {
  const page = await pageWithWorker(`
    postMessage({ kind: "ready" });
    onmessage = () => { const end = Date.now() + 60000; while (Date.now() < end) {} };
  `);
  const notice = page.locator($("notice"));
  await notice.waitFor({ timeout: 15_000 });
  assert.match(await notice.textContent(), /longer than 5 s.*restarted/);
  assert.match(await page.locator($("status")).textContent(), /longer than 5 s/);
  await screenshot(page, "worker-timeout.png");
  await recovers(page);
  await page.close();
});

test("a worker that traps is reported and restarted", async () => {
  const page = await pageWithWorker(`
    postMessage({ kind: "ready" });
    onmessage = () => { throw new Error("RuntimeError: unreachable"); };
  `);
  const notice = page.locator($("notice"));
  await notice.waitFor({ timeout: 10_000 });
  assert.match(await notice.textContent(), /worker died.*unreachable.*restarted/);
  await recovers(page);
  await page.close();
});

test("a compiler panic is reported with its message and the worker restarted", async () => {
  // The real worker, whose first compile request is turned into the hidden
  // `panic` request (web/src/protocol.rs): the compiler's wasm panics, its
  // panic hook reports the message, the instance dies.
  const real = await (await fetch(new URL("static/worker.js", siteUrl()))).text();
  const page = await pageWithWorker(`
    // The scope's own onmessage accessor (on the global itself in Chromium).
    let own;
    for (let o = self; o && !own; o = Object.getPrototypeOf(o)) own = Object.getOwnPropertyDescriptor(o, "onmessage");
    let turned = false;
    Object.defineProperty(self, "onmessage", {
      configurable: true,
      get() { return own.get.call(self); },
      set(handler) {
        own.set.call(self, (event) => {
          if (!turned && event.data?.kind === "compile") {
            turned = true;
            handler({ data: { kind: "panic" } });
          } else {
            handler(event);
          }
        });
      },
    });
    ${real}
  `);
  const notice = page.locator($("notice"));
  await notice.waitFor({ timeout: 10_000 });
  assert.match(
    await notice.textContent(),
    /compiler crashed \(panicked at web\/src\/worker\.rs:\d+:\d+:\s*a panic the page's test asked for\)/,
  );
  await recovers(page);
  await page.close();
});

test("a newer edit supersedes the compile in flight", async () => {
  const page = await b.newPage();
  await page.evaluate((sel) => {
    window.__seen = new Set();
    const record = () => {
      for (const m of document.querySelector(sel).textContent.matchAll(/\.entry (\w+)\(/g)) window.__seen.add(m[1]);
    };
    new MutationObserver(record).observe(document.querySelector(sel), { childList: true, subtree: true, characterData: true });
  }, $("ptx-view"));
  const saxpy = await editorText(page);
  const big = Array.from({ length: 400 }, (_, k) => saxpy.replace("void saxpy(", `void big${k}(`)).join("\n");
  await setSource(page, big);
  await page.keyboard.press("Control+Enter");
  await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.busy === "true", $("status"));
  await setSource(page, saxpy.replace("void saxpy(", "void newest("));
  await page.keyboard.press("Control+Enter");
  await waitForPtx(page, ".entry newest(");
  const seen = await page.evaluate(() => [...window.__seen]);
  assert.ok(!seen.some((k) => k.startsWith("big")), `an outdated result was shown: ${seen.join(",")}`);
  await page.close();
});

test("the pages logged no errors", () => {
  assert.deepEqual(b.errors, []);
});
