/**
 * Dance along (issue "Judge real dancers fairly", item 7): a take recorded in the app while the
 * reference played comes with take_offset_s, where the reference's (or the practised part's) start
 * plays in it. The comparison keeps it and the analysis judges timing against that clock, so a take
 * danced late throughout is late, not aligned into "perfect".
 */
import { execFile } from "node:child_process";
import { createReadStream } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TAKE_MESSAGES } from "@stepsync/contracts";
import { ffmpegPath } from "@stepsync/motion";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison, makeUpload } from "../../test/factories.ts";
import { fixtureVideo, hasFixtures, noPersonVideo, postCompareForm, tempDir } from "../../test/videos.ts";
import { storedComparison } from "../../test/rows.ts";

let t: TestApp;
let base: string;
let dataDir: string;
let pattern: string;

beforeAll(async () => {
  dataDir = await tempDir();
  t = await startTestApp({ dataDir, uploadsDir: path.join(dataDir, "uploads") });
  base = await t.listen();
  pattern = await noPersonVideo(await tempDir());
}, 120_000);
afterAll(() => t.close());

/** POSTs the compare form as the browser does (test/videos.ts). */
const compare = (token: string, fields: Record<string, string>, files: { user?: string; reference?: string }) =>
  postCompareForm(base, token, fields, files);

const row = (id: number) => storedComparison(t.database.db, id);

async function credits(token: string) {
  const res = await fetch(`${base}/api/credits/balance`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { credits: number }).credits;
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, "uploads", "videos");
  const out: string[] = [];
  for (const dir of await readdir(root).catch(() => [])) out.push(...(await readdir(path.join(root, dir))));
  return out;
}

/** Waits for the comparison to leave "processing" (the analysis runs in this process). */
async function settle(id: number, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await row(id);
    if (found.status !== "processing") return found;
    if (Date.now() > deadline) throw new Error(`comparison ${id} still processing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("POST /api/videos/compare with take_offset_s", () => {
  it("stores the take's offset on the comparison; without it, none", async () => {
    const { token } = await t.signUp();
    const along = await compare(
      token,
      { activity_type: "ballet", take_offset_s: "0.217" },
      { reference: pattern, user: pattern },
    );
    expect(along.status).toBe(202);
    expect((await row(along.body.comparison_id as number)).takeOffsetS).toBeCloseTo(0.217, 5);

    const plain = await compare(token, { activity_type: "ballet" }, { reference: pattern, user: pattern });
    expect(plain.status).toBe(202);
    expect((await row(plain.body.comparison_id as number)).takeOffsetS).toBeNull();
  });

  it("stores it for a practised part too (the part's start is the take's clock)", async () => {
    const { token, user } = await t.signUp();
    const reference = await makeUpload(t.database.db, { ownerId: user.id, kind: "reference", durationS: 13 });
    const parent = await makeComparison(t.database.db, { userId: user.id, score: 70, referenceUploadId: reference.id });
    const fields = {
      activity_type: "ballet",
      reference_start_s: "4",
      reference_end_s: "8",
      parent_comparison_id: String(parent.id),
      take_offset_s: "0.05",
    };
    const res = await compare(token, fields, { user: pattern });
    expect(res.status).toBe(202);
    const stored = await row(res.body.comparison_id as number);
    expect(stored.referenceStartS).toBe(4);
    expect(stored.takeOffsetS).toBeCloseTo(0.05, 5);
  });

  it.each([
    ["a negative offset", "-0.5"],
    ["over ten seconds", "10.5"],
    ["words", "soon"],
    ["nothing", ""],
  ])("refuses %s with a 400 in words, costing nothing and storing nothing", async (_name, value) => {
    const { token } = await t.signUp();
    const before = await storedFiles();
    const res = await compare(
      token,
      { activity_type: "ballet", take_offset_s: value },
      { reference: pattern, user: pattern },
    );
    expect(res).toEqual({ status: 400, body: { error: TAKE_MESSAGES.offset } });
    expect(await credits(token)).toBe(10);
    expect(await storedFiles()).toEqual(before);
  });
});

/** ffmpeg, quietly; H.264 without sound. */
async function ffmpeg(args: string[]): Promise<void> {
  await promisify(execFile)(ffmpegPath(), ["-y", "-v", "error", ...args]);
}
const H264 = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-an"];
/** The dancer stands still for the first 0.5 s of the take, then dances: late by 0.5 s from the first move on. */
const HALF_A_SECOND_LATE = ["-vf", "tpad=start_duration=0.5:start_mode=clone"];

type Move = { start_s: number; verdict: string; timing_ms: number | null };
type StoredResult = { moves: Move[]; alignment: { clock: string } };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};
const timings = (moves: Move[]) => moves.flatMap((m) => (m.timing_ms === null ? [] : [m.timing_ms]));

describe.skipIf(!hasFixtures)("a dance-along take danced half a second late (fixture footage)", () => {
  let reference: string;
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir();
    // A dance long enough (its first 8 s) that lateness cannot pass for a change of tempo.
    reference = path.join(dir, "routine.mp4");
    await ffmpeg(["-i", fixtureVideo("sample_2.mp4"), "-t", "8", ...H264, reference]);
  }, 60_000);

  it("is judged late against the take's clock (moves about +500 ms), not perfect", async () => {
    const late = path.join(dir, "late.mp4");
    await ffmpeg(["-i", reference, ...HALF_A_SECOND_LATE, ...H264, late]);
    const { token } = await t.signUp();
    // Recorded with the reference: its first frame played as the take began.
    const res = await compare(token, { activity_type: "contemporary", take_offset_s: "0" }, { reference, user: late });
    expect(res.status).toBe(202);
    const done = await settle(res.body.comparison_id as number);
    if (done.status !== "completed") throw new Error(`comparison ${done.status}: ${done.error}`);
    const result = done.result as StoredResult;
    expect(result.alignment.clock).toBe("take");
    const late_ms = timings(result.moves);
    expect(late_ms.length).toBeGreaterThanOrEqual(3);
    expect(median(late_ms)).toBeGreaterThan(400);
    expect(median(late_ms)).toBeLessThan(600);
    expect(result.moves.some((m) => m.verdict === "perfect")).toBe(false);
    expect(done.overallScore ?? 100).toBeLessThan(85);
  }, 300_000);

  it("a practised part's take is late against the part's start", async () => {
    // The part 2–6 s of the reference, danced 0.5 s late in a take that began with the part.
    const lateTake = path.join(dir, "part-late.mp4");
    await ffmpeg(["-ss", "2", "-t", "4", "-i", reference, ...HALF_A_SECOND_LATE, ...H264, lateTake]);
    const { token, user } = await t.signUp();
    // The full comparison it is practised from (its rows; its reference stored as an upload would be).
    const key = `videos/take-offset-routine-${user.id}.mp4`;
    await t.ctx.storage.put(key, createReadStream(reference));
    const upload = await makeUpload(t.database.db, {
      ownerId: user.id,
      kind: "reference",
      storageKey: key,
      durationS: 8,
    });
    const parent = await makeComparison(t.database.db, { userId: user.id, score: 80, referenceUploadId: upload.id });
    const fields = {
      activity_type: "contemporary",
      reference_start_s: "2",
      reference_end_s: "6",
      parent_comparison_id: String(parent.id),
      take_offset_s: "0",
    };
    const res = await compare(token, fields, { user: lateTake });
    expect(res.status).toBe(202);
    const done = await settle(res.body.comparison_id as number);
    if (done.status !== "completed") throw new Error(`comparison ${done.status}: ${done.error}`);
    const result = done.result as StoredResult;
    expect(result.alignment.clock).toBe("take");
    // Its opening moves (a short take's last move may be cut off by the take's end).
    const first = timings(result.moves.filter((m) => m.start_s < 4.5));
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(median(first)).toBeGreaterThan(400);
    expect(median(first)).toBeLessThan(600);
  }, 300_000);
});
