import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ffmpegPath } from "@stepsync/motion";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { signUp } from "./support/accounts.ts";
import { noSideScroll, screenshot } from "./support/browser.ts";
import { cameraFollowsTheReference, takeOffsetsSent } from "./support/dancing-camera.ts";
import { stayForResult, submitComparison } from "./support/compare.ts";
import { browserSuite } from "./support/suite.ts";

/**
 * Practise this part, in a real Chromium: from a section of a finished comparison, the recording
 * dialog dances along with just that part of the reference, the take is compared with that part
 * (one credit), and its result names the part, lines up with it and leads back to the full result.
 */

const fixtures = path.resolve(import.meta.dirname, "..", "..", "shared", "fixtures");
const dance = path.join(fixtures, "video", "sample_2.mp4");
const haveFixtures = existsSync(dance);
if (!haveFixtures) console.warn(`practise-part e2e: ${dance} is missing, skipping`);

let workDir: string | undefined;
let routine = "";

function run(file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, (err, _stdout, stderr) =>
      err ? reject(new Error(`${path.basename(file)} failed: ${stderr || err.message}`)) : resolve(),
    );
  });
}

async function setup() {
  if (haveFixtures) {
    workDir = await mkdtemp(path.join(tmpdir(), "stepsync-e2e-part-"));
    routine = path.join(workDir, "routine.mp4");
    await run(ffmpegPath(), [
      ...["-hide_banner", "-loglevel", "error", "-i", dance, "-t", "12"],
      ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-an", "-y", routine],
    ]);
  }
  return { browserArgs: ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"] };
}
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});
const suite = browserSuite(setup);

type Detail = {
  id: number;
  overall_score: number | null;
  part: { start_s: number; end_s: number; parent_id: number | null; label: string } | null;
  results: { moves: Array<{ start_s: number; end_s: number; timing_ms: number | null }> | null } | null;
  alignment_info: { offset_s: number; tempo_ratio: number } | null;
};

function comparison(p: Page, id: number): Promise<Detail> {
  return p.evaluate(async (n) => {
    const res = await fetch(`/api/comparisons/${n}`);
    return ((await res.json()) as { comparison: Detail }).comparison;
  }, id);
}

function credits(p: Page): Promise<number> {
  return p.evaluate(async () => ((await (await fetch("/api/credits/balance")).json()) as { credits: number }).credits);
}

const idInUrl = (p: Page) => Number(new URL(p.url()).searchParams.get("id"));

describe("practise this part", () => {
  it.skipIf(!haveFixtures)(
    "records one section along with just that part of the reference, and shows its verdicts beside the full result",
    async () => {
      const { page: p, context, problems } = await suite.page({ width: 1440, height: 900 });
      await cameraFollowsTheReference(context);
      const sentOffsets = await takeOffsetsSent(context);
      await signUp(p, suite.server.baseUrl, { name: "Ada Moss", email: "ada@example.com" });

      // The full comparison first.
      await p.goto(`${suite.server.baseUrl}/compare`);
      await p.getByLabel("Reference video file").setInputFiles(routine);
      await p.getByLabel("Your performance video file").setInputFiles(routine);
      await submitComparison(p);
      await stayForResult(p);
      const fullId = (
        await p.evaluate(
          async () => (await (await fetch("/api/comparisons?page=1")).json()) as { comparisons: { id: number }[] },
        )
      ).comparisons[0]?.id as number;
      const before = await credits(p);

      // Practise a section: the second when there is one (a part in the middle of the routine).
      const cards = p.getByTestId("section-card");
      const card = cards.nth((await cards.count()) > 1 ? 1 : 0);
      const action = card.getByTestId("practise-part").first();
      const name = ((await action.getAttribute("aria-label")) ?? "").replace(/^Practise /, "");
      expect(name).not.toBe("");
      await screenshot(card, "practise-part-section-card");
      await action.click();
      const dialog = p.getByRole("dialog", { name: `Practise ${name}` });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      const start = dialog.getByRole("button", { name: "Start Recording" });
      await expect.poll(() => start.isEnabled(), { timeout: 20_000 }).toBe(true);
      const reference = dialog.getByTestId("dance-along-reference");
      await expect
        .poll(() => reference.evaluate((v: unknown) => (v as { readyState: number }).readyState), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(2);
      await start.click();
      // After the count-in the take runs, and ends by itself with the part.
      await dialog.getByRole("timer", { name: "Recording time" }).waitFor({ timeout: 8_000 });
      // The page, not the dialog: the dialog closes by itself when the part ends, maybe mid-shot.
      await screenshot(p, "practise-part-recording-1440x900");
      const confirm = p.getByRole("dialog", { name: `Your take of ${name}` });
      await expect.poll(() => confirm.isVisible(), { timeout: 70_000 }).toBe(true);
      await screenshot(confirm, "practise-part-take");
      await confirm.getByRole("button", { name: "Compare this take" }).click();

      // The page follows the new comparison to its result.
      await expect.poll(() => idInUrl(p), { timeout: 30_000 }).toBeGreaterThan(fullId);
      const partId = idInUrl(p);
      const header = p.getByTestId("part-header");
      await expect.poll(() => header.isVisible(), { timeout: 150_000 }).toBe(true);
      expect(await header.textContent()).toContain(`Practising ${name} of comparison #${fullId}`);
      await screenshot(p, "practise-part-result-1440x900");
      expect(await credits(p)).toBe(before - 1);

      const part = await comparison(p, partId);
      expect(part.part?.parent_id).toBe(fullId);
      const span = part.part as { start_s: number; end_s: number };
      const moves = part.results?.moves ?? [];
      expect(moves.length).toBeGreaterThan(0);
      // Its moves are the part's, in the reference's own time.
      for (const m of moves) {
        expect(m.start_s).toBeGreaterThanOrEqual(span.start_s - 0.01);
        expect(m.end_s).toBeLessThanOrEqual(span.end_s + 0.01);
      }
      // The full comparison's videos were files (no clock); the take went with where the part's
      // start played in it: a moment after the recording began (the reference starting to play).
      const offsets = await sentOffsets(p);
      expect(offsets).toHaveLength(2);
      expect(offsets[0]).toBeUndefined();
      const offset = Number(offsets[1]);
      // Judged on that clock, the dancer who follows the reference exactly is on time, give or take
      // the fake camera's own lag (a canvas repainted as often as a loaded machine manages).
      const timings = moves.flatMap((m) => (m.timing_ms === null ? [] : [m.timing_ms])).sort((x, y) => x - y);
      const typical = timings[Math.floor(timings.length / 2)] ?? Number.NaN;
      console.info(
        `practised part ${span.start_s}–${span.end_s} s: take offset ${offset} s, moves ${timings.join(", ")} ms, score ${part.overall_score}`,
      );
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThanOrEqual(0.3);
      expect(typical).toBeGreaterThanOrEqual(-150);
      expect(typical).toBeLessThanOrEqual(400);
      expect(part.overall_score ?? 0).toBeGreaterThanOrEqual(70);

      // And back to the full result.
      await header.getByRole("link", { name: "Back to the full result" }).click();
      await expect.poll(() => idInUrl(p)).toBe(fullId);
      await expect.poll(() => header.count()).toBe(0);
      expect(await p.getByTestId("section-card").count()).toBeGreaterThan(0);
      // On a phone the actions fit: a move's is its icon, the section's keeps its word.
      await p.setViewportSize({ width: 390, height: 844 });
      expect(await noSideScroll(p)).toBe(true);
      await screenshot(p.getByTestId("section-card").first(), "practise-part-section-card-390x844");
      expect(problems).toEqual([]);
    },
    420_000,
  );
});
