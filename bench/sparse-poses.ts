/**
 * How far a take's track from a device that estimates poses sparsely can stand for the server's own
 * analysis of the take (the fast path, verify-track.ts `TRACK_CHECK.minPosesShare`): dance-along takes
 * of real dance (AIST++ freestyle, as bench/live-verdicts.ts makes them: clean, late and early
 * stretches, a frozen stretch), their poses arriving N a second and made into analysis frames as the
 * browser makes them (TakeFrames: the pose at each tick, blended from the two either side; the
 * device's poses fall on the ticks, or a third or two thirds of a gap after them), compared with the
 * reference; against the comparison of the take read at the analysis rate. Prints, per rate: how far
 * each move's timing is from the full analysis's, how many verdicts are the same, and how far apart
 * the scores are.
 *
 *   node --import tsx bench/sparse-poses.ts
 */
import { loadavg } from "node:os";
import { DEFAULTS } from "../packages/motion/src/analyze.ts";
import { compareTracks } from "../packages/motion/src/index.ts";
import { TakeFrames } from "../packages/motion/src/live/take-frames.ts";
import { trackFromPoints } from "../packages/motion/src/track-input.ts";
import type { ComparisonResult, PoseTrack } from "../packages/motion/src/types.ts";
import { TRACK_CHECK } from "../packages/motion/src/verify-track.ts";
import { quantile } from "./quality/stats.ts";
import {
  exitWithoutAist,
  LIVE_DANCES,
  LIVE_TAKES,
  performance,
  takeOf,
  takeTrack,
} from "../packages/motion/test-support/live-takes.ts";

exitWithoutAist();

const RATES = [14, 7, 5, 4, 3.5, 2.5, 2];
const TAKES = ["clean", "late", "flawed"] as const;
/** Where a device's poses fall between the ticks: on them, or a third or two thirds of a gap later. */
const PHASES = [0, 1 / 3, 2 / 3];

const full = new Map<string, ComparisonResult>();
const rows: string[][] = [];
for (const rate of RATES) {
  const gaps: number[] = [];
  let same = 0;
  let moves = 0;
  let scoreGap = 0;
  for (const dance of LIVE_DANCES) {
    const perf = performance(dance);
    const ref = trackFromPoints(perf);
    for (const name of TAKES) {
      const recipe = LIVE_TAKES[name];
      const opts = { style: "hip_hop" as const, takeOffset: recipe.takeOffset };
      const key = `${dance}/${name}`;
      if (!full.has(key)) full.set(key, compareTracks(ref, takeTrack(perf, recipe), opts));
      const server = full.get(key) as ComparisonResult;
      const take = takeOf(perf, recipe);
      for (const phase of PHASES) {
        // The device's poses, N a second from `phase` of the gap between two in, made into the
        // analysis frames the browser sends.
        const skip = Math.round((phase / rate) * take.fps);
        const poses = trackFromPoints({ ...take, frames: take.frames.slice(skip) }, { fps: rate });
        const ticks = new TakeFrames(ref.fps);
        const frames = poses.frames.flatMap((f) => ticks.push({ ...f, t: f.t + skip / take.fps }));
        const sent: PoseTrack = { ...poses, fps: ref.fps, frames, duration: frames.length / ref.fps };
        const fast = compareTracks(ref, sent, opts);
        server.moves.forEach((m, i) => {
          const f = fast.moves[i];
          if (!f) return;
          moves++;
          if (f.verdict === m.verdict) same++;
          if (m.timing_ms !== null && f.timing_ms !== null) gaps.push(Math.abs(f.timing_ms - m.timing_ms));
        });
        scoreGap = Math.max(scoreGap, Math.abs(fast.overall_score - server.overall_score));
      }
    }
  }
  const used = rate >= TRACK_CHECK.minPosesShare * DEFAULTS.fps ? "fast path" : "full analysis";
  rows.push([
    String(rate),
    [quantile(gaps, 0.5), quantile(gaps, 0.9), Math.max(...gaps)].map((v) => Math.round(v)).join(" / "),
    `${((100 * same) / moves).toFixed(1)} %`,
    scoreGap.toFixed(1),
    used,
  ]);
}

const head = [
  "poses/s",
  "timing vs full, ms (median / p90 / max)",
  "verdicts same",
  "scores apart (max)",
  "server uses",
];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join("  ");
console.log(
  `A take's track from sparse poses against the full analysis (${LIVE_DANCES.length} dances × ${TAKES.length} takes) — load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(line(head));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const r of rows) console.log(line(r));
