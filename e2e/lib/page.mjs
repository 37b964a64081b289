// Helpers shared by the browser tests: open the page with a fresh profile,
// collect its errors, wait for PTX, type into the editor, take screenshots.
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { launch, siteUrl } from "./browser.mjs";

export const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), "..", "screenshots");
export const $ = (id) => `[data-testid="${id}"]`;

/** A browser and a page on the site; `errors` collects page errors and console errors. */
export async function openBrowser({ colorScheme = "light", viewport } = {}) {
  await mkdir(SCREENSHOTS, { recursive: true });
  const browser = await launch({ colorScheme });
  const errors = [];
  const newPage = async (fragment = "", { wait = true } = {}) => {
    const page = await browser.context.newPage();
    if (viewport) await page.setViewportSize(viewport);
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    // The DOM is enough (the PTX wait below is what matters); on a loaded
    // machine a fresh browser's first navigation can be slow.
    // A fresh browser's first navigation sometimes stalls on a loaded
    // machine (seen in CI at load 15): one more try before failing.
    try {
      await page.goto(siteUrl() + fragment, { waitUntil: "domcontentloaded", timeout: 45_000 });
    } catch (e) {
      if (e.name !== "TimeoutError") throw e;
      await page.goto(siteUrl() + fragment, { waitUntil: "domcontentloaded", timeout: 45_000 });
    }
    if (wait) await waitForPtx(page, ".entry");
    return page;
  };
  return { browser, errors, newPage, close: () => browser.close() };
}

/** Waits until the PTX pane contains `text`. */
export async function waitForPtx(page, text, timeout = 30_000) {
  await page.waitForFunction(
    ([sel, t]) => document.querySelector(sel)?.textContent.includes(t),
    [$("ptx-view"), text],
    { timeout },
  );
}

export const ptxText = (page) => page.locator($("ptx-view")).textContent();
export const statusText = (page) => page.locator($("status")).textContent();

/** The editor's text (CodeMirror's lines). */
export async function editorText(page) {
  return page.locator(`${$("source-editor")} .cm-content`).evaluate((el) =>
    Array.from(el.querySelectorAll(".cm-line"), (l) => l.textContent).join("\n"),
  );
}

/** Replaces the editor's text as a paste would. */
export async function setSource(page, text) {
  const content = page.locator(`${$("source-editor")} .cm-content`);
  await content.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  await content.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData("text/plain", t);
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Waits for a compile after the current one to be shown (the status stops being busy). */
export async function waitIdle(page, timeout = 15_000) {
  await page.waitForFunction(
    (sel) => document.querySelector(sel)?.getAttribute("data-busy") === "false",
    $("status"),
    { timeout },
  );
}

export async function screenshot(page, name) {
  await page.screenshot({ path: join(SCREENSHOTS, name) });
}

/** The pass-list item for a run of `pass` (the first with `changed`, if given). */
export function passItem(page, pass, changed) {
  const sel = changed === undefined
    ? `${$("pass-item")}[data-pass="${pass}"]`
    : `${$("pass-item")}[data-pass="${pass}"][data-changed="${changed}"]`;
  return page.locator(sel).first();
}
