/**
 * How sure the fast path's check (packages/motion/src/verify-track.ts) is to catch a forged pose
 * track, what that check costs, and what it costs honest takes.
 *
 *   node --import tsx bench/forgery.ts            (DRAWS=300 by default: checks per row)
 *
 * Two 60-s dance-along takes (bench/fast-path.ts's framing: another room, a 0.5-s lead-in, VP8 in
 * WebM) against dance_woman_room looped to 59.5 s: the dancer dancing it, and the same dancer
 * standing still. The server's poses of every frame of both takes are estimated once; each check
 * then draws its samples as the server does (a secure random source) and judges a track on them.
 *
 * - Forged: the still take's honest track with a share of its frames replaced by the reference's
 *   poses on the take's clock: one stretch at a random place, or frames scattered at random. A
 *   check "catches" a forgery when it refuses the track (the take is then analysed in full).
 *   "Score if used": the stored score had such a track been used (median over 5 places).
 * - Honest: the dancing take's own track (MoveNet of the camera's picture, as the browser's), dense
 *   or blended from 5 and 3.5 poses a second as a slow device's is: how often a check refuses it.
 * - Cost: verifyTakeTrack on the dancing take (decode to its end, the samples estimated), CPU
 *   seconds of this process and its ffmpeg, against the take's full analysis.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { analyzeVideo } from "../packages/motion/src/analyze.ts";
import { compactTrack } from "../packages/motion/src/compact-track.ts";
import { compareTracks } from "../packages/motion/src/compare.ts";
import { poseAdapter } from "../packages/motion/src/pose/models.ts";
import { shutdownPosePool } from "../packages/motion/src/pose/pool.ts";
import type { CompactTrack, PoseTrack } from "../packages/motion/src/types.ts";
import {
  judgeSamples,
  type Reestimated,
  reestimate,
  sampleFrames,
  TRACK_CHECK,
  takeTrackOf,
  verifyTakeTrack,
} from "../packages/motion/src/verify-track.ts";
import { probeVideo, type VideoInfo } from "../packages/motion/src/video/probe.ts";
import { ffmpeg } from "../packages/motion/test-support/fixtures.ts";
import { median } from "./quality/stats.ts";

const repoRoot = path.resolve(import.meta.dirname, "..");
const fixtures = process.env.STEPSYNC_FIXTURES ?? path.resolve(repoRoot, "..", "shared", "fixtures");
const dance = path.join(fixtures, "dev", "dance_woman_room.mp4");
const DRAWS = Number(process.env.DRAWS ?? 300);
const SHARES = [0.02, 0.05, 0.1, 0.2, 0.5];
const LEAD_IN_S = 0.5;
const FRAMING = "scale=420:404,pad=640:480:150:50";

/** CPU seconds of this process (its pose threads too) and of its waited-for children (ffmpeg). */
async function cpuSeconds(): Promise<number> {
  const text = await readFile("/proc/self/stat", "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; wall: number; cpu: number }> {
  const [cpu0, t0] = [await cpuSeconds(), performance.now()];
  const value = await work();
  return { value, wall: (performance.now() - t0) / 1000, cpu: (await cpuSeconds()) - cpu0 };
}

/** A whole number below n from Math.random (where the server draws, only the forger's choices here). */
const anyBelow = (n: number) => Math.floor(Math.random() * n);

/** The track's row at frame `k`, each tick set to its own time. */
const retimed = (c: CompactTrack, rows: number[][]): CompactTrack => ({
  ...c,
  frames: rows.map((row, k) => [Math.round((k / c.fps) * 1000) / 1000, ...row.slice(1)]),
});

/** The honest track with the frames `forged(k)` replaced by the reference's pose then (the reference starts LEAD_IN_S in). */
function forgedTrack(honest: CompactTrack, reference: CompactTrack, forged: (k: number) => boolean): CompactTrack {
  const lead = Math.round(LEAD_IN_S * honest.fps);
  const at = (k: number) => reference.frames[Math.max(0, Math.min(reference.frames.length - 1, k - lead))];
  return retimed(
    honest,
    honest.frames.map((row, k) => (forged(k) ? (at(k) as number[]) : row)),
  );
}

/** A share of the frames: one stretch from a random place, or frames scattered at random. */
function forgedFrames(count: number, share: number, kind: "stretch" | "scattered"): (k: number) => boolean {
  const n = Math.max(1, Math.round(share * count));
  if (kind === "stretch") {
    const from = anyBelow(count - n + 1);
    return (k) => k >= from && k < from + n;
  }
  const picked = new Set(sampleFramesOf(count, n));
  return (k) => picked.has(k);
}

function sampleFramesOf(count: number, n: number): number[] {
  const all = Array.from({ length: count }, (_, i) => i);
  for (let i = 0; i < n; i++) {
    const j = i + anyBelow(count - i);
    [all[i], all[j]] = [all[j] as number, all[i] as number];
  }
  return all.slice(0, n);
}

/** A slow device's track: poses `rate` a second, each tick blended from the two either side (as the browser's TakeFrames). */
function blended(c: CompactTrack, rate: number): CompactTrack {
  const rowAt = (x: number) => {
    const k = Math.max(0, Math.min(c.frames.length - 1, x));
    const [a, b] = [c.frames[Math.floor(k)] as number[], c.frames[Math.ceil(k)] as number[]];
    return a.map((v, i) => v + ((b[i] as number) - v) * (k - Math.floor(k)));
  };
  const frames = c.frames.map((row, k) => {
    const t = k / c.fps;
    const before = Math.floor(t * rate) / rate;
    const w = (t - before) * rate;
    const [a, b] = [rowAt(before * c.fps), rowAt((before + 1 / rate) * c.fps)];
    return [row[0] as number, ...a.slice(1).map((v, i) => v * (1 - w) + (b[i + 1] as number) * w)];
  });
  return { ...c, frames, posesPerSecond: rate };
}

/** The check of one track on one fresh draw of samples, from the server's poses of every frame. */
function check(track: CompactTrack, info: VideoInfo, all: Reestimated): boolean {
  const shaped = takeTrackOf(track, info);
  if ("reason" in shaped) throw new Error(shaped.reason);
  const sent = track.frames.length;
  const indexes = sampleFrames(sent);
  const poses = new Map([...all.poses].filter(([i]) => indexes.includes(i)));
  const sparse = track.posesPerSecond !== undefined && track.posesPerSecond < TRACK_CHECK.minPosesShare * track.fps;
  return judgeSamples(shaped.track, indexes, { ...all, poses }, { sent, sparse }).ok;
}

const refusedShare = (track: CompactTrack, info: VideoInfo, all: Reestimated) => {
  let refused = 0;
  for (let i = 0; i < DRAWS; i++) if (!check(track, info, all)) refused++;
  return refused / DRAWS;
};

function scoreOf(reference: PoseTrack, track: CompactTrack, info: VideoInfo): number {
  const shaped = takeTrackOf(track, info);
  if ("reason" in shaped) throw new Error(shaped.reason);
  const model = "movenet-lightning" as const;
  const user = { ...shaped.track, model, minScore: poseAdapter(model).minKeypointScore };
  return compareTracks(reference, user, { style: "hip_hop", takeOffset: LEAD_IN_S }).overall_score;
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

async function main(): Promise<void> {
  if (!existsSync(dance)) {
    console.log(`forgery bench: fixtures not found under ${fixtures}; nothing measured.`);
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), "stepsync-bench-forgery-"));
  try {
    const reference = path.join(dir, "reference-60s.mp4");
    const camera = path.join(dir, "camera-60s.mp4");
    const take = path.join(dir, "take-60s.webm");
    const still = path.join(dir, "still.png");
    const stillTake = path.join(dir, "still-60s.webm");
    const x264 = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"];
    const vp8 = ["-c:v", "libvpx", "-b:v", "1M", "-deadline", "realtime", "-cpu-used", "8", "-an"];
    await ffmpeg(["-stream_loop", "-1", "-i", dance, "-t", "59.5", ...x264, "-c:a", "aac", reference]);
    await ffmpeg(
      ["-i", reference, "-vf", `tpad=start_duration=${LEAD_IN_S}:start_mode=clone,${FRAMING}`].concat([
        "-r",
        "30",
        "-crf",
        "8",
        ...x264,
        "-an",
        camera,
      ]),
    );
    await ffmpeg(["-i", camera, ...vp8, take]);
    await ffmpeg(["-i", dance, "-vf", FRAMING, "-frames:v", "1", still]);
    await ffmpeg(["-loop", "1", "-framerate", "30", "-i", still, "-t", "60", ...vp8, stillTake]);

    const [takeInfo, stillInfo] = await Promise.all([probeVideo(take), probeVideo(stillTake)]);
    const referenceTrack = await analyzeVideo(reference);
    const referenceCompact = compactTrack(referenceTrack);
    const honest = compactTrack(await analyzeVideo(camera));
    const full = await timed(() => analyzeVideo(take));
    const stillHonest = compactTrack(await analyzeVideo(stillTake));
    // Warm (the pose workers started), then the check as the server runs it, three times.
    const costs = [];
    for (let i = 0; i < 3; i++) costs.push(await timed(() => verifyTakeTrack(take, takeInfo, honest)));
    const every = (count: number) => Array.from({ length: count }, (_, i) => i);
    const takeAll = await reestimate(take, takeInfo, every(honest.frames.length));
    const stillAll = await reestimate(stillTake, stillInfo, every(stillHonest.frames.length));
    await shutdownPosePool();

    console.log(
      `${availableParallelism()} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          " ",
        )} · ${DRAWS} checks a row, ${TRACK_CHECK.samples} samples each, at most ${TRACK_CHECK.maxDisagreeing} off`,
    );
    console.log("\nForged: a 60-s take of a dancer standing still, a share of its track the reference's poses");
    const honestScore = scoreOf(referenceTrack, stillHonest, stillInfo);
    const forgedRows = SHARES.map((share) => {
      const caught = (["stretch", "scattered"] as const).map((kind) => {
        let refused = 0;
        for (let i = 0; i < DRAWS; i++)
          if (
            !check(
              forgedTrack(stillHonest, referenceCompact, forgedFrames(stillHonest.frames.length, share, kind)),
              stillInfo,
              stillAll,
            )
          )
            refused++;
        return refused / DRAWS;
      });
      const used = Array.from({ length: 5 }, () =>
        scoreOf(
          referenceTrack,
          forgedTrack(stillHonest, referenceCompact, forgedFrames(stillHonest.frames.length, share, "stretch")),
          stillInfo,
        ),
      );
      return [pct(share), pct(caught[0] as number), pct(caught[1] as number), median(used).toFixed(1)];
    });
    table(
      ["share forged", "caught, one stretch", "caught, scattered frames", `score if used (honest ${honestScore})`],
      forgedRows,
    );

    console.log("\nHonest: the dancing take's own track, refused by how many checks");
    table(
      ["track", "refused"],
      [
        ["dense (7 poses/s)", pct(refusedShare(honest, takeInfo, takeAll))],
        ["blended from 5 poses/s", pct(refusedShare(blended(honest, 5), takeInfo, takeAll))],
        ["blended from 3.5 poses/s", pct(refusedShare(blended(honest, 3.5), takeInfo, takeAll))],
      ],
    );

    const seconds = honest.frames.length / honest.fps;
    const perMinute = (cpu: number) => ((60 * cpu) / seconds).toFixed(1);
    console.log(`\nCost on the ${seconds.toFixed(1)}-s dancing take (CPU s: this process and ffmpeg)`);
    table(
      ["work", "wall s", "CPU s", "CPU s per minute of take"],
      [
        ...costs.map((c, i) => [
          `the check, run ${i + 1} (${c.value.check.ok ? "passed" : `refused: ${c.value.check.ok || c.value.check.reason}`})`,
          c.wall.toFixed(1),
          c.cpu.toFixed(1),
          perMinute(c.cpu),
        ]),
        ["full analysis (every frame)", full.wall.toFixed(1), full.cpu.toFixed(1), perMinute(full.cpu)],
      ],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(" | ")} |`;
  console.log(line(head));
  console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
  for (const r of rows) console.log(line(r));
}

await main();
