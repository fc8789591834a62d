/**
 * A result seconds after the take: a dance-along take sent with the browser's pose track (pose_track)
 * shows a quick result from that track when the reference's poses are already analysed and frames of
 * the take estimated again on the server agree with it; what is stored is always the server's own
 * analysis of the video. Real footage, real ffmpeg and model, the real HTTP form and database.
 * The browser's track here is MoveNet's track of the camera's picture (the browser runs the same
 * model); the uploaded take is that picture through a recorder (VP8 in WebM).
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ComparisonDetail, isQuickResult } from "@stepsync/contracts";
import { analyzeVideo, ffmpegPath } from "@stepsync/motion";
import type { CompactTrack } from "@stepsync/motion/live";
import { compactTrack } from "@stepsync/motion/live";
import { videos } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { FIXTURES, postCompareForm, tempDir } from "../../test/videos.ts";
import { storageKeys } from "../../storage/keys.ts";
import { storedComparison } from "../../test/rows.ts";

const DANCE = path.join(FIXTURES, "dev", "dance_woman_room.mp4");
const LEAD_IN_S = 0.5;

type Move = { verdict: string; start_s: number; timing_ms: number | null };
/** A stored result with the poses it was computed from (the row's pose_source). */
type Stored = {
  overall_score: number;
  moves: Move[];
  alignment: { clock: string };
  pose_source: string | null;
  take_track: string | null;
};

let t: TestApp;
let base: string;
let take: string;
let honest: string;
let freshReference: string;

async function ffmpeg(args: string[]): Promise<void> {
  await promisify(execFile)(ffmpegPath(), ["-y", "-v", "error", ...args]);
}

beforeAll(async () => {
  if (!existsSync(DANCE)) return;
  const dir = await tempDir();
  t = await startTestApp({ dataDir: dir, uploadsDir: path.join(dir, "uploads") });
  base = await t.listen();
  // The camera's picture (another framing, the dancer standing 0.5 s before the reference plays)
  // and the take as the browser's recorder keeps it.
  const camera = path.join(dir, "camera.mp4");
  await ffmpeg([
    "-i",
    DANCE,
    "-vf",
    `tpad=start_duration=${LEAD_IN_S}:start_mode=clone,scale=420:404,pad=640:480:150:50`,
    "-r",
    "30",
    "-crf",
    "8",
    "-c:v",
    "libx264",
    "-pix_fmt",
    "yuv420p",
    "-an",
    camera,
  ]);
  take = path.join(dir, "take.webm");
  await ffmpeg(["-i", camera, "-c:v", "libvpx", "-b:v", "1M", "-an", take]);
  honest = JSON.stringify(compactTrack(await analyzeVideo(camera)));
  // The same dance in other bytes: a reference no comparison has analysed yet.
  freshReference = path.join(dir, "fresh-reference.mp4");
  await ffmpeg(["-i", DANCE, "-c:v", "libx264", "-crf", "20", "-pix_fmt", "yuv420p", "-c:a", "copy", freshReference]);
}, 300_000);
afterAll(() => t?.close());

const row = (id: number) => storedComparison(t.database.db, id);

/** The comparison once it has ended, completed or failed. */
async function ended(id: number, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await row(id);
    if (found.status !== "processing") return found;
    if (Date.now() > deadline) throw new Error(`comparison ${id} still processing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The comparison's detail as its page reads it, polled until it shows a quick result (or ends without one). */
async function firstQuickResult(id: number, token: string, timeoutMs = 300_000): Promise<ComparisonDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.call("GET", `/api/comparisons/${id}`, { token });
    const { comparison } = res.json() as { comparison: ComparisonDetail };
    if (isQuickResult(comparison)) return comparison;
    if (comparison.status !== "processing")
      throw new Error(`comparison ${id} ${comparison.status} with no quick result`);
    if (Date.now() > deadline) throw new Error(`comparison ${id} showed no quick result in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function settle(id: number, timeoutMs = 300_000) {
  const found = await ended(id, timeoutMs);
  if (found.status !== "completed") throw new Error(`comparison ${id} ${found.status}: ${found.error}`);
  return { ...(found.result as Stored), pose_source: found.poseSource, take_track: found.takeTrack };
}

/** The dance-along form as the web app sends it: the pose track as a JSON file part. */
async function postWithTrackFile(token: string, track: string) {
  const form = new FormData();
  form.append("activity_type", "hip_hop");
  form.append("take_offset_s", String(LEAD_IN_S));
  form.append("reference_video", new Blob([await readFile(DANCE)], { type: "video/mp4" }), "reference.mp4");
  form.append("user_video", new Blob([await readFile(take)], { type: "video/webm" }), "take.webm");
  form.append("pose_track", new Blob([track], { type: "application/json" }), "pose-track.json");
  const res = await fetch(`${base}/api/videos/compare`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const along = (token: string, extra: Record<string, string> = {}) =>
  postCompareForm(
    base,
    token,
    { activity_type: "hip_hop", take_offset_s: String(LEAD_IN_S), ...extra },
    { reference: DANCE, user: take },
  );

describe.skipIf(!existsSync(DANCE))("a dance-along take with the browser's pose track", () => {
  let full: Stored;
  let fullId: number;
  let fullToken: string;

  beforeAll(async () => {
    // The take analysed in full (no track): the result the fast path must give, and the
    // reference's poses analysed (cached) on the way, as for any reference compared before.
    const { token } = await t.signUp();
    const res = await along(token);
    expect(res.status).toBe(202);
    fullId = res.body.comparison_id as number;
    fullToken = token;
    full = await settle(fullId);
    expect(full.pose_source).toBe("server");
    expect(full.take_track).toBeNull();
  }, 400_000);

  it("serves the uploaded reference's analysis to its comparison's owner once its poses are known, for practising it live", async () => {
    const url = `/api/comparisons/${fullId}/reference-analysis`;
    const res = await t.call("GET", url, { token: fullToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, max-age=3600");
    const analysis = res.json() as { counting: { moves: Array<{ start: number; end: number }> } };
    // The moves the live scorer judges are the result's moves.
    expect(analysis.counting.moves.map((m) => m.start.toFixed(2))).toEqual(full.moves.map((m) => m.start_s.toFixed(2)));
    const again = await t.call("GET", url, {
      token: fullToken,
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Anyone else: as if there were no such comparison.
    const other = await t.signUp();
    expect((await t.call("GET", url, { token: other.token })).statusCode).toBe(404);
    expect((await t.call("GET", url)).statusCode).toBe(401);
  });

  it.each([
    ["a JSON file part (as the web app sends it)", (token: string) => postWithTrackFile(token, honest)],
    ["a text field (past the form's usual 10 KB a field)", (token: string) => along(token, { pose_track: honest })],
  ])(
    "shows a quick result from an honest track sent as %s while the video is analysed, then stores the server's own result",
    async (_how, post) => {
      const { token } = await t.signUp();
      const started = Date.now();
      const res = await post(token);
      expect(res.status).toBe(202);
      const id = res.body.comparison_id as number;
      // What the dancer's page reads while it waits: the quick result, counted nowhere yet.
      const quick = await firstQuickResult(id, token);
      const quickMs = Date.now() - started;
      const stored = await settle(id);
      console.log(
        `quick result ${quickMs} ms, stored ${Date.now() - started} ms from the form's answer; quick ${quick.overall_score}, stored ${stored.overall_score} (full ${full.overall_score})`,
      );
      expect(quick.results?.pose_source).toBe("browser");
      expect(quick.take_track).toBe("used");
      expect(quick.counted).toBeNull();
      expect(Math.abs((quick.overall_score as number) - full.overall_score)).toBeLessThanOrEqual(5);
      expect(quick.results?.moves?.length).toBe(full.moves.length);
      // Stored: the server's own analysis of the video, whatever the track said.
      expect(stored.pose_source).toBe("server");
      expect(stored.take_track).toBe("used");
      expect(stored.alignment.clock).toBe("take");
      expect(stored.overall_score).toBeCloseTo(full.overall_score, 5);
      // The kept track is gone once used (removed before the video's analysis).
      const { userVideoId } = await row(id);
      const [upload] = await t.database.db
        .select()
        .from(videos)
        .where(eq(videos.id, userVideoId as number));
      expect(upload).toBeDefined();
      expect(await t.ctx.storage.stat(storageKeys.takeTrack(upload?.storageKey as string))).toBeUndefined();
    },
    300_000,
  );

  it("falls back to the full analysis for a tampered track (shifted half a second), with the full result", async () => {
    const track = JSON.parse(honest) as { fps: number; frames: number[][] };
    const late = Math.round(0.5 * track.fps);
    const shifted = {
      ...track,
      frames: track.frames.map((f, k) => [
        f[0] as number,
        ...(track.frames[Math.max(0, k - late)] as number[]).slice(1),
      ]),
    };
    const { token } = await t.signUp();
    const res = await along(token, { pose_track: JSON.stringify(shifted) });
    expect(res.status).toBe(202);
    const result = await settle(res.body.comparison_id as number);
    expect(result.pose_source).toBe("server");
    expect(result.take_track).toBe("unused");
    expect(result.overall_score).toBeCloseTo(full.overall_score, 5);
    // Refused, the kept track is gone too.
    const { userVideoId } = await row(res.body.comparison_id as number);
    const [upload] = await t.database.db
      .select()
      .from(videos)
      .where(eq(videos.id, userVideoId as number));
    expect(await t.ctx.storage.stat(storageKeys.takeTrack(upload?.storageKey as string))).toBeUndefined();
  }, 400_000);

  it("analyses a slow device's take in full (its poses 2 a second), on the video's clock its track was found on", async () => {
    // A loaded device: the recorder's first frame was taken 2 frames (0.29 s) before the take's
    // clock started, so on that clock the poses run ahead of the video, and the reference started
    // 0.29 s earlier than in the video.
    const track = JSON.parse(honest) as { fps: number; frames: number[][] };
    const ahead = 2;
    const onTakeClock = {
      ...track,
      posesPerSecond: 2,
      frames: track.frames.map((f, k) => [
        f[0] as number,
        ...(track.frames[Math.min(track.frames.length - 1, k + ahead)] as number[]).slice(1),
      ]),
    };
    const { token } = await t.signUp();
    const offset = Math.round((LEAD_IN_S - ahead / track.fps) * 1000) / 1000;
    const res = await along(token, { take_offset_s: String(offset), pose_track: JSON.stringify(onTakeClock) });
    expect(res.status).toBe(202);
    const result = await settle(res.body.comparison_id as number);
    // Too few poses to time the moves by: the video's own analysis, and the page is told why…
    expect(result.pose_source).toBe("server");
    expect(result.take_track).toBe("sparse");
    // …timed from where the reference started in the video, as the take analysed with its true offset.
    expect(Math.abs(result.overall_score - full.overall_score)).toBeLessThanOrEqual(1);
    const gaps = result.moves.flatMap((m, i) => {
      const truth = full.moves[i]?.timing_ms;
      return m.timing_ms === null || truth === null || truth === undefined ? [] : [Math.abs(m.timing_ms - truth)];
    });
    expect(gaps.length).toBeGreaterThan(3);
    expect(gaps.sort((a, b) => a - b)[gaps.length >> 1]).toBeLessThanOrEqual(40);
  }, 400_000);

  it("runs the full analysis with an honest track when the reference's poses are not analysed yet", async () => {
    const { token } = await t.signUp();
    const res = await postCompareForm(
      base,
      token,
      { activity_type: "hip_hop", take_offset_s: String(LEAD_IN_S), pose_track: honest },
      { reference: freshReference, user: take },
    );
    expect(res.status).toBe(202);
    const result = await settle(res.body.comparison_id as number);
    expect(result.pose_source).toBe("server");
    expect(Math.abs(result.overall_score - full.overall_score)).toBeLessThanOrEqual(5);
  }, 400_000);

  it("stores the honest analysis for a forgery the check lets through (the dancer's arms moved onto the teacher's every other frame)", async () => {
    const mine = JSON.parse(honest) as CompactTrack;
    const teacher = compactTrack(await analyzeVideo(DANCE));
    const lead = Math.round(LEAD_IN_S * mine.fps);
    // Forearms (elbows and wrists: COCO 7–10) at the teacher's place on odd ticks, in the take's framing
    // (the reference scaled to 420×404 at 150,50 of 640×480; points are 0–1 of the picture).
    const arms = [7, 8, 9, 10];
    const framed = [(x: number) => (150 + x * 420) / 640, (y: number) => (50 + y * 404) / 480] as const;
    const frames = mine.frames.map((f, k) => {
      const t2 = teacher.frames[k - lead];
      if (k % 2 === 0 || !t2) return f;
      const out = [...f];
      for (const j of arms) {
        if ((t2[1 + j * 3 + 2] as number) <= 0) continue;
        out[1 + j * 3] = framed[0](t2[1 + j * 3] as number);
        out[2 + j * 3] = framed[1](t2[2 + j * 3] as number);
      }
      return out;
    });
    const { token } = await t.signUp();
    const res = await along(token, { pose_track: JSON.stringify({ ...mine, frames }) });
    expect(res.status).toBe(202);
    const stored = await settle(res.body.comparison_id as number);
    console.log(
      `arms forged every other frame: track ${stored.take_track}, stored ${stored.overall_score} (full ${full.overall_score})`,
    );
    expect(stored.pose_source).toBe("server");
    expect(stored.overall_score).toBeCloseTo(full.overall_score, 5);
  }, 400_000);

  it("ignores a malformed track: the upload is kept and analysed in full", async () => {
    const { token } = await t.signUp();
    const res = await along(token, { pose_track: "{not a track" });
    expect(res.status).toBe(202);
    const result = await settle(res.body.comparison_id as number);
    expect(result.pose_source).toBe("server");
    expect(result.overall_score).toBeCloseTo(full.overall_score, 5);
  }, 400_000);
});

/**
 * A browser's pose track can only make a result faster, never better: forged tracks a client can
 * send with a take of someone who does not dance. Each take is also compared without a track (the
 * honest analysis); the forged one never stores more than a point above it.
 */
describe.skipIf(!existsSync(DANCE))("a forged pose track", () => {
  let dir: string;
  /** The reference's own poses, as any client can estimate them from the reference video. */
  let reference: CompactTrack;
  /** A frame of the dancer standing before she dances, in the take's framing. */
  let still: string;

  beforeAll(async () => {
    dir = await tempDir();
    reference = compactTrack(await analyzeVideo(DANCE));
    still = path.join(dir, "still.png");
    await ffmpeg(["-i", DANCE, "-vf", "scale=420:404,pad=640:480:150:50", "-frames:v", "1", still]);
  }, 300_000);

  /** A track of `ticks` frames on the take's clock: `honest`'s row at tick k when `honestAt(k)`, else the reference's pose then (it starts LEAD_IN_S into the take). */
  function forged(honest: CompactTrack, ticks: number, honestAt: (k: number) => boolean): CompactTrack {
    const lead = Math.round(LEAD_IN_S * honest.fps);
    const frames = Array.from({ length: ticks }, (_, k) => {
      const row = honestAt(k)
        ? honest.frames[Math.min(k, honest.frames.length - 1)]
        : reference.frames[Math.max(0, Math.min(reference.frames.length - 1, k - lead))];
      return [Math.round((k / honest.fps) * 1000) / 1000, ...(row as number[]).slice(1)];
    });
    return { ...honest, frames };
  }

  /** The take compared without a track and with the forged one, each by a new user: both rows once ended. */
  async function honestAndForged(take: string, track: CompactTrack) {
    const rows = [];
    for (const extra of [{}, { pose_track: JSON.stringify(track) }] as Array<Record<string, string>>) {
      const { token } = await t.signUp();
      const res = await postCompareForm(
        base,
        token,
        { activity_type: "hip_hop", take_offset_s: String(LEAD_IN_S), ...extra },
        { reference: DANCE, user: take },
      );
      expect(res.status).toBe(202);
      rows.push(await ended(res.body.comparison_id as number));
    }
    return rows as [(typeof rows)[number], (typeof rows)[number]];
  }

  const score = (r: { result: unknown }) => (r.result as Stored | null)?.overall_score;

  it("a 0.1-s grey video with the reference's poses laid on its clock earns nothing", async () => {
    const grey = path.join(dir, "grey.webm");
    await ffmpeg(["-f", "lavfi", "-i", "color=gray:s=640x480:r=30:d=0.1", "-c:v", "libvpx", "-b:v", "1M", grey]);
    const blank: CompactTrack = { ...reference, width: 640, height: 480, frames: [] };
    const track = forged(blank, reference.frames.length + Math.round(LEAD_IN_S * reference.fps), () => false);
    const [honest, cheat] = await honestAndForged(grey, track);
    // No one is in the video: the honest analysis says so, and so does the forged one's.
    expect(honest.status).toBe("failed");
    expect({ status: cheat.status, error: cheat.error, score: score(cheat) }).toEqual({
      status: "failed",
      error: honest.error,
      score: undefined,
    });
  }, 400_000);

  it("a 3-s live recording (no duration in its file) of someone standing still, sent with a 10-s track, scores as the 3 s it shows", async () => {
    const take = path.join(dir, "still-3s-live.webm");
    await ffmpeg([
      "-loop",
      "1",
      "-framerate",
      "30",
      "-i",
      still,
      "-t",
      "3",
      "-c:v",
      "libvpx",
      "-b:v",
      "1M",
      "-live",
      "1",
      take,
    ]);
    const honestTrack = compactTrack(await analyzeVideo(take));
    const threeSeconds = Math.round(3 * honestTrack.fps);
    const track = forged(honestTrack, Math.round(10 * honestTrack.fps), (k) => k < threeSeconds);
    const [honest, cheat] = await honestAndForged(take, track);
    console.log(`3-s live take with a 10-s track: honest ${score(honest)}, forged ${score(cheat)}`);
    expect(honest.status).toBe("completed");
    expect(cheat.status).toBe("completed");
    expect(score(cheat)).toBeLessThanOrEqual((score(honest) as number) + 1);
  }, 400_000);

  it("a track honest only at the frames the check used to sample (spread evenly and the reference's move ends) earns nothing either", async () => {
    const seconds = LEAD_IN_S + 9.8;
    const take = path.join(dir, "still-10s.webm");
    await ffmpeg([
      "-loop",
      "1",
      "-framerate",
      "30",
      "-i",
      still,
      "-t",
      String(seconds),
      "-c:v",
      "libvpx",
      "-b:v",
      "1M",
      take,
    ]);
    const honestTrack = compactTrack(await analyzeVideo(take));
    // What a client could predict: 12 frames spread over the take (away from its ends by the check's
    // reach) and the reference's move ends, public in the reference's analysis.
    const { token } = await t.signUp();
    const first = await postCompareForm(
      base,
      token,
      { activity_type: "hip_hop", take_offset_s: String(LEAD_IN_S) },
      { reference: DANCE, user: take },
    );
    const firstId = first.body.comparison_id as number;
    await ended(firstId);
    const analysis = (await t.call("GET", `/api/comparisons/${firstId}/reference-analysis`, { token })).json() as {
      counting: { moves: Array<{ end: number }> };
    };
    const fps = honestTrack.fps;
    const count = honestTrack.frames.length;
    const reach = 2 + Math.ceil(0.5 * fps);
    const [lo, hi] = [reach, count - 1 - reach];
    const predictable = new Set<number>();
    for (let i = 0; i < 12; i++) predictable.add(Math.round(lo + ((i + 0.5) * (hi - lo)) / 12));
    for (const m of analysis.counting.moves) predictable.add(Math.round((LEAD_IN_S + m.end) * fps));
    const track = forged(honestTrack, count, (k) => predictable.has(k));
    const [honest, cheat] = await honestAndForged(take, track);
    console.log(
      `a still take, honest at ${predictable.size} predictable frames: honest ${score(honest)}, forged ${score(cheat)}`,
    );
    expect(cheat.status).toBe("completed");
    expect(score(cheat)).toBeLessThanOrEqual((score(honest) as number) + 1);
  }, 400_000);
});
