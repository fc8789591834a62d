import { existsSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { TimeMap } from "@stepsync/contracts";
import { refToUser } from "../apps/web/src/lib/sync.ts";
import { signUp } from "./support/accounts.ts";
import { noSideScroll, screenshot } from "./support/browser.ts";
import { stayForResult, submitComparison } from "./support/compare.ts";
import { browserSuite } from "./support/suite.ts";

/**
 * The practice studio in a real Chromium, on a finished comparison of two portrait clips of the same
 * dance (576×1024): each video fills a box of its own shape on a desktop and on a phone (side by
 * side, with the controls on the same screen), mirror, 0.25×, [ and ], frame steps, a loop on one
 * move, the moves on the timeline as the result JSON has them (one tab stop), a move's replay.
 */

const repoRoot = path.resolve(import.meta.dirname, "..");
const fixtures = path.resolve(repoRoot, "..", "shared", "fixtures", "video");
const reference = path.join(fixtures, "sample_fb_0.mp4");
const yours = path.join(fixtures, "sample_fb_1.mp4");
const haveFixtures = existsSync(reference) && existsSync(yours);
if (!haveFixtures) console.warn(`practice e2e: ${fixtures}/sample_fb_*.mp4 are missing, skipping`);

const suite = browserSuite();

type Move = {
  index: number;
  start_s: number;
  end_s: number;
  count_label: string;
  verdict: string;
  timing_ms: number | null;
};

type Media = { t: number; paused: boolean; rate: number; width: number; height: number; duration: number };

const media = (p: Page, testId: "reference-player" | "user-player") =>
  p.getByTestId(testId).evaluate((v: unknown): Media => {
    const video = v as {
      currentTime: number;
      paused: boolean;
      playbackRate: number;
      videoWidth: number;
      videoHeight: number;
      duration: number;
    };
    return {
      t: video.currentTime,
      paused: video.paused,
      rate: video.playbackRate,
      width: video.videoWidth,
      height: video.videoHeight,
      duration: video.duration,
    };
  });

/** The comparison's id, moves and time map, read through the API with the page's session cookie. */
async function newestResult(p: Page): Promise<{ id: number; moves: Move[]; timeMap: TimeMap }> {
  return p.evaluate(async () => {
    const list = (await (await fetch("/api/comparisons?page=1")).json()) as { comparisons: Array<{ id: number }> };
    const id = list.comparisons[0]?.id as number;
    const detail = (await (await fetch(`/api/comparisons/${id}`)).json()) as {
      comparison: { results: { moves: Move[] }; alignment_info: { time_map: Array<[number, number]> } };
    };
    return { id, moves: detail.comparison.results.moves, timeMap: detail.comparison.alignment_info.time_map };
  });
}

/** Both videos' times read at one instant: how far the user video is from where the map puts it. */
const drift = (p: Page, map: TimeMap) =>
  p
    .getByTestId("players")
    .evaluate((el: unknown) => {
      const players = el as { querySelector(selector: string): { currentTime: number } };
      const time = (id: string) => players.querySelector(`[data-testid=${id}]`).currentTime;
      return { ref: time("reference-player"), user: time("user-player") };
    })
    .then(({ ref, user }) => Math.abs(user - refToUser(map, ref)));

/** The box's shape against the video's, and how much of the window it takes. */
async function boxFit(p: Page, which: "reference" | "user") {
  const box = await p.getByTestId(`${which}-box`).boundingBox();
  const video = await media(p, which === "reference" ? "reference-player" : "user-player");
  if (!box) throw new Error(`no ${which} box`);
  return { box, videoAspect: video.width / video.height, boxAspect: box.width / box.height };
}

async function expectBoxFitsVideo(p: Page, which: "reference" | "user") {
  const fit = await boxFit(p, which);
  // The box has the video's own shape: the picture fills it (no bars beyond a pixel of rounding).
  expect(Math.abs(fit.boxAspect - fit.videoAspect) / fit.videoAspect).toBeLessThan(0.02);
  return fit;
}

/** Where the two boxes and the controls sit on the page: switching the ghost or the skeleton must not move them. */
async function layoutOf(p: Page) {
  const scrollY = await p.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
  const boxes = await Promise.all(
    [p.getByTestId("reference-box"), p.getByTestId("user-box"), p.getByRole("button", { name: "Restart" })].map((l) =>
      l.boundingBox(),
    ),
  );
  return boxes.map((b) =>
    b ? [Math.round(b.x), Math.round(b.y + scrollY), Math.round(b.width), Math.round(b.height)] : null,
  );
}

/** The focused element's data-testid, or its text. */
const focused = (p: Page, what: "data-testid" | "textContent") =>
  p.evaluate((w) => {
    const el = (
      globalThis as unknown as {
        document: { activeElement: { textContent: string | null; getAttribute(n: string): string | null } | null };
      }
    ).document.activeElement;
    return (w === "textContent" ? el?.textContent?.trim() : el?.getAttribute(w)) ?? null;
  }, what);
const focusedTestId = (p: Page) => focused(p, "data-testid");

/** Tabbing to Expression's ⓘ shows how it is measured, on screen. */
async function expectHowMeasured(p: Page, shot: string) {
  const how = p.getByRole("button", { name: "How Expression is measured" });
  await how.focus();
  const tip = p.getByRole("tooltip").filter({ hasText: "not your face" });
  await expect.poll(() => tip.isVisible()).toBe(true);
  const box = await tip.boundingBox();
  const width = p.viewportSize()?.width ?? 0;
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  await screenshot(p.locator(".glass", { has: p.getByRole("heading", { name: "Category scores" }) }), shot);
  await how.blur();
}

const ready = (p: Page) =>
  expect.poll(() => p.getByRole("button", { name: "Play both videos" }).isEnabled(), { timeout: 30_000 }).toBe(true);

async function pause(p: Page) {
  if (!(await media(p, "reference-player")).paused) await p.getByRole("button", { name: "Pause both videos" }).click();
  await expect.poll(async () => (await media(p, "reference-player")).paused).toBe(true);
}

describe("the practice studio", () => {
  it.skipIf(!haveFixtures)(
    "fits portrait videos on desktop and phone; mirror, 0.25×, frame steps, a move loop and the timeline work",
    async () => {
      const { page: p, problems } = await suite.page({ width: 1440, height: 900 });
      await signUp(p, suite.server.baseUrl, { name: "Ines Ortega", email: "ines@example.com" });
      await p.goto(`${suite.server.baseUrl}/compare`);
      await p.getByText("Contemporary", { exact: true }).click();
      await p.getByLabel("Reference video file").setInputFiles(reference);
      await p.getByLabel("Your performance video file").setInputFiles(yours);
      await submitComparison(p);
      await stayForResult(p);
      await ready(p);
      const { id, moves, timeMap } = await newestResult(p);
      expect(moves.length).toBeGreaterThan(0);

      // Desktop: side by side, each box the video's shape, as tall as the window allows.
      const ref = await expectBoxFitsVideo(p, "reference");
      const user = await expectBoxFitsVideo(p, "user");
      expect(ref.videoAspect).toBeLessThan(1);
      expect(user.box.height).toBeGreaterThan(900 * 0.5);
      expect(Math.abs(ref.box.y - user.box.y)).toBeLessThan(2);
      expect(ref.box.x + ref.box.width).toBeLessThanOrEqual(user.box.x);
      await screenshot(p, "practice-desktop");

      // The body in colour: the engine scored each limb, so the key (under both videos) reads in
      // score bands, and names the teacher's skeleton drawn on the reference; the teacher's ghost
      // can be drawn over your video too (the two clips are the same routine). Switching it on
      // moves nothing: the key keeps its place.
      const key = p.getByTestId("skeleton-key");
      expect(await key.textContent()).toContain("below 60");
      const teacher = key.locator("[data-key-entry=teacher]");
      expect(await teacher.isVisible()).toBe(true);
      const ghost = p.getByRole("button", { name: "Ghost" });
      expect(await ghost.isEnabled()).toBe(true);
      const where = await layoutOf(p);
      await ghost.click();
      expect(await ghost.getAttribute("aria-pressed")).toBe("true");
      await expect.poll(() => teacher.isVisible()).toBe(true);
      expect(await layoutOf(p)).toEqual(where);
      await p.getByTestId("user-box").scrollIntoViewIfNeeded();
      await screenshot(p.getByTestId("players"), "practice-ghost");
      await ghost.click();

      // The moves on the timeline are one tab stop: from the scrubber, Tab reaches a move, the next
      // Tab the controls; the arrows go from move to move without seeking.
      await p.getByRole("slider", { name: "Position" }).focus();
      await p.keyboard.press("Tab");
      expect(await focusedTestId(p)).toBe("timeline-move");
      const tabbedAt = (await media(p, "reference-player")).t;
      await p.keyboard.press("ArrowRight");
      expect(await focusedTestId(p)).toBe("timeline-move");
      expect((await media(p, "reference-player")).t).toBe(tabbedAt);
      await p.keyboard.press("Tab");
      expect(await focused(p, "textContent")).toBe("Restart");

      // The timeline: one block per move, in order, with the result's verdicts, placed by start_s.
      const blocks = p.getByTestId("timeline-move");
      await expect.poll(() => blocks.count()).toBe(moves.length);
      const verdicts = await blocks.evaluateAll((els: unknown[]) =>
        els.map((e) => (e as { getAttribute(name: string): string | null }).getAttribute("data-verdict")),
      );
      expect(verdicts).toEqual(moves.map((m) => m.verdict));
      const track = await p.getByTestId("move-timeline").boundingBox();
      const duration = (await media(p, "reference-player")).duration;
      for (const [i, m] of moves.entries()) {
        const b = await blocks.nth(i).boundingBox();
        if (!b || !track) throw new Error("no timeline box");
        expect(Math.abs(b.x - (track.x + (m.start_s / duration) * track.width))).toBeLessThan(2);
        const timing = await blocks.nth(i).getAttribute("data-timing");
        if (timing) expect(timing).toBe((m.timing_ms ?? 0) > 0 ? "late" : "early");
      }

      // Mirror: the reference picture (video and skeleton) flips; M flips it back.
      const picture = p.getByTestId("reference-picture");
      const transform = () =>
        picture.evaluate(
          (el: unknown) =>
            (globalThis as unknown as { getComputedStyle(e: unknown): { transform: string } }).getComputedStyle(el)
              .transform,
        );
      expect(await transform()).toBe("none");
      await p.getByRole("button", { name: "Mirror" }).click();
      // The skeleton's canvas is inside the flipped picture: it flips with the video.
      expect(await picture.locator("video, canvas").count()).toBe(2);
      expect(await transform()).toBe("matrix(-1, 0, 0, 1, 0, 0)");
      await p.locator("body").press("m");
      expect(await transform()).toBe("none");

      // 0.25×: the reference really advances a quarter as fast as the clock.
      await p.getByRole("combobox", { name: "Speed", exact: true }).selectOption("0.25");
      await p.getByRole("button", { name: "Restart" }).click();
      await p.getByRole("button", { name: "Play both videos" }).click();
      await expect.poll(async () => (await media(p, "reference-player")).t).toBeGreaterThan(0.05);
      const a = await p.evaluate(() => performance.now());
      const t0 = (await media(p, "reference-player")).t;
      await p.waitForTimeout(1600);
      const t1 = (await media(p, "reference-player")).t;
      const b = await p.evaluate(() => performance.now());
      const ratio = (t1 - t0) / ((b - a) / 1000);
      expect(ratio).toBeGreaterThan(0.17);
      expect(ratio).toBeLessThan(0.33);
      // The sync rules hold at 0.25×: the user video stays where the time map puts it.
      expect((await media(p, "user-player")).paused).toBe(false);
      expect(await drift(p, timeMap)).toBeLessThan(0.1);
      await pause(p);
      await p.getByRole("combobox", { name: "Speed", exact: true }).selectOption("1");
      // [ and ]: a speed slower, a speed faster.
      const speedNow = () => p.getByRole("combobox", { name: "Speed", exact: true }).inputValue();
      await p.locator("body").press("[");
      await expect.poll(speedNow).toBe("0.75");
      await p.locator("body").press("]");
      await expect.poll(speedNow).toBe("1");

      // Frame steps: period shows the next frame (1/30 s on), comma the previous one; paused, the
      // user video follows.
      const frame = async () => Math.floor((await media(p, "reference-player")).t * 30 + 1e-6);
      const before = await frame();
      await p.locator("body").press(".");
      await expect.poll(frame).toBe(before + 1);
      await p.locator("body").press(".");
      await expect.poll(frame).toBe(before + 2);
      await p.getByRole("button", { name: "Previous frame" }).click();
      await expect.poll(frame).toBe(before + 1);
      expect((await media(p, "reference-player")).paused).toBe(true);

      // A loop on one move, slowed: the chip names its counts, time stays inside A–B and wraps.
      const target = moves.reduce((best, m) => (m.end_s - m.start_s > best.end_s - best.start_s ? m : best));
      const loopButton = p.getByTestId("move-loop").nth(moves.indexOf(target));
      await loopButton.click();
      expect(await loopButton.getAttribute("aria-pressed")).toBe("true");
      const chip = p.getByTestId("loop-indicator");
      await expect.poll(() => chip.textContent()).toMatch(new RegExp(`^Looping (counts? |)${target.count_label}$`));
      await p.getByRole("combobox", { name: "Loop speed", exact: true }).selectOption("0.75");
      await expect.poll(async () => (await media(p, "reference-player")).paused, { timeout: 10_000 }).toBe(false);
      await expect.poll(async () => (await media(p, "reference-player")).rate).toBe(0.75);
      const span = Math.max(0.5, target.end_s - target.start_s);
      const samples: number[] = [];
      const until = Date.now() + Math.max(3000, (span / 0.75) * 2000 + 500);
      while (Date.now() < until) {
        samples.push((await media(p, "reference-player")).t);
        await p.waitForTimeout(100);
      }
      const start = Math.max(0, target.start_s);
      expect(Math.min(...samples)).toBeGreaterThanOrEqual(start - 0.1);
      expect(Math.max(...samples)).toBeLessThan(start + span + 0.4);
      expect(samples.some((t, i) => i > 0 && t < (samples[i - 1] as number) - 0.1)).toBe(true);
      // Still in step while looping (a check can land just after a wrap-around's jump: take the best of a few).
      const drifts: number[] = [];
      for (let i = 0; i < 5; i++) {
        drifts.push(await drift(p, timeMap));
        await p.waitForTimeout(120);
      }
      expect(Math.min(...drifts)).toBeLessThan(0.1);
      // The chip's × ends it: back to the playback speed.
      await chip.getByRole("button", { name: /^Stop looping/ }).click();
      await expect.poll(() => chip.count()).toBe(0);
      await expect.poll(async () => (await media(p, "reference-player")).rate).toBe(1);
      await pause(p);

      // A timeline block replays its move: a short lead-in, the move, a pause where the move ends
      // (not where it starts).
      const last = moves[moves.length - 1] as Move;
      const end = Math.min(last.end_s, duration);
      await blocks.last().click();
      await expect.poll(async () => (await media(p, "reference-player")).paused).toBe(false);
      await expect
        .poll(
          async () => {
            const m = await media(p, "reference-player");
            return m.paused ? m.t : -1;
          },
          { timeout: 15_000 },
        )
        .toSatisfy((t: number) => t >= 0 && Math.abs(t - end) < 0.3);
      expect(await blocks.last().getAttribute("data-jump-target")).toBe("true");

      // Each style category says how it is measured, in a tooltip its ⓘ button shows on focus.
      await expectHowMeasured(p, "practice-category-help-desktop");

      // The shortcuts' help: from the keyboard, closed with Esc.
      await p.locator("body").press("?");
      const help = p.getByRole("dialog", { name: "Keyboard shortcuts" });
      await expect.poll(() => help.isVisible()).toBe(true);
      await p.keyboard.press("Escape");
      await expect.poll(() => help.count()).toBe(0);

      // Phone: the two portrait videos side by side, each box its video's shape; scrolled to them,
      // both, the key and the play button and scrubber fit one screen. No sideways scroll.
      await p.setViewportSize({ width: 390, height: 844 });
      await p.goto(`${suite.server.baseUrl}/compare?id=${id}`);
      await ready(p);
      const phoneRef = await expectBoxFitsVideo(p, "reference");
      const phoneUser = await expectBoxFitsVideo(p, "user");
      expect(await p.getByTestId("players").getAttribute("data-arrangement")).toBe("side");
      expect(Math.abs(phoneRef.box.y - phoneUser.box.y)).toBeLessThan(2);
      expect(phoneRef.box.x + phoneRef.box.width).toBeLessThanOrEqual(phoneUser.box.x);
      expect(phoneUser.box.height).toBeGreaterThan(844 * 0.3);
      await p.getByTestId("players").evaluate((el: unknown) => (el as { scrollIntoView(): void }).scrollIntoView());
      const play = await p.getByRole("button", { name: "Play both videos" }).boundingBox();
      const scrubber = await p.getByRole("slider", { name: "Position" }).boundingBox();
      for (const box of [await p.getByTestId("reference-box").boundingBox(), play, scrubber]) {
        expect(box?.y).toBeGreaterThanOrEqual(0);
        expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
      }
      expect(await noSideScroll(p)).toBe(true);
      await screenshot(p, "practice-phone-side");
      const phoneWhere = await layoutOf(p);
      await p.getByRole("button", { name: "Ghost" }).click();
      expect(await layoutOf(p)).toEqual(phoneWhere);
      await screenshot(p, "practice-phone-ghost");
      await p.getByRole("button", { name: "Ghost" }).click();
      await expectHowMeasured(p, "practice-category-help-phone");
      expect(await noSideScroll(p)).toBe(true);

      // Picture in picture: the reference small over your video's corner; remembered on reload.
      await p.getByRole("button", { name: "Picture in picture" }).click();
      const pip = await expectBoxFitsVideo(p, "reference");
      const main = await expectBoxFitsVideo(p, "user");
      expect(pip.box.width).toBeLessThan(main.box.width * 0.55);
      expect(pip.box.x + pip.box.width).toBeLessThanOrEqual(main.box.x + main.box.width + 1);
      expect(pip.box.y + pip.box.height).toBeLessThanOrEqual(main.box.y + main.box.height + 1);
      expect(pip.box.y).toBeGreaterThan(main.box.y);
      expect(await noSideScroll(p)).toBe(true);
      await screenshot(p, "practice-phone-pip");
      await p.reload();
      await ready(p);
      expect(await p.getByRole("button", { name: "Picture in picture" }).getAttribute("aria-pressed")).toBe("true");
      expect(problems).toEqual([]);
    },
    300_000,
  );
});
