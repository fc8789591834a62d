/**
 * Cards show the whole person: the library thumbnail the pose job makes from a
 * portrait video, and the framing a comparison stores for the history card, checked on real
 * footage — the thumbnail by running the pose model on the picture itself.
 */
import { execFile } from "node:child_process";
import { createReadStream } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_ASPECT, type ComparisonListResponse } from "@stepsync/contracts";
import { analyzeVideo, type CompactTrack, ffmpegPath, WHOLE_BODY } from "@stepsync/motion";
import { comparisons, referenceVideos } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison, makeLibraryVideo, makeUpload } from "../../test/factories.ts";
import { fixtureVideo, hasFixtures, tempDir } from "../../test/videos.ts";
import { referencePosesJobHandler } from "../library/job.ts";
import { comparisonJobHandler } from "./job.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function store(key: string, file: string): Promise<void> {
  await t.ctx.storage.put(key, createReadStream(file));
}

async function bytesOf(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await t.ctx.storage.open(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let i = 2;
  while (i + 9 < jpeg.length) {
    const marker = jpeg[i + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc3) return { height: jpeg.readUInt16BE(i + 5), width: jpeg.readUInt16BE(i + 7) };
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  throw new Error("not a JPEG");
}

/** The pose model run on a still picture (as a one-second video of it): the middle frame's points. */
async function posesIn(jpeg: Buffer): Promise<Map<string, { x: number; y: number }>> {
  const dir = await tempDir();
  const still = path.join(dir, "thumb.jpg");
  const clip = path.join(dir, "thumb.mp4");
  await writeFile(still, jpeg);
  await promisify(execFile)(ffmpegPath(), [
    "-y",
    "-v",
    "error",
    "-loop",
    "1",
    "-i",
    still,
    "-t",
    "1",
    "-r",
    "8",
    "-pix_fmt",
    "yuv420p",
    "-c:v",
    "libx264",
    clip,
  ]);
  const track = await analyzeVideo(clip);
  const frame = track.frames[Math.floor(track.frames.length / 2)];
  const seen = new Map<string, { x: number; y: number }>();
  track.keypointNames.forEach((name, k) => {
    if ((frame?.keypoints[k * 3 + 2] ?? 0) > 0)
      seen.set(name, { x: frame?.keypoints[k * 3] ?? 0, y: frame?.keypoints[k * 3 + 1] ?? 0 });
  });
  return seen;
}

describe.skipIf(!hasFixtures)("the whole person on cards (real footage)", () => {
  it("a portrait library video's thumbnail is card-shaped and shows the whole dancer, head to feet", async () => {
    const key = "library/portrait-squats.mp4";
    await store(key, fixtureVideo("pose_squats.mp4"));
    const video = await makeLibraryVideo(t.ctx.db, { videoKey: key, durationS: 13 });
    await referencePosesJobHandler(t.ctx)({ referenceVideoId: video.id });

    const [row] = await t.ctx.db.select().from(referenceVideos).where(eq(referenceVideos.id, video.id));
    expect(row?.poseStatus).toBe("ready");
    if (!row?.thumbnailKey) throw new Error("no thumbnail made");
    const jpeg = await bytesOf(row.thumbnailKey);
    // The card's own shape: object-fit: cover then cuts nothing off.
    const size = jpegSize(jpeg);
    expect(size.width / size.height).toBeCloseTo(CARD_ASPECT, 1);

    // The model finds every body point in the picture, none at its edges, with room for the head.
    const seen = await posesIn(jpeg);
    for (const name of WHOLE_BODY) expect(seen.has(name), `${name} seen in the thumbnail`).toBe(true);
    for (const [name, p] of seen) {
      expect(p.x, `${name} across`).toBeGreaterThan(0.02);
      expect(p.x, `${name} across`).toBeLessThan(0.98);
      expect(p.y, `${name} down`).toBeGreaterThan(0.02);
      expect(p.y, `${name} down`).toBeLessThan(0.98);
    }
    const nose = seen.get("nose")?.y ?? 0;
    const shoulders = ((seen.get("left_shoulder")?.y ?? 0) + (seen.get("right_shoulder")?.y ?? 0)) / 2;
    expect(nose - 0.5 * (shoulders - nose), "the crown is in the picture").toBeGreaterThan(0);
    // Large in the card: from nose to ankles over half its height.
    const ankles = Math.max(seen.get("left_ankle")?.y ?? 0, seen.get("right_ankle")?.y ?? 0);
    expect(ankles - nose).toBeGreaterThan(0.5);
  }, 180_000);

  it("a comparison of a portrait video stores a card framing that keeps the user's whole body in view", async () => {
    const { user, token } = await t.signUp();
    await store("videos/fb0.mp4", fixtureVideo("sample_fb_0.mp4"));
    await store("videos/fb1.mp4", fixtureVideo("sample_fb_1.mp4"));
    const mine = await makeUpload(t.ctx.db, { ownerId: user.id, storageKey: "videos/fb0.mp4" });
    const theirs = await makeUpload(t.ctx.db, { ownerId: user.id, kind: "reference", storageKey: "videos/fb1.mp4" });
    const comparison = await makeComparison(t.ctx.db, {
      userId: user.id,
      userVideoId: mine.id,
      referenceUploadId: theirs.id,
    });
    await comparisonJobHandler(t.ctx)({ comparisonId: comparison.id });

    const [row] = await t.ctx.db.select().from(comparisons).where(eq(comparisons.id, comparison.id));
    if (row?.status !== "completed") throw new Error(`comparison ${row?.status}: ${row?.error}`);
    // The history list carries it to the card.
    const list = (await t.call("GET", "/api/comparisons", { token })).json() as ComparisonListResponse;
    const framing = list.comparisons.find((c) => c.id === comparison.id)?.user_framing;
    if (!framing) throw new Error("no framing in the history list");
    expect(framing).toEqual(row.userFraming);
    // The user's own poses (the stored track) at the still's moment lie inside the window.
    const track = (row.result as { tracks: { user: CompactTrack } }).tracks.user;
    const { crop } = framing;
    expect((crop.w * track.width) / (crop.h * track.height)).toBeCloseTo(CARD_ASPECT, 3);
    const still = track.frames.find((f) => f[0] === framing.at);
    if (!still) throw new Error("the still is not an analysed frame");
    WHOLE_BODY.forEach((name) => {
      const k = track.keypointNames.indexOf(name);
      expect(still[1 + k * 3 + 2], `${name} seen at the still`).toBeGreaterThan(0);
      const x = ((still[1 + k * 3] ?? 0) - crop.x) / crop.w;
      const y = ((still[1 + k * 3 + 1] ?? 0) - crop.y) / crop.h;
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(1);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(1);
    });
  }, 240_000);
});
