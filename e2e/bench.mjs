// Opens the page with `?bench=N` (the worker compiles the default saxpy N
// times) and prints the timings as JSON. Run through `cargo xtask bench-web`.
import { launch } from "./lib/browser.mjs";

const url = process.argv[2];
if (!url) {
  console.error("usage: node bench.mjs URL?bench=N");
  process.exit(2);
}
const browser = await launch();
try {
  const page = await browser.context.newPage();
  await page.goto(url);
  const bench = page.locator('[data-testid="bench"]');
  await bench.waitFor({ timeout: 120_000 });
  const result = JSON.parse(await bench.textContent());
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
}
