import { existsSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { logIn, signUp } from "./support/accounts.ts";
import { noSideScroll, screenshot } from "./support/browser.ts";
import { runComparison } from "./support/compare.ts";
import { browserSuite } from "./support/suite.ts";

const fixtures = path.resolve(import.meta.dirname, "..", "..", "shared", "fixtures", "video");
// Two different dances: a woman's arms-overhead routine, and a generated dancer turning to the back.
const reference = path.join(fixtures, "pose_1.mp4");
const take = path.join(fixtures, "sample_fb_0.mp4");
const haveFixtures = existsSync(reference) && existsSync(take);
if (!haveFixtures) console.warn(`dancer-call e2e: ${fixtures} lacks pose_1.mp4 or sample_fb_0.mp4, skipping`);

const ADMIN = { email: "calls-admin@example.com", password: "a long admin password 1" };
const suite = browserSuite(() => ({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } }));

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Looks at the page at phone and desktop width: nothing scrolls sideways, and a picture of each. */
async function atBothWidths(p: Page, name: string): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await p.setViewportSize(size);
    await expect.poll(() => noSideScroll(p), { message: `${name} scrolls sideways at ${size.width} px` }).toBe(true);
    await screenshot(p, `${name}-${size.width}`);
  }
}

describe("the dancer has the last word", () => {
  it.skipIf(!haveFixtures)(
    "a refused take shows no score; 'analyse it anyway' costs a credit and scores it as the dancer's call; history and admin show it",
    async () => {
      const { page: p, problems } = await suite.page(DESKTOP);
      await signUp(p, suite.server.baseUrl, { name: "Rhea Call", email: "rhea.call@example.com" });
      await p.goto(`${suite.server.baseUrl}/compare`);
      await p.getByText("Hip Hop", { exact: true }).click();
      await p.getByLabel("Reference video file").setInputFiles(reference);
      await p.getByLabel("Your performance video file").setInputFiles(take);
      await runComparison(p);
      const address = p.url();

      // Refused: why, the credit back, the videos; no score ring, verdicts or anything to practise.
      const banner = p.getByTestId("not-same-routine");
      expect(await banner.getByRole("heading").textContent()).toBe("This does not look like the same routine");
      expect(await banner.getByTestId("credit-given-back").isVisible()).toBe(true);
      expect(await p.getByTestId("overall-score").count()).toBe(0);
      expect(await p.getByTestId("move-row").count()).toBe(0);
      expect(await p.getByTestId("section-card").count()).toBe(0);
      expect(await p.getByRole("button", { name: /Practise|Drill/ }).count()).toBe(0);
      await expect.poll(() => p.getByTestId("user-player").count()).toBe(1);
      await atBothWidths(p, "refused-result");

      // Its history card: "Not the same routine" in place of a score.
      await p.goto(`${suite.server.baseUrl}/comparison-history`);
      const card = p.getByTestId("history-card");
      await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
      expect((await card.getByTestId("history-not-same").textContent())?.trim()).toBe("Not the same routine");
      expect(await card.getByTestId("history-score").count()).toBe(0);
      await atBothWidths(p, "refused-history-card");

      // "It is this routine": asked first, with what it costs (the refused one's credit came back: 10).
      await p.goto(address);
      await p.getByRole("button", { name: "It is this routine — analyse it anyway" }).click();
      const confirm = p.getByRole("dialog", { name: "Analyse it as this routine?" });
      await expect
        .poll(() => confirm.textContent())
        .toContain("It costs 1 credit, like any comparison. You have 10 credits.");
      await atBothWidths(p, "analyse-anyway-confirmation");
      await confirm.getByRole("button", { name: "Analyse it — 1 credit" }).click();

      // Analysed again, then scored as the routine, saying it was the dancer's call.
      await expect.poll(() => p.getByTestId("dancer-call-analysing").isVisible(), { timeout: 10_000 }).toBe(true);
      const notice = p.getByTestId("dancer-call");
      await expect.poll(() => notice.isVisible(), { timeout: 150_000 }).toBe(true);
      expect(await notice.textContent()).toContain("Analysed anyway · 1 credit");
      expect(await p.getByText(/You told us this is the routine/).isVisible()).toBe(true);
      expect(await p.getByTestId("overall-score").textContent()).toMatch(/^\d+%$/);
      expect(await p.getByTestId("move-row").count()).toBeGreaterThan(0);
      expect(await p.getByTestId("not-same-routine").count()).toBe(0);
      await atBothWidths(p, "dancer-call-result");
      const score = await p.getByTestId("overall-score").textContent();

      // The ledger says why the credit went.
      const ledger = (await (await p.request.get(`${suite.server.baseUrl}/api/credits/transactions`)).json()) as {
        transactions: Array<{ amount: number; description: string }>;
      };
      expect(ledger.transactions[0]).toMatchObject({
        amount: -1,
        description: expect.stringMatching(/^Comparison #\d+ analysed anyway: you said it is the reference's routine$/),
      });

      // History marks it as the dancer's call, with its score.
      await p.goto(`${suite.server.baseUrl}/comparison-history`);
      await expect.poll(() => card.getByTestId("history-dancer-call").isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await card.getByTestId("history-score").textContent()).toBe(score);
      expect(await card.getByTestId("history-not-same").count()).toBe(0);
      await atBothWidths(p, "dancer-call-history-card");

      // The admin sees the call, counted against the uploaded references.
      const { page: admin } = await suite.page(DESKTOP);
      await logIn(admin, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      await admin.goto(`${suite.server.baseUrl}/admin/system`);
      const calls = admin.getByTestId("dancer-calls");
      await expect
        .poll(() => calls.getByTestId("dancer-call-count").textContent(), { timeout: 15_000 })
        .toBe("1 (100%)");
      expect(await calls.getByTestId("dancer-calls-row").allTextContents()).toEqual([
        expect.stringMatching(/^Uploaded references11\d+%$/),
      ]);
      await atBothWidths(admin, "admin-dancer-calls");
      expect(problems).toEqual([]);
    },
    400_000,
  );
});
