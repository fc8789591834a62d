import { COMPARE_MESSAGES, MESSAGES } from "@stepsync/contracts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmInBrowser, signUp } from "./support/accounts.ts";
import { noSideScroll, screenshot } from "./support/browser.ts";
import { mailSuite } from "./support/suite.ts";

const mail = mailSuite();
const { suite } = mail;
const page = (width?: number) => suite.page({ width });

const LINK = /http:\/\/127\.0\.0\.1:\d+\/verify-email\?token=[A-Za-z0-9_%-]+/g;

/** The newest confirmation link mailed to `to`, once at least `count` of them have arrived. */
async function confirmationLink(to: string, count = 1): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const links = mail.smtp.inbox.filter((m) => m.to.includes(to)).flatMap((m) => m.text.match(LINK) ?? []);
    if (links.length >= count) return links[links.length - 1] as string;
    if (Date.now() > deadline) throw new Error(`${count} confirmation link(s) to ${to} not mailed within 10 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const banner = (p: Page) => p.getByRole("region", { name: "Confirm your e-mail address" });

/** Screenshot of the whole page from its top, after the entrance animations (fade-up, 360 ms). */
async function shot(p: Page, name: string) {
  await p.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  await p.waitForTimeout(500);
  await screenshot(p, name);
}

describe("e-mail confirmation in the browser", () => {
  for (const width of [390, 1280]) {
    it(`at ${width} px: the banner until the mailed link is opened, Resend link, then none`, async () => {
      const { page: p, problems } = await page(width);
      const email = `june-${width}@example.com`;
      await signUp(p, suite.server.baseUrl, { name: "June Park", email, confirm: false });
      await expect.poll(() => banner(p).isVisible()).toBe(true);
      expect(await banner(p).textContent()).toContain(MESSAGES.confirmEmailBanner(email));
      expect(await noSideScroll(p)).toBe(true);
      await shot(p, `confirm-banner-${width}`);

      await banner(p).getByRole("button", { name: MESSAGES.confirmEmailResend }).focus();
      await p.keyboard.press("Enter");
      await expect.poll(() => banner(p).getByText(MESSAGES.confirmEmailSent(email)).isVisible()).toBe(true);
      expect(await noSideScroll(p)).toBe(true);
      await screenshot(banner(p), `confirm-banner-resent-${width}`);

      // Until the address is confirmed its credits wait: Compare says so and stays off.
      await p.goto(`${suite.server.baseUrl}/compare`);
      await expect.poll(() => p.getByText(COMPARE_MESSAGES.confirmEmailFirst).isVisible()).toBe(true);
      expect(await p.getByRole("button", { name: "Compare Videos" }).isDisabled()).toBe(true);
      expect(await noSideScroll(p)).toBe(true);
      await shot(p, `compare-unconfirmed-${width}`);

      const link = await confirmationLink(email, 2);
      // Opening the link confirms nothing: the page asks for a click.
      await p.goto(link);
      await p.getByRole("button", { name: "Confirm e-mail address" }).waitFor();
      expect(await noSideScroll(p)).toBe(true);
      await shot(p, `verify-email-ask-${width}`);
      await p.goto(`${suite.server.baseUrl}/dashboard`);
      await expect.poll(() => banner(p).isVisible()).toBe(true);
      await confirmInBrowser(p, link);
      expect(await noSideScroll(p)).toBe(true);
      await shot(p, `verify-email-ok-${width}`);
      await p.getByRole("link", { name: "Go to dashboard" }).click();
      await p.waitForURL(`${suite.server.baseUrl}/dashboard`);
      // Signed up minutes ago: "Welcome", not "Welcome back".
      await expect.poll(() => p.getByRole("heading", { name: /^Welcome, / }).isVisible()).toBe(true);
      expect(await banner(p).count()).toBe(0);

      // The same link again: used.
      await confirmInBrowser(p, link, MESSAGES.invalidConfirmLink);
      expect(await noSideScroll(p)).toBe(true);
      await shot(p, `verify-email-invalid-${width}`);
      expect(problems.filter((m) => !m.includes("400"))).toEqual([]);
    });
  }

  for (const width of [390, 1280]) {
    it(`at ${width} px: a new e-mail needs the current password and changes only when its link is opened`, async () => {
      const { page: p } = await page(width);
      await signUp(p, suite.server.baseUrl, { name: "Theo Lang", email: `theo-${width}@example.com`, confirm: false });
      await p.goto(`${suite.server.baseUrl}/profile`);
      await p.getByRole("button", { name: "Edit Profile" }).click();
      await p.getByLabel("Email", { exact: true }).fill(`theo.new-${width}@example.com`);
      const password = p.getByLabel("Current password", { exact: true });
      await expect.poll(() => password.isVisible()).toBe(true);
      await p.getByRole("button", { name: "Save changes" }).click();
      await expect.poll(() => p.getByText(MESSAGES.currentPasswordRequired).isVisible()).toBe(true);
      await password.fill("wrong-password");
      await p.getByRole("button", { name: "Save changes" }).click();
      await expect.poll(() => p.getByText(MESSAGES.currentPasswordWrong).isVisible()).toBe(true);
      expect(await p.getByLabel("Email", { exact: true }).inputValue()).toBe(`theo.new-${width}@example.com`);
      expect(await noSideScroll(p)).toBe(true);
      await shot(p, `profile-email-password-${width}`);

      await password.fill("secret123");
      await p.getByRole("button", { name: "Save changes" }).click();
      await expect
        .poll(() => p.getByText(MESSAGES.emailChangePending(`theo.new-${width}@example.com`)).isVisible())
        .toBe(true);
      expect(await p.getByText(`Waiting for confirmation: theo.new-${width}@example.com`).isVisible()).toBe(true);
      expect(await p.getByText(`theo-${width}@example.com`, { exact: true }).isVisible()).toBe(true);
      expect(await noSideScroll(p)).toBe(true);
      await shot(p, `profile-email-pending-${width}`);

      await confirmInBrowser(
        p,
        await confirmationLink(`theo.new-${width}@example.com`),
        MESSAGES.emailChanged(`theo.new-${width}@example.com`),
      );
      await p.goto(`${suite.server.baseUrl}/profile`);
      await expect.poll(() => p.getByText(`theo.new-${width}@example.com`, { exact: true }).isVisible()).toBe(true);
      expect(await p.getByText(/Waiting for confirmation/).count()).toBe(0);
    });
  }
});
