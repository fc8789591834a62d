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
import { judgeMatch, type Match, matchTracks } from "../../packages/motion/src/compare.ts";
import { shutdownPosePool } from "../../packages/motion/src/index.ts";
import { SCORING, VERDICT_MIN } from "../../packages/motion/src/score/combine.ts";
import { MOVEMENT } from "../../packages/motion/src/score/judge.ts";
import { SAMENESS } from "../../packages/motion/src/score/sameness.ts";
import { EMPHASIS, SHAPE } from "../../packages/motion/src/score/shape.ts";
import { clipFile } from "./build.ts";
import { type Case, moveTruth, type Split } from "./cases.ts";
import { loadCases, places } from "./load.ts";
import { auc, spearman } from "./stats.ts";

const { values } = parseArgs({
  options: {
    iterations: { type: "string", default: "300" },
    seed: { type: "string", default: "1" },
  },
});

/** The constants searched, each with its range and whether it moves on a log scale. */
const GROUPS: Record<string, Record<string, number>> = { SHAPE, EMPHASIS, SAMENESS, SCORING, MOVEMENT, VERDICT_MIN };
const KNOBS: Array<{ obj: Record<string, number>; key: string; min: number; max: number; log: boolean }> = [
  { obj: SHAPE, key: "HEAD_WEIGHT", min: 0.05, max: 1.5, log: true },
  { obj: SHAPE, key: "FACING_WEIGHT", min: 0.05, max: 1.5, log: true },
  { obj: EMPHASIS, key: "STILL", min: 0.05, max: 3, log: true },
  { obj: EMPHASIS, key: "MOVING_SPREAD", min: 0.02, max: 0.6, log: true },
  { obj: SAMENESS, key: "BIAS", min: -20, max: 30, log: false },
  { obj: SAMENESS, key: "RATIO", min: -60, max: 0, log: false },
  { obj: SAMENESS, key: "CORR", min: -5, max: 30, log: false },
  { obj: SAMENESS, key: "ORDER", min: 0, max: 30, log: false },
  { obj: SAMENESS, key: "CLOSE_50", min: 2, max: 25, log: false },
  { obj: SAMENESS, key: "FLOOR", min: 0.1, max: 0.8, log: false },
  { obj: SAMENESS, key: "FULL_AT", min: 0.5, max: 1, log: false },
  { obj: SAMENESS, key: "GAMMA", min: 0.3, max: 4, log: true },
  { obj: SCORING, key: "SHAPE_SHARE", min: 0.4, max: 0.9, log: false },
  { obj: MOVEMENT, key: "FULL_RATIO", min: 0.3, max: 1, log: false },
  { obj: MOVEMENT, key: "FLOOR", min: 0.1, max: 0.9, log: false },
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
  const same = scored.filter((s) => s.c.truth.same === true).map((s) => s.overall);
  const different = scored.filter((s) => s.c.truth.same === false).map((s) => s.overall);
  if (same.length && different.length) l += 5000 * (1 - auc(same, different));
  return l / scored.length;
}

function snapshot(): number[] {
  return KNOBS.map((k) => k.obj[k.key] as number);
}
function restore(v: number[]): void {
  KNOBS.forEach((k, i) => {
    k.obj[k.key] = v[i] as number;
  });
}

/** Deterministic pseudo-random numbers (mulberry32), so a fit can be repeated. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const loaded = await loadCases((c) => c.expect !== undefined && c.group !== "timing");
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
console.log(`best: fit loss ${bestLoss.toFixed(3)}, test loss ${loss(judgeAll(test)).toFixed(3)}`);
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
