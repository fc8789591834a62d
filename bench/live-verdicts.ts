/**
 * Live verdicts while dancing along (issue 24): dance-along takes of real dance (AIST++ freestyle
 * keypoints, made into takes as a recording would differ: another camera, a lead-in, late or early
 * stretches, a frozen stretch, danced mirror-wise) fed to the live scorer pose by pose, against the
 * server's comparison of the same take. Prints, per take: how many verdicts said as each move ended
 * agree with the server's (and after the take, for the record), the live and server scores, when each
 * verdict was said after the move's end, and the scorer's cost per pose (its frames per second on
 * one core of this machine, as the browser's scoring worker runs it).
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
import { trackFromPoints } from "../packages/motion/src/track-input.ts";
import type { PoseTrack } from "../packages/motion/src/types.ts";
import {
  hasAist,
  LIVE_DANCES,
  LIVE_TAKES,
  performance,
  type TakeRecipe,
  takeTrack,
} from "../packages/motion/test-support/live-takes.ts";
import { mirrorTrack } from "../packages/motion/test-support/perturb.ts";

if (!hasAist) {
  console.log("AIST++ tracks not found under ../shared/fixtures/tracks; nothing to measure.");
  process.exit(0);
}

const TAKES: Record<string, { recipe: TakeRecipe; mirrored?: boolean }> = {
  clean: { recipe: LIVE_TAKES.clean },
  late: { recipe: LIVE_TAKES.late },
  frozen: { recipe: LIVE_TAKES.flawed },
  mirrored: { recipe: LIVE_TAKES.mirrored, mirrored: true },
};

const pct = (v: number) => `${(100 * v).toFixed(1)} %`;
const quantile = (v: number[], q: number) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(q * v.length))] ?? NaN;

const rows: string[][] = [];
const allLatency: number[] = [];
const allCost: number[] = [];
for (const dance of LIVE_DANCES) {
  const ref = trackFromPoints(performance(dance));
  // What the browser receives: the analysis through JSON.
  const analysis = JSON.parse(JSON.stringify(analyseReference(ref))) as ReferenceAnalysis;
  for (const [name, { recipe, mirrored }] of Object.entries(TAKES)) {
    let user: PoseTrack = takeTrack(performance(dance), recipe);
    if (mirrored) user = mirrorTrack(user);
    const server = compareTracks(ref, user, { style: "hip_hop", takeOffset: recipe.takeOffset });
    const scorer = new LiveScorer(analysis, { takeOffset: recipe.takeOffset, width: user.width, height: user.height });
    const said: LiveMove[] = [];
    const cost: number[] = [];
    for (const f of user.frames) {
      const started = process.hrtime.bigint();
      said.push(...scorer.push(f));
      cost.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    said.push(...scorer.finish());
    const agree = (moves: readonly LiveMove[]) =>
      server.moves.filter((m) => moves[m.index]?.verdict === m.verdict).length / server.moves.length;
    // After the move's end as danced, or the teacher's end (on the take's clock), whichever came first.
    const latency = said.flatMap((m) => {
      if (m.user_start_s === null) return [];
      const dancer = m.judged_at_s - (m.user_start_s + m.end_s - m.start_s);
      const teacher = m.judged_at_s - (recipe.takeOffset + m.end_s);
      return [1000 * Math.min(dancer, teacher)];
    });
    allLatency.push(...latency);
    allCost.push(...cost);
    rows.push([
      dance.slice(1, 3),
      name,
      String(server.moves.length),
      pct(agree(said)),
      pct(agree(scorer.moves)),
      String(scorer.score()?.overall ?? "–"),
      String(server.overall_score),
      `${Math.round(quantile(latency, 0.5))} / ${Math.round(Math.max(...latency))}`,
      `${quantile(cost, 0.5).toFixed(2)} / ${quantile(cost, 0.99).toFixed(1)}`,
    ]);
  }
}

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
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join("  ");
console.log(
  `Live verdicts against the server — load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(line(head));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const r of rows) console.log(line(r));
const meanCost = allCost.reduce((a, b) => a + b, 0) / allCost.length;
console.log(
  `\nAll takes: verdicts said ${Math.round(quantile(allLatency, 0.5))} ms (median), ${Math.round(Math.max(...allLatency))} ms (max) after the move's end, ${pct(allLatency.filter((l) => l <= 150).length / allLatency.length)} within 150 ms; the scorer takes ${meanCost.toFixed(2)} ms a pose on average (${Math.round(1000 / meanCost)} poses/s on one core), p99 ${quantile(allCost, 0.99).toFixed(1)} ms.`,
);
