import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpegPath } from "../packages/motion/src/video/binaries.ts";
import { logIn, registerConfirmed } from "./support/accounts.ts";
import { callApi } from "./support/api.ts";
import { atRest, noSideScroll, screenshot } from "./support/browser.ts";
import { browserSuite } from "./support/suite.ts";

/**
 * A group's rehearsal in the browser: the organiser of a group (its routine a real clip) uploads
 * one video of two dancers side by side, built here with ffmpeg from the shared fixtures (the left
 * one is the routine's own clip, the right another woman dancing the same routine); the analysis
 * finds both, draws their boxes, scores them; the organiser names the right one as a member, and
 * the group's board shows that member's score. Screenshots (E2E_SCREENSHOTS) at 390 and 1440 px.
 */

const fixtures = path.resolve(import.meta.dirname, "..", "..", "shared", "fixtures", "video");
const routine = path.join(fixtures, "sample_fb_0.mp4");
const other = path.join(fixtures, "sample_fb_1.mp4");
const haveFixtures = existsSync(routine) && existsSync(other);
if (!haveFixtures) console.warn(`rehearsal e2e: ${routine} is missing, skipping`);

const suite = browserSuite();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const run = promisify(execFile);

let work = "";
let groupVideo = "";
beforeAll(async () => {
  if (!haveFixtures) return;
  work = await mkdtemp(path.join(tmpdir(), "stepsync-rehearsal-"));
  groupVideo = path.join(work, "rehearsal.mp4");
  // Two dancers side by side on one clock: the routine's own clip left, another dancer of it right.
  await run(ffmpegPath(), [
    "-v",
    "error",
    "-y",
    "-i",
    routine,
    "-i",
    other,
    "-filter_complex",
    "[0:v]fps=30,setsar=1[a];[1:v]fps=30,setsar=1[b];[a][b]hstack=inputs=2[v]",
    "-map",
    "[v]",
    "-an",
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-pix_fmt",
    "yuv420p",
    "-threads",
    "1",
    groupVideo,
  ]);
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/**
 * Screenshots of the page at both sizes (phone first), each checked for sideways scrolling. The page
 * is loaded afresh at each size (`ready` waits for its content): headless Chromium's full-page capture
 * of a page resized with a video on it left the cards below the fold unpainted.
 */
async function bothSizes(p: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await p.setViewportSize(size);
    await p.reload();
    await ready();
    await expect.poll(() => noSideScroll(p), { message: `${name} scrolls sideways at ${size.width}` }).toBe(true);
    await screenshot(p, `${name}-${size.width}`);
    // No serious or critical accessibility fault (axe-core), at rest (mid fade-in text reads as low contrast).
    await atRest(p);
    const audit = await new AxeBuilder({ page: p }).analyze();
    const serious = audit.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious, `${name} at ${size.width}: axe`).toEqual([]);
  }
}

type Created = { group: { id: number; invite_code: string } };

describe("a group's rehearsal", () => {
  it.skipIf(!haveFixtures)(
    "the organiser uploads the group's video, sees both dancers boxed and scored, names one, and the board shows their score",
    async () => {
      const base = suite.server.baseUrl;
      const password = "secret123";
      const organiser = await registerConfirmed(base, {
        username: "Kavya Choreo",
        email: "kavya@example.com",
        password,
      });
      const member = await registerConfirmed(base, { username: "Meera Kapoor", email: "meera@example.com", password });

      // The group and its routine (the group pages' own flow is groups.e2e's): a routine for the group only.
      const form = new FormData();
      form.set("title", "Our sangeet routine");
      form.set("category", "folk");
      form.set("video", new Blob([await readFile(routine)], { type: "video/mp4" }), "routine.mp4");
      const routineVideo = await callApi<{ video_id: number }>(
        base,
        "POST",
        "/api/groups/routine-videos",
        form,
        organiser.token,
      );
      const created = await callApi<Created>(
        base,
        "POST",
        "/api/groups",
        { name: "Priya & Arjun's sangeet", reference_video_id: routineVideo.video_id },
        organiser.token,
      );
      const groupId = created.group.id;
      await callApi(base, "POST", "/api/groups/join", { invite_code: created.group.invite_code }, member.token);
      const balance = async () =>
        (await callApi<{ credits: number }>(base, "GET", "/api/credits/balance", undefined, organiser.token)).credits;
      const before = await balance();

      // From the group's page: Analyse a rehearsal, the group's routine already chosen.
      const org = await suite.page(DESKTOP);
      const o = org.page;
      await logIn(o, base, "kavya@example.com", password);
      await o.goto(`${base}/groups/${groupId}`);
      await o.getByRole("link", { name: "Analyse a rehearsal" }).click();
      await o.waitForURL(`${base}/rehearsals/new?group=${groupId}`);
      await expect.poll(() => o.getByTestId("chosen-reference").textContent()).toContain("Our sangeet routine");
      expect(await o.getByTestId("rehearsal-cost").textContent()).toContain(
        "One credit per dancer found (refunded if the analysis fails)",
      );
      await bothSizes(o, "rehearsal-new", () => o.getByTestId("chosen-reference").waitFor());
      await o.getByLabel("Rehearsal video file").setInputFiles(groupVideo);
      await screenshot(o, "rehearsal-new-picked-1440");
      await o.getByRole("button", { name: "Analyse the rehearsal" }).click();
      await o.waitForURL(/\/rehearsals\/\d+$/, { timeout: 60_000 });
      const rehearsalId = Number(new URL(o.url()).pathname.split("/").pop());

      // The analysis: its percent while it runs, then the result at the same address.
      await screenshot(o, "rehearsal-analysing-1440");
      await o.getByTestId("rehearsal-result").waitFor({ timeout: 300_000 });
      const items = o.getByTestId("dancer-item");
      await expect.poll(() => items.count()).toBe(2);
      // Both dance the routine: both scored, the left one (the routine's own clip) well.
      const scores = (await items.getByTestId("dancer-score").allTextContents()).map((t) => Number.parseInt(t, 10));
      console.log(`rehearsal e2e: dancer scores ${scores.join(", ")}`);
      expect(scores[0]).toBeGreaterThanOrEqual(60);
      expect(scores[1]).toBeGreaterThan(0);
      // Both dancers boxed in their colours at a moment both are dancing.
      await o.getByLabel("Rehearsal video").evaluate((v: unknown) => {
        const video = v as { currentTime: number; dispatchEvent(e: Event): boolean };
        video.currentTime = 1;
        video.dispatchEvent(new Event("seeked"));
      });
      await expect
        .poll(() => o.getByTestId("dancer-box").evaluateAll((gs) => gs.map((g) => g.getAttribute("data-dancer"))))
        .toEqual(["1", "2"]);
      expect(await o.getByTestId("strip-cell").count()).toBeGreaterThan(0);
      // From the keyboard: the last move of the strip, Enter, and the video plays from that move.
      const answer = await callApi<{ rehearsal: { sync: { moves: Array<{ start_s: number }> } | null } }>(
        base,
        "GET",
        `/api/rehearsals/${rehearsalId}`,
        undefined,
        organiser.token,
      );
      const lastStart = answer.rehearsal.sync?.moves.at(-1)?.start_s ?? 0;
      await o.getByTestId("strip-move").last().focus();
      await o.keyboard.press("Enter");
      await expect
        .poll(() =>
          o.getByLabel("Rehearsal video").evaluate((v: unknown) => (v as { currentTime: number }).currentTime),
        )
        .toBeGreaterThanOrEqual(lastStart - 0.05);
      await bothSizes(o, "rehearsal-result", () => o.getByTestId("sync-strip").waitFor());
      // Two dancers found: two credits in all.
      expect(await balance()).toBe(before - 2);

      // The organiser names the right dancer (the organiser sees members' full names): saved at once, said so.
      await o.setViewportSize(DESKTOP);
      await items.nth(1).getByLabel("Who is dancer 2?").selectOption({ label: "Meera Kapoor" });
      await expect
        .poll(() => items.nth(1).getByTestId("tag-said").textContent())
        .toBe("Saved: Meera Kapoor's result counts on the board.");
      await screenshot(o.getByTestId("dancer-list"), "rehearsal-tagged-1440");

      // Her result is one click away.
      await items
        .nth(1)
        .getByRole("link", { name: /Dancer 2's result/ })
        .click();
      await o.waitForURL(`${base}/rehearsals/${rehearsalId}/dancers/2`);
      await o.getByTestId("dancer-result").waitFor();
      expect(await o.getByRole("heading", { level: 1 }).textContent()).toBe("Dancer 2 · Meera Kapoor");
      await bothSizes(o, "rehearsal-dancer", () => o.getByTestId("dancer-result").waitFor());

      // The board: Meera's row has her score from the rehearsal.
      await o.goto(`${base}/groups/${groupId}/board`);
      const row = o.getByTestId("board-row").filter({ hasText: "Meera Kapoor" });
      await expect.poll(() => row.getByTestId("score-cell").count()).toBeGreaterThan(0);
      await expect.poll(() => row.getByTestId("score-cell").first().getAttribute("data-band")).not.toBe("none");
      await bothSizes(o, "rehearsal-board", () => row.getByTestId("score-cell").first().waitFor());

      // The group's page lists the rehearsal; Meera sees it too, without the organiser's selects.
      await o.goto(`${base}/groups/${groupId}`);
      await expect.poll(() => o.getByTestId("rehearsal-link").count()).toBe(1);
      const m = await suite.page(PHONE);
      await logIn(m.page, base, "meera@example.com", password);
      await m.page.goto(`${base}/rehearsals/${rehearsalId}`);
      await m.page.getByTestId("rehearsal-result").waitFor();
      expect(await m.page.getByTestId("tag-select").count()).toBe(0);
      expect(await m.page.getByTestId("dancer-item").nth(1).textContent()).toContain("Meera");
      await bothSizes(m.page, "rehearsal-member", () => m.page.getByTestId("sync-strip").waitFor());
      expect([...org.problems, ...m.problems]).toEqual([]);
    },
    480_000,
  );
});
