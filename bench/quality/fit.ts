/**
 * Calibration: fits the engine's judging constants on the calibration set's FIT split and prints
 * them (to copy into packages/motion), with the loss on both splits. The test split is only
 * reported, never searched on: run.ts then measures the targets on it.
 *
 *   node --import tsx bench/quality/fit.ts [--iterations 300] [--seed 1]
 *
 * Each case is aligned once (matchTracks); the search re-judges the stored matches (judgeMatch)
 * under candidate constants: a (1+1) evolution strategy over the constants below, minimising
 * squared shortfalls against the targets with a margin, plus the ladder's order, its moves'
 * verdicts against where the defects are, and the AUC.
 */
import { parseArgs } from "node:util";
import { type Match, matchTracks } from "../../packages/motion/src/compare.ts";
import { judgeMatch } from "../../packages/motion/src/judge-match.ts";
import { shutdownPosePool } from "../../packages/motion/src/index.ts";
import { SCORING, VERDICT_MIN } from "../../packages/motion/src/score/combine.ts";
import { MOVEMENT, POSTURE } from "../../packages/motion/src/score/judge.ts";
import { measureMatch } from "../../packages/motion/src/score/judge.ts";
import {
  evidenceAgainst,
  judgeSameness,
  keptClockOf,
  SAMENESS,
  samenessConfidence,
  samenessEvidence,
  samenessFeatures,
} from "../../packages/motion/src/score/sameness.ts";
import { EMPHASIS, SHAPE } from "../../packages/motion/src/score/shape.ts";
import { clipFile } from "./build.ts";
import { type Case, moveTruth, type Split } from "./cases.ts";
import { pairedGaps } from "./evaluate.ts";
import { loadCases, places } from "./load.ts";
import { auc, quantile, random, spearman } from "./stats.ts";

const { values } = parseArgs({
  options: {
    iterations: { type: "string", default: "300" },
    seed: { type: "string", default: "1" },
  },
});

/** The constants searched, each with its range and whether it moves on a log scale. */
const GROUPS: Record<string, Record<string, number>> = { SHAPE, EMPHASIS, SCORING, MOVEMENT, POSTURE, VERDICT_MIN };
const KNOBS: Array<{ obj: Record<string, number>; key: string; min: number; max: number; log: boolean }> = [
  { obj: SHAPE, key: "D50", min: 20, max: 45, log: true },
  { obj: SHAPE, key: "POWER", min: 2, max: 6, log: true },
  { obj: SHAPE, key: "TRANSIT_SPEED", min: 60, max: 2000, log: true },
  { obj: SHAPE, key: "HEAD_WEIGHT", min: 0.2, max: 1.5, log: true },
  { obj: SHAPE, key: "FACING_WEIGHT", min: 0.2, max: 1.5, log: true },
  { obj: EMPHASIS, key: "STILL", min: 0.05, max: 3, log: true },
  { obj: EMPHASIS, key: "MOVING_SPREAD", min: 0.02, max: 0.6, log: true },
  { obj: SCORING, key: "SHAPE_SHARE", min: 0.5, max: 0.85, log: false },
  { obj: SCORING, key: "TEMPO_SIGMA_FREE", min: 0.177, max: 1, log: true },
  { obj: SCORING, key: "LATE_50_S_FREE", min: 0.25, max: 1, log: true },
  { obj: MOVEMENT, key: "FULL_RATIO", min: 0.5, max: 1, log: false },
  { obj: MOVEMENT, key: "FLOOR", min: 0.1, max: 0.6, log: false },
  { obj: POSTURE, key: "SPARE", min: 1, max: 2.5, log: false },
  { obj: POSTURE, key: "HALF", min: 3, max: 40, log: true },
  { obj: POSTURE, key: "DEPTH_NOISE", min: 0.02, max: 0.4, log: true },
  { obj: VERDICT_MIN, key: "great", min: 70, max: 88, log: false },
  { obj: VERDICT_MIN, key: "good", min: 50, max: 76, log: false },
  { obj: VERDICT_MIN, key: "ok", min: 30, max: 55, log: false },
];
// Not searched: timing's scale is set by the music, not by this footage (SCORING.LATE_50_S: a move
// half a count off at 120 BPM scores 50; TEMPO_SIGMA: 25 % off the pace scores about 45).

/** Aim a little inside each target, so the test split has room. */
const MARGIN = { min: 3, max: 6 };

interface Scored {
  c: Case;
  overall: number;
  shape: number;
  timing: number | null;
  /** Ladder moves whose verdict disagrees with where the defects are (cases.ts moveTruth). */
  wrongVerdicts: number;
}

function judgeAll(matches: Array<{ c: Case; m: Match }>): Scored[] {
  return matches.map(({ c, m }) => {
    const r = judgeMatch(m, "hip_hop");
    const wrongVerdicts = r.moves.filter((mv) => {
      const t = moveTruth(c.truth, mv);
      if (t === "missed") return mv.verdict !== "ok" && mv.verdict !== "miss";
      if (t === "clean") return mv.verdict !== "perfect" && mv.verdict !== "great";
      return false;
    }).length;
    return { c, overall: r.overall_score, shape: r.scores.shape, timing: r.scores.timing, wrongVerdicts };
  });
}

function loss(scored: Scored[]): number {
  let l = 0;
  const short = (v: number, min: number) => Math.max(0, min + MARGIN.min - v) ** 2;
  const over = (v: number, max: number) => Math.max(0, v - (max - MARGIN.max)) ** 2;
  for (const s of scored) {
    const e = s.c.expect;
    for (const [key, v] of [
      ["overall", s.overall],
      ["shape", s.shape],
      ["timing", s.timing ?? 0],
    ] as const) {
      const b = e[key];
      if (!b) continue;
      if (b.min !== undefined) l += short(v, b.min);
      if (b.max !== undefined) l += over(v, b.max);
    }
  }
  // Each ladder move judged against its defect costs as much as a 10-point shortfall.
  for (const s of scored) l += 100 * s.wrongVerdicts;
  // The ladder: more defects, lower score, per source.
  const ladders = new Map<string, Array<[number, number]>>();
  for (const s of scored) {
    const t = s.c.truth.ladder;
    if (!t) continue;
    const list = ladders.get(t.source) ?? [];
    list.push([t.level, s.overall]);
    ladders.set(t.source, list);
  }
  for (const list of ladders.values())
    l +=
      200 *
      (1 -
        spearman(
          list.map((x) => -x[0]),
          list.map((x) => x[1]),
        ));
  // Real people: the same movement done correctly scores high (median and 10th percentile), done
  // incorrectly clearly lower.
  const correct = scored.filter((s) => s.c.group === "people_same").map((s) => s.overall);
  const incorrect = scored.filter((s) => s.c.group === "people_incorrect").map((s) => s.overall);
  if (correct.length) {
    l += scored.length * (short(quantile(correct, 0.5), 85) + short(quantile(correct, 0.1), 75));
    if (incorrect.length) {
      l += scored.length * short(quantile(correct, 0.5) - quantile(incorrect, 0.5), 10);
      l += scored.length * 2000 * Math.max(0, 0.85 - auc(correct, incorrect));
    }
  }
  const same = scored.filter((s) => s.c.truth.same === true && !s.c.truth.incorrect).map((s) => s.overall);
  const different = scored.filter((s) => s.c.truth.same === false).map((s) => s.overall);
  if (same.length && different.length) l += 5000 * (1 - auc(same, different));
  return l / scored.length;
}

/** Whether a pair is the same routine, for the sameness model: copies, tempo changes and incorrect performances are. */
function sameTruth(c: Case): boolean | undefined {
  if (c.truth.same !== undefined) return c.truth.same;
  return c.group === "tempo" || c.group === "ladder" ? true : undefined;
}

/** Case weights: the two classes weigh the same, and within a class every group weighs the same. */
function balancedWeights(items: Array<{ group: string; same: boolean }>): number[] {
  const count = new Map<string, number>();
  const groups = new Map<boolean, Set<string>>([
    [true, new Set()],
    [false, new Set()],
  ]);
  for (const x of items) {
    count.set(`${x.same}/${x.group}`, (count.get(`${x.same}/${x.group}`) ?? 0) + 1);
    groups.get(x.same)?.add(x.group);
  }
  return items.map((x) => 1 / ((count.get(`${x.same}/${x.group}`) ?? 1) * (groups.get(x.same)?.size ?? 1)));
}

/** Weighted logistic regression (bias first), Newton's method with a small ridge on the weights. */
function logisticFit(X: number[][], y: number[], w: number[], ridge = 0.01): number[] {
  const d = (X[0]?.length ?? 0) + 1;
  const beta = new Float64Array(d);
  for (let it = 0; it < 50; it++) {
    const g = new Float64Array(d);
    const H = new Float64Array(d * d);
    X.forEach((row, i) => {
      const x = [1, ...row];
      const p = 1 / (1 + Math.exp(-x.reduce((a, v, k) => a + v * (beta[k] as number), 0)));
      const wi = w[i] as number;
      for (let a = 0; a < d; a++) {
        g[a] = (g[a] as number) + wi * ((y[i] as number) - p) * (x[a] as number);
        for (let b = 0; b < d; b++)
          H[a * d + b] = (H[a * d + b] as number) + wi * p * (1 - p) * (x[a] as number) * (x[b] as number);
      }
    });
    for (let a = 1; a < d; a++) {
      g[a] = (g[a] as number) - ridge * (beta[a] as number);
      H[a * d + a] = (H[a * d + a] as number) + ridge;
    }
    const step = solve(H, g);
    step.forEach((s, k) => {
      beta[k] = (beta[k] as number) + s;
    });
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return [...beta];
}

/** Solves A·x = b for a d × d matrix stored by rows (Gaussian elimination with partial pivoting). */
function solve(A: Float64Array, b: Float64Array): number[] {
  const n = b.length;
  const M = Float64Array.from(A);
  const v = Float64Array.from(b);
  const at = (r: number, c: number) => M[r * n + c] as number;
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(at(r, c)) > Math.abs(at(p, c))) p = r;
    for (let k = 0; k < n; k++) {
      const t = at(c, k);
      M[c * n + k] = at(p, k);
      M[p * n + k] = t;
    }
    [v[c], v[p]] = [v[p] as number, v[c] as number];
    for (let r = c + 1; r < n; r++) {
      const f = at(r, c) / at(c, c);
      for (let k = c; k < n; k++) M[r * n + k] = at(r, k) - f * at(c, k);
      v[r] = (v[r] as number) - f * (v[c] as number);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = v[r] as number;
    for (let k = r + 1; k < n; k++) s -= at(r, k) * (x[k] as number);
    x[r] = s / at(r, r);
  }
  return x;
}

function snapshot(): number[] {
  return KNOBS.map((k) => k.obj[k.key] as number);
}
function restore(v: number[]): void {
  KNOBS.forEach((k, i) => {
    k.obj[k.key] = v[i] as number;
  });
}

// Parts of a long routine are judged on the part danced (compare.ts), which re-judging whole matches does not do.
const loaded = await loadCases((c) => c.group !== "timing" && c.group !== "part");
const matchesOf = (split: Split) =>
  loaded.cases
    .filter((c) => c.split === split)
    .flatMap((c) => {
      const ref = loaded.tracks.get(clipFile(c.ref, places));
      const user = loaded.tracks.get(clipFile(c.user, places));
      return ref && user ? [{ c, m: matchTracks(ref, user) }] : [];
    });
const fit = matchesOf("fit");
const test = matchesOf("test");
await shutdownPosePool();

// 1. The same-routine model, by maximum likelihood (it is a classifier: fitted as one, not through the targets).
const samenessCases = (list: Array<{ c: Case; m: Match }>) =>
  list.flatMap(({ c, m }) => {
    const same = sameTruth(c);
    if (same === undefined) return [];
    const moves = measureMatch(m);
    return [{ c, same, e: samenessEvidence({ ...m, keptClock: keptClockOf(m) }, moves) }];
  });
const fitEvidence = samenessCases(fit);
const testEvidence = samenessCases(test);
const weightsOf = balancedWeights(fitEvidence.map((x) => ({ group: x.c.group, same: x.same })));
const beta = logisticFit(
  fitEvidence.map((x) => samenessFeatures(x.e)),
  fitEvidence.map((x) => (x.same ? 1 : 0)),
  weightsOf,
);
[
  SAMENESS.BIAS,
  SAMENESS.MATCHED,
  SAMENESS.RATIO,
  SAMENESS.CORR,
  SAMENESS.ORDER,
  SAMENESS.RANGE,
  SAMENESS.MOVING,
  SAMENESS.TRAVEL,
] = beta.map((b) => Math.round(b * 1000) / 1000) as [number, number, number, number, number, number, number, number];
console.log(
  `SAMENESS (maximum likelihood on ${fitEvidence.length} fit pairs): ${JSON.stringify({
    BIAS: SAMENESS.BIAS,
    MATCHED: SAMENESS.MATCHED,
    RATIO: SAMENESS.RATIO,
    CORR: SAMENESS.CORR,
    ORDER: SAMENESS.ORDER,
    RANGE: SAMENESS.RANGE,
    MOVING: SAMENESS.MOVING,
    TRAVEL: SAMENESS.TRAVEL,
  })}`,
);
// The line below which a pair with evidence against it is "not the same" (no score): where the fewest
// pairs land on the wrong side — a different routine scored, or the same routine refused — classes
// and groups weighed alike.
{
  const conf = fitEvidence.map((x) => samenessConfidence(x.e));
  const refusable = fitEvidence.map((x) => evidenceAgainst(x.e));
  let best = { t: SAMENESS.NOT_SAME_BELOW, cost: Number.POSITIVE_INFINITY };
  for (let t = 0.1; t <= 0.5 + 1e-9; t += 0.025) {
    const cost = fitEvidence.reduce(
      (a, x, i) => a + (x.same === ((conf[i] as number) < t && refusable[i]) ? (weightsOf[i] as number) : 0),
      0,
    );
    if (cost < best.cost - 1e-12) best = { t: Math.round(t * 1000) / 1000, cost };
  }
  SAMENESS.NOT_SAME_BELOW = best.t;
  console.log(
    `  NOT_SAME_BELOW: ${best.t} (same routines refused or others scored, weighted: ${best.cost.toFixed(3)})`,
  );
}
for (const [name, list] of [
  ["fit", fitEvidence],
  ["test", testEvidence],
] as const) {
  const by = new Map<string, { same: number; unsure: number; not_same: number }>();
  for (const x of list) {
    const key = `${x.c.group}${x.same ? "" : " (different)"}`;
    const row = by.get(key) ?? { same: 0, unsure: 0, not_same: 0 };
    row[judgeSameness(x.e).decision]++;
    by.set(key, row);
  }
  if (process.env.FIT_VERBOSE)
    for (const x of list) {
      const d = judgeSameness(x.e).decision;
      if ((d === "same") !== x.same)
        console.log(
          `    ${d.padEnd(8)} ${x.c.id}  matched ${x.e.matched.toFixed(1)} random ${x.e.random.toFixed(1)} corr ${x.e.motionCorrelation.toFixed(2)} order ${x.e.order.toFixed(2)} range ${x.e.rangeOverlap.toFixed(2)} travel ${x.e.travel.toFixed(2)}`,
        );
    }
  const bands = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 1.01];
  for (const same of [true, false]) {
    const conf = list.filter((x) => x.same === same).map((x) => samenessConfidence(x.e));
    console.log(
      `  ${name} ${same ? "same" : "different"}: ${bands
        .slice(1)
        .map((b, i) => `[${bands[i]},${b}) ${conf.filter((c) => c >= (bands[i] as number) && c < b).length}`)
        .join("  ")}`,
    );
  }
  console.log(`  decisions on ${name}:`);
  for (const [key, row] of by)
    console.log(`    ${key.padEnd(30)} same ${row.same}  unsure ${row.unsure}  not same ${row.not_same}`);
}

const rand = random(Number(values.seed));
let best = snapshot();
let bestLoss = loss(judgeAll(fit));
console.log(
  `start: fit loss ${bestLoss.toFixed(2)}, test loss ${loss(judgeAll(test)).toFixed(2)} (${fit.length} + ${test.length} cases)`,
);
let step = 0.3;
const iterations = Number(values.iterations);
for (let it = 0; it < iterations; it++) {
  const candidate = best.map((v, i) => {
    const k = KNOBS[i] as (typeof KNOBS)[number];
    // Move a few knobs at a time, each by a normal step (relative on a log scale).
    if (rand() > 0.35) return v;
    const g = Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
    const next = k.log ? v * Math.exp(step * g) : v + step * g * (k.max - k.min) * 0.3;
    return Math.min(k.max, Math.max(k.min, next));
  });
  restore(candidate);
  const l = loss(judgeAll(fit));
  if (l < bestLoss) {
    best = candidate;
    bestLoss = l;
    step = Math.min(0.5, step * 1.5);
  } else {
    step = Math.max(0.02, step * 0.95);
  }
  if (it % 25 === 0) process.stderr.write(`  ${it}: fit loss ${bestLoss.toFixed(3)}\n`);
}
restore(best);
const judgedTest = judgeAll(test);
console.log(`best: fit loss ${bestLoss.toFixed(3)}, test loss ${loss(judgedTest).toFixed(3)}`);
for (const [name, judged] of [
  ["fit", judgeAll(fit)],
  ["test", judgedTest],
] as const) {
  const gaps = pairedGaps(judged);
  if (gaps.length)
    console.log(
      `  ${name}: correct − incorrect take, paired: median ${quantile(gaps, 0.5).toFixed(1)} over ${gaps.length}`,
    );
}
// Printed as the objects they live in, ready to copy into packages/motion/src/score/.
for (const [name, obj] of Object.entries(GROUPS)) {
  const knobs = KNOBS.filter((k) => k.obj === obj);
  if (!knobs.length) continue;
  const g = Object.fromEntries(
    knobs.map((k) => {
      const v = k.obj[k.key] as number;
      return [k.key, Math.abs(v) >= 10 ? Math.round(v * 10) / 10 : Math.round(v * 1000) / 1000];
    }),
  );
  console.log(`${name}: ${JSON.stringify(g)}`);
}
