// Launches Debian's chromium through playwright-core (no browser download),
// headless, with a fresh profile that is deleted on close.
import { chromium } from "playwright-core";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The URL of the served dist/ (`cargo xtask e2e` starts the server and sets it). */
export function siteUrl() {
  const url = process.env.PTXLAB_URL;
  if (!url) {
    throw new Error("PTXLAB_URL is not set: run the browser tests with `cargo xtask e2e`");
  }
  return url;
}

/** A browser context on a fresh user-data-dir; `close()` removes the profile. */
export async function launch({ colorScheme = "light" } = {}) {
  const userDataDir = await mkdtemp(join(tmpdir(), "ptxlab-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 810 },
    colorScheme,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
