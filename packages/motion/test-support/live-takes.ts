/**
 * Dance-along takes for the live scorer's tests, made from real keypoint tracks (AIST++ freestyle,
 * ../shared/fixtures/tracks): the reference's performance recorded as a take would be — started
 * `takeOffset` s before the reference played, framed by another camera, with pose noise, danced late
 * or early in stretches, a limb wrong or frozen in others — through the track input, as the server
 * reads a recorded take. Test support only (reads files).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readCoco2d } from "../../../bench/quality/tracks/aist.ts";
import { bendLimb } from "./perturb.ts";
import { fixturesDir } from "./fixtures.ts";
import { type MeasuredPoints, trackFromPoints } from "../src/track-input.ts";
import type { PoseTrack } from "../src/types.ts";

const tracksDir = join(fixturesDir, "tracks");
export const hasAist = existsSync(join(tracksDir, "aist", "coco2d"));

/** For a benchmark: ends the process, saying why, when the AIST++ tracks are not there. */
export function exitWithoutAist(): void {
  if (hasAist) return;
  console.log("AIST++ tracks not found under ../shared/fixtures/tracks; nothing to measure.");
  process.exit(0);
}

/** A freestyle performance (coco2d name), as measured points at 30 fps. */
export function performance(name: string): MeasuredPoints {
  return readCoco2d(tracksDir, name);
}

export interface TakeRecipe {
  /** Take seconds at which the reference starts playing (the dancer stands still before). */
  takeOffset: number;
  /** Seconds late (+) or early (−) the dancer is, by reference time: [from, to, seconds]. */
  late?: Array<[number, number, number]>;
  /** Reference stretches the dancer holds still through (the pose at its start): [from, to]. */
  frozen?: Array<[number, number]>;
  /** Pose noise, pixels (deterministic). */
  noise?: number;
  /** Another camera: scale and shift of the picture. */
  framing?: { scale: number; dx: number; dy: number };
}

/** Deterministic noise in −1…1. */
function jitter(i: number): number {
  const x = Math.sin(i * 12.9898 + 78.233) * 43758.5453;
  return 2 * (x - Math.floor(x)) - 1;
}

/** The take of `perf` as the recipe says, 1 s longer than the routine after it. */
export function takeOf(perf: MeasuredPoints, r: TakeRecipe): MeasuredPoints {
  const duration = perf.frames.length / perf.fps;
  const count = Math.round((r.takeOffset + duration + 1) * perf.fps);
  const { scale, dx, dy } = r.framing ?? { scale: 1, dx: 0, dy: 0 };
  const lateAt = (t: number) => r.late?.find(([a, b]) => t >= a && t < b)?.[2] ?? 0;
  const frames = Array.from({ length: count }, (_, i) => {
    // Reference time the dancer is at: the take's clock, minus how late they are there.
    let t = i / perf.fps - r.takeOffset;
    t -= lateAt(t);
    const hold = r.frozen?.find(([a, b]) => t >= a && t < b);
    if (hold) t = hold[0];
    const src = perf.frames[Math.max(0, Math.min(perf.frames.length - 1, Math.round(t * perf.fps)))] ?? [];
    return src.map((p, k) =>
      p
        ? ([
            p[0] * scale + dx + (r.noise ?? 0) * jitter(i * 34 + k * 2),
            p[1] * scale + dy + (r.noise ?? 0) * jitter(i * 34 + k * 2 + 1),
          ] as const)
        : null,
    );
  });
  return { ...perf, frames };
}

/** A take as the server reads a recorded one: through the track input; `bent` bends a limb in stretches (take seconds). */
export function takeTrack(
  perf: MeasuredPoints,
  r: TakeRecipe,
  bent: Array<{ point: number; pivot: number; degrees: number; from: number; to: number }> = [],
): PoseTrack {
  let track = trackFromPoints(takeOf(perf, r));
  for (const b of bent) track = bendLimb(track, b);
  return track;
}

/** Three dancers, three genres (house, krump, middle hip-hop), 32–48 s each. */
export const LIVE_DANCES = ["gHO_sFM_cAll_d19_mHO0_ch01", "gKR_sFM_cAll_d28_mKR0_ch01", "gMH_sFM_cAll_d22_mMH0_ch01"];

/** The dance-along takes the live scorer is checked on (its tests and bench/live-verdicts.ts). */
export const LIVE_TAKES: Record<"clean" | "late" | "flawed" | "mirrored", TakeRecipe> = {
  // Another camera, a lead-in before the reference plays.
  clean: { takeOffset: 1.2, noise: 2, framing: { scale: 0.8, dx: 150, dy: 120 } },
  // Late through one stretch, early through another, slightly late in a third.
  late: {
    takeOffset: 0.8,
    noise: 3,
    late: [
      [6, 14, 0.3],
      [18, 24, -0.2],
      [26, 30, 0.12],
    ],
  },
  // A frozen stretch and one a quarter second late (Good, not Great; the tests bend a forearm 60° wrong in it too).
  flawed: { takeOffset: 1.5, noise: 3, frozen: [[10, 13]], late: [[20, 26, 0.25]] },
  // Danced mirror-wise (the tests and bench mirror the track), as a dancer facing a mirrored teacher may.
  mirrored: { takeOffset: 1, noise: 2 },
};
