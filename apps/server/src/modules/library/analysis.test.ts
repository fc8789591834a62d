/**
 * GET /api/reference-videos/:id/analysis on a real database and real HTTP: a library video uploaded
 * and analysed by the real pose job answers its poses and counting, which a live scorer loads as it
 * is and scores a take with, counting the moves the server's comparison counts; its ETag answers
 * 304; who may not see the video, or a video not analysed yet, gets 404.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  LIBRARY_MESSAGES,
  REFERENCE_ANALYSIS_MESSAGES,
  type ReferenceAnalysisResponse,
  referenceAnalysisResponse,
} from "@stepsync/contracts";
import { compareTracks, ENGINE_VERSION, type PoseTrack } from "@stepsync/motion";
import { LiveScorer } from "@stepsync/motion/live";
import { users } from "../../db/schema.ts";
import { writeText } from "../../storage/blob-store.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison, makeLibraryVideo, makeUpload } from "../../test/factories.ts";
import { fixtureVideo, hasFixtures, tempDir } from "../../test/videos.ts";
import { libraryVideoAnalysed, storedLibraryVideo } from "../../test/rows.ts";

let t: TestApp;
let base: string;
let contributor: { token: string; id: number };
let admin: { token: string; id: number };

async function makeRole(role: "admin" | "contributor") {
  const { token, user } = await t.signUp();
  await t.database.db.update(users).set({ role }).where(eq(users.id, user.id));
  return { token, id: user.id };
}

beforeAll(async () => {
  const dataDir = await tempDir();
  t = await startTestApp({ dataDir, uploadsDir: path.join(dataDir, "uploads"), maxVideoBytes: 3 * 1024 * 1024 });
  base = await t.listen();
  contributor = await makeRole("contributor");
  admin = await makeRole("admin");
}, 120_000);
afterAll(() => t.close());

const analysisUrl = (id: number) => `/api/reference-videos/${id}/analysis`;

const _row = (id: number) => storedLibraryVideo(t.database.db, id);
const waitForPoses = (id: number, timeoutMs?: number) => libraryVideoAnalysed(t.database.db, id, timeoutMs);

describe.skipIf(!hasFixtures)("a library video's analysis for live scoring", () => {
  let id = 0;
  let stored: PoseTrack;

  beforeAll(async () => {
    const form = new FormData();
    form.append("title", "Sample routine");
    form.append("category", "hip_hop");
    form.append("video", new Blob([await readFile(fixtureVideo("sample_2.mp4"))]), "routine.mp4");
    const res = await fetch(`${base}/api/reference-videos`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${contributor.token}` },
    });
    expect(res.status).toBe(201);
    id = ((await res.json()) as { video_id: number }).video_id;
    const ready = await waitForPoses(id);
    expect(ready.poseStatus).toBe("ready");
    stored = JSON.parse(await readFile(await t.ctx.storage.localPath(ready.poseTrackKey as string), "utf8"));
  }, 300_000);

  it("in review: its contributor gets it (kept private), a visitor or another user gets 404 as for the file", async () => {
    const own = await t.call("GET", analysisUrl(id), { token: contributor.token });
    expect(own.statusCode).toBe(200);
    expect(own.headers["cache-control"]).toBe("private, max-age=3600");
    const visitor = await t.call("GET", analysisUrl(id));
    expect(visitor.statusCode).toBe(404);
    expect(visitor.json()).toEqual({ error: LIBRARY_MESSAGES.videoNotFound });
    expect((await t.call("GET", `/api/reference-videos/${id}/file`)).statusCode).toBe(404);
    const other = await t.signUp();
    expect((await t.call("GET", analysisUrl(id), { token: other.token })).statusCode).toBe(404);
  });

  it("approved: anyone gets the poses and counting a live scorer loads as they are, cacheable, and it scores a take", async () => {
    await t.call("PUT", `/api/admin/reference-videos/${id}/review`, {
      token: admin.token,
      body: { status: "approved" },
    });
    // Over real HTTP, as the browser loads it (fetch takes the gzipped answer and unpacks it).
    const res = await fetch(`${base}${analysisUrl(id)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    const body = (await res.json()) as ReferenceAnalysisResponse;
    expect(referenceAnalysisResponse.parse(body)).toEqual(body);
    expect(body.engine_version).toBe(ENGINE_VERSION);
    expect(body.track).toMatchObject({ fps: stored.fps, width: stored.width, height: stored.height });
    expect(body.track.frames.length).toBe(stored.frames.length);
    expect(body.track.frames[0]?.length).toBe(1 + 3 * 17);

    // The moves are the ones a comparison against this video is judged by…
    const server = compareTracks(stored, stored, { style: "hip_hop", takeOffset: 0 });
    expect(body.counting.moves.length).toBeGreaterThan(3);
    expect(
      body.counting.moves.map((m) => [Math.round(m.start * 1000) / 1000, Math.round(m.end * 1000) / 1000]),
    ).toEqual(server.moves.map((m) => [m.start_s, m.end_s]));
    // …and the answer is all a live scorer needs: the reference danced along to exactly is Perfect throughout.
    const live = new LiveScorer(body, { takeOffset: 0, width: stored.width, height: stored.height });
    for (const f of stored.frames) live.push(f);
    live.finish();
    expect(live.moves.map((m) => m.verdict)).toEqual(server.moves.map(() => "perfect"));
    expect(live.score()?.overall).toBeGreaterThanOrEqual(99);
  });

  it("answers 304 to its ETag, the whole answer (plain when not asked for gzip) to another one", async () => {
    const first = await t.call("GET", analysisUrl(id));
    const etag = first.headers.etag as string;
    const plain = JSON.parse(first.body) as ReferenceAnalysisResponse;
    expect(first.headers["content-encoding"]).toBeUndefined();
    const again = await t.call("GET", analysisUrl(id), { headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    expect((await t.call("GET", analysisUrl(id), { headers: { "if-none-match": `W/${etag}, "x"` } })).statusCode).toBe(
      304,
    );
    const stale = await t.call("GET", analysisUrl(id), { headers: { "if-none-match": '"stale"' } });
    expect(stale.statusCode).toBe(200);
    const zipped = await t.call("GET", analysisUrl(id), { headers: { "accept-encoding": "gzip, deflate" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    const unzipped = gunzipSync(zipped.rawPayload).toString("utf8");
    expect(JSON.parse(unzipped)).toEqual(plain);
    console.log(
      `analysis of a ${stored.duration}-s reference: ${first.body.length} bytes, ${zipped.rawPayload.length} gzipped`,
    );
  });
  it("a comparison against it gets the same answer from the kept one, without reading the stored poses again", async () => {
    const dancer = await t.signUp();
    const take = await makeUpload(t.database.db, { ownerId: dancer.user.id });
    const comparison = await makeComparison(t.database.db, {
      userId: dancer.user.id,
      userVideoId: take.id,
      referenceVideoId: id,
    });
    const library = await t.call("GET", analysisUrl(id));
    expect(library.statusCode).toBe(200);
    const opened = vi.spyOn(t.ctx.storage, "open");
    try {
      const own = await t.call("GET", `/api/comparisons/${comparison.id}/reference-analysis`, { token: dancer.token });
      expect(own.statusCode).toBe(200);
      expect(own.headers["cache-control"]).toBe("private, max-age=3600");
      expect(own.headers.etag).toBe(library.headers.etag);
      expect(opened).not.toHaveBeenCalled();
    } finally {
      opened.mockRestore();
    }
  });
});

describe("a library video without an analysis", () => {
  it("404 says live scoring waits for the analysis: poses pending, failed, or their stored track gone", async () => {
    const pending = await makeLibraryVideo(t.database.db, { status: "approved", poseStatus: "pending" });
    const failed = await makeLibraryVideo(t.database.db, { status: "approved", poseStatus: "failed" });
    const gone = await makeLibraryVideo(t.database.db, {
      status: "approved",
      poseStatus: "ready",
      poseTrackKey: "poses/reference-missing.json",
    });
    for (const v of [pending, failed, gone]) {
      const res = await t.call("GET", analysisUrl(v.id));
      expect(res.statusCode, v.poseStatus).toBe(404);
      expect(res.json()).toEqual({ error: REFERENCE_ANALYSIS_MESSAGES.notAnalysed });
    }
  });

  it("404 for a video that does not exist, and for a rejected one even with its poses ready", async () => {
    expect((await t.call("GET", analysisUrl(987654))).json()).toEqual({ error: LIBRARY_MESSAGES.videoNotFound });
    const key = "poses/reference-rejected.json";
    await writeText(t.ctx.storage, key, "{}");
    const rejected = await makeLibraryVideo(t.database.db, {
      status: "rejected",
      poseStatus: "ready",
      poseTrackKey: key,
    });
    const res = await t.call("GET", analysisUrl(rejected.id));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: LIBRARY_MESSAGES.videoNotFound });
  });
});
