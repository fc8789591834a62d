/**
 * Live verdicts while dancing along: dance-along takes of real dance (AIST++ freestyle
 * keypoints at 30 fps, made into takes as a recording would differ: another camera, a lead-in, late
 * or early stretches, a frozen stretch, danced mirror-wise) fed to the live scorer pose by pose, at
 * the rate the browser reads a take whose poses arrive at 30 a second (takeReadingRate), against the
 * server's comparison of the same take (read at the analysis rate). Prints, per take: how many
 * verdicts said as each move ended agree with the server's (and after the take, for the record), the
 * live and server scores, when each verdict was said after the move's end, and the scorer's cost per
 * pose (as the browser's scoring worker runs it, on one core of this machine); then the same in sum
 * for poses arriving 15 and 7 a second.
 *
 *   node --import tsx bench/live-verdicts.ts
 */
import { loadavg } from "node:os";
import { compareTracks } from "../packages/motion/src/index.ts";
import {
  analyseReference,
  type LiveMove,
  LiveScorer,
  type ReferenceAnalysis,
} from "../packages/motion/src/live/index.ts";
import { takeReadingRate } from "../packages/motion/src/live/scorer.ts";
import { trackFromPoints } from "../packages/motion/src/track-input.ts";
import type { PoseTrack } from "../packages/motion/src/types.ts";
import { quantile } from "./quality/stats.ts";
import {
  exitWithoutAist,
  LIVE_DANCES,
  LIVE_TAKES,
  performance,
  type TakeRecipe,
  takeOf,
  takeTrack,
} from "../packages/motion/test-support/live-takes.ts";
import { mirrorTrack } from "../packages/motion/test-support/perturb.ts";

exitWithoutAist();

const TAKES: Record<string, { recipe: TakeRecipe; mirrored?: boolean }> = {
  clean: { recipe: LIVE_TAKES.clean },
  late: { recipe: LIVE_TAKES.late },
  frozen: { recipe: LIVE_TAKES.flawed },
  mirrored: { recipe: LIVE_TAKES.mirrored, mirrored: true },
};

const pct = (v: number) => `${(100 * v).toFixed(1)} %`;

/** Every take of every dance, scored live with poses arriving `posesPerSecond` a second. */
function measure(posesPerSecond: number) {
  const rows: string[][] = [];
  const latency: number[] = [];
  const cost: number[] = [];
  let agreeing = 0;
  let moves = 0;
  let scoreGap = 0;
  let fps = 0;
  for (const dance of LIVE_DANCES) {
    const ref = trackFromPoints(performance(dance));
    // What the browser receives: the analysis through JSON.
    const analysis = JSON.parse(JSON.stringify(analyseReference(ref))) as ReferenceAnalysis;
    fps = takeReadingRate(ref.fps, posesPerSecond);
    for (const [name, { recipe, mirrored }] of Object.entries(TAKES)) {
      let user: PoseTrack = takeTrack(performance(dance), recipe);
      let live: PoseTrack = trackFromPoints(takeOf(performance(dance), recipe), { fps: Math.min(30, posesPerSecond) });
      if (mirrored) {
        user = mirrorTrack(user);
        live = mirrorTrack(live);
      }
      const server = compareTracks(ref, user, { style: "hip_hop", takeOffset: recipe.takeOffset });
      const scorer = new LiveScorer(analysis, {
        takeOffset: recipe.takeOffset,
        fps,
        width: live.width,
        height: live.height,
      });
      const said: LiveMove[] = [];
      const costs: number[] = [];
      /**
       * Per move said, how long after its pose was taken the scorer answered it (ms): as the scoring
       * worker runs, a pose waits for the poses before it to be scored, then for its own scoring.
       */
      const working = new Map<number, number>();
      let busyUntil = 0;
      for (const f of live.frames) {
        const started = process.hrtime.bigint();
        const now = scorer.push(f);
        const cost = Number(process.hrtime.bigint() - started) / 1e6;
        costs.push(cost);
        busyUntil = Math.max(busyUntil, 1000 * f.t) + cost;
        for (const m of now) working.set(m.index, busyUntil - 1000 * f.t);
        said.push(...now);
      }
      said.push(...scorer.finish());
      const agree = (list: readonly LiveMove[]) =>
        server.moves.filter((m) => list[m.index]?.verdict === m.verdict).length / server.moves.length;
      // After the move's end as danced, or the teacher's end (on the take's clock), whichever came
      // first: the take's time when the pose that said it was taken, plus the time until it was scored.
      const after = said.flatMap((m) => {
        if (m.user_start_s === null) return [];
        const dancer = m.judged_at_s - (m.user_start_s + m.end_s - m.start_s);
        const teacher = m.judged_at_s - (recipe.takeOffset + m.end_s);
        return [1000 * Math.min(dancer, teacher) + (working.get(m.index) ?? 0)];
      });
      latency.push(...after);
      cost.push(...costs);
      agreeing += agree(said) * server.moves.length;
      moves += server.moves.length;
      scoreGap = Math.max(scoreGap, Math.abs((scorer.score()?.overall ?? 0) - server.overall_score));
      rows.push([
        dance.slice(1, 3),
        name,
        String(server.moves.length),
        pct(agree(said)),
        pct(agree(scorer.moves)),
        String(scorer.score()?.overall ?? "–"),
        String(server.overall_score),
        `${Math.round(quantile(after, 0.5))} / ${Math.round(Math.max(...after))}`,
        `${quantile(costs, 0.5).toFixed(2)} / ${quantile(costs, 0.99).toFixed(1)}`,
      ]);
    }
  }
  const meanCost = cost.reduce((a, b) => a + b, 0) / cost.length;
  const summary = `Poses ${posesPerSecond} a second, read at ${fps} fps: verdicts said ${Math.round(quantile(latency, 0.5))} ms (median), ${Math.round(Math.max(...latency))} ms (max) after the move's end, ${pct(latency.filter((l) => l <= 150).length / latency.length)} within 150 ms; ${pct(agreeing / moves)} as the server's; scores at most ${scoreGap.toFixed(1)} apart; the scorer takes ${meanCost.toFixed(2)} ms a pose on average (${Math.round(1000 / meanCost)} poses/s on one core), p99 ${quantile(cost, 0.99).toFixed(1)} ms.`;
  return { rows, summary };
}

const camera = measure(30);
const head = [
  "dance",
  "take",
  "moves",
  "said = server",
  "after = server",
  "live",
  "server",
  "said after end ms (med / max)",
  "ms per pose (med / p99)",
];
const widths = head.map((h, i) => Math.max(h.length, ...camera.rows.map((r) => (r[i] as string).length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join("  ");
console.log(
  `Live verdicts against the server — load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(line(head));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const r of camera.rows) console.log(line(r));
console.log(`\n${camera.summary}`);
for (const rate of [15, 7]) console.log(measure(rate).summary);
