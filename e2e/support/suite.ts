import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { startSmtpServer } from "../../apps/server/src/test/smtp.ts";
import { launchBrowser, openPage, type WatchedPage } from "./browser.ts";
import { type E2EServer, startServer } from "./server.ts";

export type BrowserSuite = {
  readonly server: E2EServer;
  readonly browser: Browser;
  /** A fresh page in its own browser context, closed after the test. */
  page(size?: { width?: number; height?: number }): Promise<WatchedPage>;
};

type SuiteSetup = { env?: Record<string, string>; browserArgs?: string[] };

/**
 * One real server and one browser for a test file, a fresh page per test. Call it at the top of
 * the file, after the hooks that start what `setup` reads (a fake SMTP or payment server): it
 * answers the server's settings and the browser's extra flags.
 */
export function browserSuite(setup: () => SuiteSetup | Promise<SuiteSetup> = () => ({})): BrowserSuite {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  const open: WatchedPage[] = [];
  beforeAll(async () => {
    const { env, browserArgs } = await setup();
    server = await startServer(env);
    browser = await launchBrowser(browserArgs);
  });
  afterEach(async () => {
    for (const p of open.splice(0)) await p.context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error("the suite's server has not started");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("the suite's browser has not started");
      return browser;
    },
    async page(size) {
      const p = await openPage(this.browser, size);
      open.push(p);
      return p;
    },
  };
}

/**
 * A suite whose server mails to a real SMTP server on loopback (the tests read what it receives,
 * `mail.smtp`): started before the server, closed after it.
 */
export function mailSuite(): { suite: BrowserSuite; readonly smtp: Awaited<ReturnType<typeof startSmtpServer>> } {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const suite = browserSuite(() => ({ env: { SMTP_URL: (smtp as NonNullable<typeof smtp>).url } }));
  return {
    suite,
    get smtp() {
      if (!smtp) throw new Error("the suite's SMTP server has not started");
      return smtp;
    },
  };
}
