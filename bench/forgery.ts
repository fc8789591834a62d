/**
 * How sure the fast path's check (packages/motion/src/verify-track.ts) is to catch a forged pose
 * track, what a forgery would show as a quick result, what the check costs, and what it costs honest takes.
 *
 *   node --import tsx bench/forgery.ts            (DRAWS=300 by default: checks per row)
 *
 * Two 60-s dance-along takes (bench/fast-path.ts's framing: another room, a 0.5-s lead-in, VP8 in
 * WebM) against dance_woman_room looped to 59.5 s: the dancer dancing it, and the same dancer
 * standing still. The server's poses of every frame of both takes are estimated once; each check
 * then draws its samples as the server does (a secure random source, one inside every move of the
 * result the track gives and the rest anywhere) and judges the track on them, the frames around a
 * sample that disagrees looked up as the server would estimate them.
 *
 * What is stored is always the server's own analysis of the take (the comparison job): a track the
 * check lets through only shows a quick result while that analysis runs. The check decides what that
 * quick result may show.
 *
 * - Forged: the still take's honest track with some of its frames replaced by the reference's
 *   poses on the take's clock: one whole move, one stretch at a random place, frames scattered at
 *   random, or only both forearms (elbows and wrists) of a stretch; "fitted": the reference's pose
 *   moved onto the dancer's own body first (torso centre and size), as a careful forger would. A
 *   check "catches" a forgery when it refuses the track (no quick result: the page waits for the
 *   video's analysis). Each row: PLACES forgeries, DRAWS / PLACES checks each; "if used" is the
 *   median score such a track gives, "quick result" the mean and worst of what the checks let show.
 * - Honest: the dancing take as a browser tracks it (MoveNet's poses of the camera's picture at 30,
 *   5 and 3.5 a second, through TakeFrames as the web app makes its track): how often a check
 *   refuses it, and how many frames it estimates.
 * - Cost: verifyTakeTrack on the dancing take (its result computed for the moves, the video decoded
 *   to its end, the samples estimated), CPU seconds of this process and its ffmpeg, against the
 *   take's full analysis.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { analyzeVideo, DEFAULTS } from "../packages/motion/src/analyze.ts";
import { compactTrack } from "../packages/motion/src/compact-track.ts";
import { compareTracks } from "../packages/motion/src/compare.ts";
import { MOVENET_RULE, TakeFrames } from "../packages/motion/src/live/take-frames.ts";
import { COCO_KEYPOINTS } from "../packages/motion/src/pose/keypoints.ts";
import { poseAdapter } from "../packages/motion/src/pose/models.ts";
import { estimatePoses, type RawPose, shutdownPosePool } from "../packages/motion/src/pose/pool.ts";
import type { CompactTrack, PoseFrame, PoseTrack } from "../packages/motion/src/types.ts";
import { movesDanced } from "../packages/motion/src/verify-track-compare.ts";
import {
  judgeTrack,
  moveTicks,
  type Reestimated,
  reestimate,
  sampleFrames,
  TRACK_CHECK,
  takeTrackOf,
  tooSparse,
  verifyTakeTrack,
} from "../packages/motion/src/verify-track.ts";
import { decodedSize, decodeFrames } from "../packages/motion/src/video/decode.ts";
import { probeVideo, type VideoInfo } from "../packages/motion/src/video/probe.ts";
import { ffmpeg } from "../packages/motion/test-support/fixtures.ts";
import { median } from "./quality/stats.ts";

const repoRoot = path.resolve(import.meta.dirname, "..");
const fixtures = process.env.STEPSYNC_FIXTURES ?? path.resolve(repoRoot, "..", "shared", "fixtures");
const dance = path.join(fixtures, "dev", "dance_woman_room.mp4");
const DRAWS = Number(process.env.DRAWS ?? 300);
/** Checks of each honest track (HONEST_DRAWS, DRAWS unless given). */
const HONEST_DRAWS = Number(process.env.HONEST_DRAWS ?? DRAWS);
const PLACES = 10;
const LEAD_IN_S = 0.5;
const FRAMING = "scale=420:404,pad=640:480:150:50";
const MODEL = DEFAULTS.model;
const FOREARMS = [7, 8, 9, 10];

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

/** The take's track as the engine reads it (takeTrackOf), with the model it is checked against. */
function asUser(c: CompactTrack, info: VideoInfo): PoseTrack {
  const shaped = takeTrackOf(c, info);
  if ("reason" in shaped) throw new Error(shaped.reason);
  return { ...shaped.track, model: MODEL, minScore: poseAdapter(MODEL).minKeypointScore };
}

/** What the server would do with a track: its result, and its moves on the track's clock as tick spans. */
function resultOf(reference: PoseTrack, c: CompactTrack, info: VideoInfo) {
  const user = asUser(c, info);
  const result = compareTracks(reference, user, { style: "hip_hop", takeOffset: LEAD_IN_S });
  return { user, score: result.overall_score, moves: moveTicks(movesDanced(result), user.fps, c.frames.length) };
}

/** The browser's track of the camera: MoveNet's poses `rate` a second (the camera frames nearest), through TakeFrames. */
function browserTrack(raw: RawPose[], decoded: { width: number; height: number }, rate: number): CompactTrack {
  const picked: RawPose[] = [];
  for (let j = 0; ; j++) {
    const i = rate >= 30 ? j : Math.round((j / rate) * 30);
    if (i >= raw.length) break;
    picked.push(raw[i] as RawPose);
  }
  const frames = new TakeFrames(DEFAULTS.fps, { rule: MOVENET_RULE, ...decoded });
  const kept: PoseFrame[] = [];
  for (const p of picked) kept.push(...frames.push({ t: p.index / 30, keypoints: p.keypoints, score: p.score }));
  const c = compactTrack({
    version: 1,
    model: "measured",
    keypointNames: [...COCO_KEYPOINTS],
    fps: DEFAULTS.fps,
    width: 640,
    height: 480,
    duration: kept.length / DEFAULTS.fps,
    minScore: 0,
    frames: kept,
    audio: null,
  });
  return rate >= 30 ? c : { ...c, posesPerSecond: rate };
}

/** A forgery: which ticks, which points (all when absent), and whether the reference's pose is moved onto the dancer's body. */
type Forgery = { ticks: Set<number>; points?: readonly number[]; fitted?: boolean };

/** The still take's track with the forgery's ticks the reference's pose then (the reference starts LEAD_IN_S in). */
function forgedTrack(honest: CompactTrack, reference: CompactTrack, f: Forgery): CompactTrack {
  const lead = Math.round(LEAD_IN_S * honest.fps);
  const frames = honest.frames.map((row, k) => {
    if (!f.ticks.has(k)) return row;
    const ref = reference.frames[Math.max(0, Math.min(reference.frames.length - 1, k - lead))] as number[];
    const [a, b] = [torso(ref), torso(row)];
    const scale = f.fitted ? b.size / a.size : 1;
    const out = [...row];
    for (const i of f.points ?? COCO_KEYPOINTS.map((_, i) => i)) {
      out[1 + 3 * i] = f.fitted ? b.x + ((ref[1 + 3 * i] as number) - a.x) * scale : (ref[1 + 3 * i] as number);
      out[2 + 3 * i] = f.fitted ? b.y + ((ref[2 + 3 * i] as number) - a.y) * scale : (ref[2 + 3 * i] as number);
      out[3 + 3 * i] = ref[3 + 3 * i] as number;
    }
    return out;
  });
  return { ...honest, frames };
}

/** A compact row's torso: the centre of shoulders and hips, and its length (fractions of the width, 4:3). */
function torso(row: number[]) {
  const p = (i: number) => [row[1 + 3 * i] as number, ((row[2 + 3 * i] as number) * 3) / 4] as const;
  const [ls, rs, lh, rh] = [p(5), p(6), p(11), p(12)];
  const size = (Math.hypot(ls[0] - lh[0], ls[1] - lh[1]) + Math.hypot(rs[0] - rh[0], rs[1] - rh[1])) / 2;
  return { x: (ls[0] + rs[0] + lh[0] + rh[0]) / 4, y: ((ls[1] + rs[1] + lh[1] + rh[1]) / 4) * (4 / 3), size };
}

const stretch = (count: number, share: number) => {
  const n = Math.max(1, Math.round(share * count));
  const from = anyBelow(count - n + 1);
  return new Set(Array.from({ length: n }, (_, i) => from + i));
};
const scattered = (count: number, share: number) => {
  const all = Array.from({ length: count }, (_, i) => i);
  const n = Math.max(1, Math.round(share * count));
  for (let i = 0; i < n; i++) {
    const j = i + anyBelow(count - i);
    [all[i], all[j]] = [all[j] as number, all[i] as number];
  }
  return new Set(all.slice(0, n));
};
const oneMove = (moves: Array<[number, number]>) => {
  const [from, to] = moves[anyBelow(moves.length)] as [number, number];
  return new Set(Array.from({ length: to - from + 1 }, (_, i) => from + i));
};

/** One check of a track as the server runs it, the server's poses looked up from those of every frame. */
async function checkOnce(
  user: PoseTrack,
  sent: number,
  moves: Array<[number, number]>,
  all: Reestimated,
  sparse: boolean,
  posesPerSecond?: number,
) {
  const pick = (indexes: readonly number[]) =>
    new Map(indexes.flatMap((i) => (all.poses.has(i) ? [[i, all.poses.get(i) as RawPose] as const] : [])));
  const samples = sampleFrames(sent, { moves: sparse ? [] : moves });
  const first = { ...all, poses: pick(samples.indexes) };
  return judgeTrack(user, samples, first, async (indexes) => pick(indexes), { sent, sparse, posesPerSecond });
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

async function main(): Promise<void> {
  if (!existsSync(dance)) {
    console.log(`forgery bench: fixtures not found under ${fixtures}; nothing measured.`);
    return;
  }
  // FORGERY_CACHE=dir keeps the takes and every frame's poses there, so a run after a change of the
  // check's constants starts at the checks (COST=0 skips the timed checks too).
  const cacheDir = process.env.FORGERY_CACHE;
  const dir = cacheDir ?? (await mkdtemp(path.join(tmpdir(), "stepsync-bench-forgery-")));
  await mkdir(dir, { recursive: true });
  try {
    const reference = path.join(dir, "reference-60s.mp4");
    const camera = path.join(dir, "camera-60s.mp4");
    const take = path.join(dir, "take-60s.webm");
    const still = path.join(dir, "still.png");
    const stillTake = path.join(dir, "still-60s.webm");
    const estimates = path.join(dir, "estimates.json");
    const x264 = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"];
    const vp8 = ["-c:v", "libvpx", "-b:v", "1M", "-deadline", "realtime", "-cpu-used", "8", "-an"];
    if (!existsSync(stillTake)) {
      await ffmpeg(["-y", "-stream_loop", "-1", "-i", dance, "-t", "59.5", ...x264, "-c:a", "aac", reference]);
      await ffmpeg(
        ["-y", "-i", reference, "-vf", `tpad=start_duration=${LEAD_IN_S}:start_mode=clone,${FRAMING}`].concat([
          "-r",
          "30",
          "-crf",
          "8",
          ...x264,
          "-an",
          camera,
        ]),
      );
      await ffmpeg(["-y", "-i", camera, ...vp8, take]);
      await ffmpeg(["-y", "-i", dance, "-vf", FRAMING, "-frames:v", "1", still]);
      await ffmpeg(["-y", "-loop", "1", "-framerate", "30", "-i", still, "-t", "60", ...vp8, stillTake]);
    }

    const [takeInfo, stillInfo, cameraInfo] = await Promise.all([
      probeVideo(take),
      probeVideo(stillTake),
      probeVideo(camera),
    ]);
    const decoded = decodedSize(cameraInfo, DEFAULTS.maxSide);
    const every = (count: number) => Array.from({ length: count }, (_, i) => i);
    const measure = async () => {
      const referenceTrack = await analyzeVideo(reference);
      // What the browser's MoveNet saw: every camera frame (30 a second), as the browser estimates them.
      const raw = await estimatePoses(decodeFrames(camera, cameraInfo, { fps: 30, maxSide: DEFAULTS.maxSide }), MODEL, {
        chunkFrames: DEFAULTS.chunkFrames,
        priority: 0,
      });
      const full = await timed(() => analyzeVideo(take));
      const stillHonest = compactTrack(await analyzeVideo(stillTake));
      const takeAll = await reestimate(take, takeInfo, every(Math.ceil(takeInfo.duration * DEFAULTS.fps) + 2));
      const stillAll = await reestimate(stillTake, stillInfo, every(Math.ceil(stillInfo.duration * DEFAULTS.fps) + 2));
      return { referenceTrack, raw, full: { wall: full.wall, cpu: full.cpu }, stillHonest, takeAll, stillAll };
    };
    const fromCache = cacheDir && existsSync(estimates);
    const measured = fromCache
      ? thaw<Awaited<ReturnType<typeof measure>>>(await readFile(estimates, "utf8"))
      : await measure();
    if (cacheDir && !fromCache) await writeFile(estimates, freeze(measured));
    const { referenceTrack, raw, full, stillHonest, takeAll, stillAll } = measured;
    const referenceCompact = compactTrack(referenceTrack);
    const honest = [30, 5, 3.5].map((rate) => ({ rate, track: browserTrack(raw, decoded, rate) }));
    // Warm (the pose workers started), then the check as the server runs it (the result computed for
    // its moves, then the video read and its samples estimated), three times each for two tracks.
    const costs = [];
    if (process.env.COST !== "0")
      for (const h of [honest[0], honest[2]].flatMap((x) => (x ? [x] : [])))
        for (let i = 0; i < 3; i++)
          costs.push({
            rate: h.rate,
            ...(await timed(() =>
              verifyTakeTrack(take, takeInfo, h.track, {
                movesOf: async (track) =>
                  movesDanced(
                    compareTracks(
                      referenceTrack,
                      { ...track, model: MODEL, minScore: poseAdapter(MODEL).minKeypointScore },
                      { style: "hip_hop", takeOffset: LEAD_IN_S },
                    ),
                  ),
              }),
            )),
          });
    await shutdownPosePool();

    console.log(
      `${availableParallelism()} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} · ${DRAWS} checks a row, ${TRACK_CHECK.samples} samples each (one inside every move, ` +
        `at least ${TRACK_CHECK.anywhere} anywhere), a disagreeing sample judged with ±${TRACK_CHECK.window} ticks`,
    );
    const standing = resultOf(referenceTrack, stillHonest, stillInfo);
    const count = stillHonest.frames.length;
    console.log(
      `\nForged: a 60-s take of a dancer standing still (${standing.moves.length} moves; honest score ${standing.score}), ` +
        "part of its track the reference's poses",
    );
    const rows: Array<[string, () => Forgery]> = [
      ["one whole move", () => ({ ticks: oneMove(standing.moves) })],
      ...[0.02, 0.05, 0.1, 0.2].map((s): [string, () => Forgery] => [
        `one stretch, ${pct(s)}`,
        () => ({ ticks: stretch(count, s) }),
      ]),
      ...[0.02, 0.05, 0.1].map((s): [string, () => Forgery] => [
        `scattered frames, ${pct(s)}`,
        () => ({ ticks: scattered(count, s) }),
      ]),
      ...[0.1, 0.5, 1].map((s): [string, () => Forgery] => [
        `both forearms only, ${pct(s)}`,
        () => ({ ticks: stretch(count, s), points: FOREARMS }),
      ]),
      ["fitted, one whole move", () => ({ ticks: oneMove(standing.moves), fitted: true })],
      ...[0.05, 0.2].map((s): [string, () => Forgery] => [
        `fitted, one stretch, ${pct(s)}`,
        () => ({ ticks: stretch(count, s), fitted: true }),
      ]),
      ["fitted, scattered frames, 5.0 %", () => ({ ticks: scattered(count, 0.05), fitted: true })],
      ...[0.3, 1].map((s): [string, () => Forgery] => [
        `fitted, both forearms, ${pct(s)}`,
        () => ({ ticks: stretch(count, s), points: FOREARMS, fitted: true }),
      ]),
      // Every other frame: each forged frame has an honest one a tick either side.
      ...[0.2, 1].map((s): [string, () => Forgery] => [
        `fitted, both forearms, every other frame of ${pct(s)}`,
        () => ({ ticks: new Set([...stretch(count, s)].filter((k) => k % 2 === 0)), points: FOREARMS, fitted: true }),
      ]),
    ];
    const forgedRows: string[][] = [];
    for (const [name, make] of rows) {
      let caught = 0;
      const used: number[] = [];
      const shown: number[] = [];
      const added: number[] = [];
      for (let p = 0; p < PLACES; p++) {
        const forged = resultOf(referenceTrack, forgedTrack(stillHonest, referenceCompact, make()), stillInfo);
        used.push(forged.score);
        const n = Math.round(DRAWS / PLACES);
        for (let i = 0; i < n; i++) {
          const check = await checkOnce(forged.user, count, forged.moves, stillAll, false);
          if (!check.ok) caught++;
          else added.push(forged.score - standing.score);
          shown.push(check.ok ? forged.score : standing.score);
        }
      }
      forgedRows.push([
        name,
        pct(caught / shown.length),
        median(used).toFixed(1),
        (shown.reduce((a, b) => a + b, 0) / shown.length).toFixed(1),
        Math.max(...shown).toFixed(1),
        added.length ? `${Math.max(...added).toFixed(1)} / ${median(added).toFixed(1)}` : "–",
      ]);
      console.log(`  ${name}: ${pct(caught / shown.length)} caught`);
    }
    table(
      [
        "forged",
        "caught",
        "score if used",
        "quick result: mean",
        "quick result: worst",
        "uncaught: points added max / median",
      ],
      forgedRows,
    );

    console.log("\nHonest: the dancing take's track as a browser makes it, refused by how many checks");
    const honestRows: string[][] = [];
    for (const { rate, track } of honest) {
      const danced = resultOf(referenceTrack, track, takeInfo);
      const sparse = tooSparse(track, track.fps);
      let refused = 0;
      const estimated: number[] = [];
      const reasons = new Map<string, number>();
      for (let i = 0; i < HONEST_DRAWS; i++) {
        const check = await checkOnce(
          danced.user,
          track.frames.length,
          danced.moves,
          takeAll,
          sparse,
          track.posesPerSecond,
        );
        estimated.push(check.estimated ?? 0);
        if (!check.ok) {
          refused++;
          const key = check.reason.replace(/\(at .*\)/, "").replace(/[0-9.]+/g, "n");
          reasons.set(key, (reasons.get(key) ?? 0) + 1);
        }
      }
      honestRows.push([
        `${rate} poses/s`,
        `${pct(refused / HONEST_DRAWS)} (${refused} of ${HONEST_DRAWS})`,
        median(estimated).toFixed(0),
        Math.max(...estimated).toFixed(0),
        [...reasons].map(([r, n]) => `${n}× ${r}`).join("; ") || "–",
      ]);
    }
    table(["track", "refused", "frames estimated: median", "most", "why refused"], honestRows);

    const seconds = takeInfo.duration;
    const perMinute = (cpu: number) => ((60 * cpu) / seconds).toFixed(1);
    console.log(`\nCost on the ${seconds.toFixed(1)}-s dancing take (CPU s: this process and ffmpeg)`);
    table(
      ["work", "wall s", "CPU s", "CPU s per minute of take"],
      [
        ...costs.map((c, i) => [
          `the check, ${c.rate} poses/s, run ${(i % 3) + 1} (${c.value.check.ok ? "passed" : `refused: ${c.value.check.ok || c.value.check.reason}`}; ${c.value.check.estimated} frames)`,
          c.wall.toFixed(1),
          c.cpu.toFixed(1),
          perMinute(c.cpu),
        ]),
        ["full analysis (every frame)", full.wall.toFixed(1), full.cpu.toFixed(1), perMinute(full.cpu)],
      ],
    );
  } finally {
    if (!cacheDir) await rm(dir, { recursive: true, force: true });
  }
}

/** The measured poses as JSON (a RawPose's keypoints are a Float32Array, the server's poses a Map). */
function freeze(value: unknown): string {
  return JSON.stringify(value, (_, v) =>
    v instanceof Float32Array ? { f32: [...v] } : v instanceof Map ? { map: [...v] } : v,
  );
}

function thaw<T>(text: string): T {
  return JSON.parse(text, (_, v) =>
    Array.isArray(v?.f32) ? Float32Array.from(v.f32) : Array.isArray(v?.map) ? new Map(v.map) : v,
  ) as T;
}

function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(" | ")} |`;
  console.log(line(head));
  console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
  for (const r of rows) console.log(line(r));
}

await main();
