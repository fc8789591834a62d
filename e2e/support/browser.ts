import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's Chromium, headless, with everything that would reach the network switched off.
 * `extraArgs` are added to the command line (e.g. a fake camera fed by a file).
 */
export async function launchBrowser(extraArgs: ReadonlyArray<string> = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}. Install Debian's package: apt-get install chromium (or set CHROMIUM_PATH).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
      ...extraArgs,
    ],
  });
}

export type WatchedPage = { page: Page; context: BrowserContext; problems: string[] };

/**
 * A fresh browser profile with one page whose console errors and failed requests are collected,
 * so a test can assert the user saw no broken behaviour.
 */
export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("requestfailed", (req) => {
    // Navigations away abort in-flight requests; that is not a failure the user sees.
    if (req.failure()?.errorText !== "net::ERR_ABORTED")
      problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`);
  });
  return { page, context, problems };
}

/**
 * With E2E_SCREENSHOTS=/some/dir set, saves a screenshot there as `name`.png (for a visual check):
 * the full page, or only the element given.
 */
export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await atRest("goto" in target ? target : target.page());
  if ("goto" in target) await target.screenshot({ path: file, fullPage: true });
  else await target.screenshot({ path: file });
}

/**
 * Waits until the page's finite animations have ended (fade-ins): mid fade-in text is faint in a
 * picture and too faint for axe's contrast check. Endless ones (a spinner, a pulse) are not waited for.
 */
export async function atRest(p: Page): Promise<void> {
  await p.evaluate(
    "Promise.all(document.getAnimations().filter((a) => Number.isFinite(Number(a.effect && a.effect.getComputedTiming().endTime))).map((a) => a.finished.catch(() => {})))",
  );
}

/** No horizontal scrolling: the page is no wider than the window. */
export function noSideScroll(p: Page): Promise<boolean> {
  return p.locator("html").evaluate((html: unknown) => {
    const el = html as { scrollWidth: number; clientWidth: number };
    return el.scrollWidth <= el.clientWidth;
  });
}
