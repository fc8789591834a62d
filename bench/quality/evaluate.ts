/**
 * From the engine's results to the benchmark's figures: per-case expectations, the ladder's
 * Spearman ρ, timing precision and the AUC. Pure; a missing field never throws (it is "no value").
 */
import {
  AGGREGATE_TARGETS,
  type Bound,
  type Case,
  type Expectation,
  moveTruth,
  type Split,
  timingTruthMs,
} from "./cases.ts";
import { trackName } from "./tracks/recipes.ts";
import { bool, moves, num, type ScoreKey, score, str } from "./fields.ts";
import { auc, mean, quantile, spearman } from "./stats.ts";

/** One case after the run: the result (without tracks), or why there is none. */
export interface Outcome {
  c: Case;
  result?: unknown;
  error?: string;
}

export type Verdict = "PASS" | "FAIL" | "n/a";

interface Check {
  label: string;
  /** For a bound: which end is the worst value (min for "≥", max for "≤"). */
  worst?: "min" | "max";
  /** The measured value, and whether it meets the expectation (undefined: no value). */
  judge(result: unknown): { value: number | undefined; pass: boolean | undefined };
}

export function boundText(b: Bound): string {
  if (b.min !== undefined && b.max !== undefined) return `${b.min}–${b.max}`;
  return b.min !== undefined ? `≥ ${b.min}` : `≤ ${b.max}`;
}

export function checksOf(e: Expectation): Check[] {
  const out: Check[] = [];
  for (const key of ["overall", "shape", "timing"] as const satisfies readonly ScoreKey[]) {
    const b = e[key];
    if (!b) continue;
    out.push({
      label: `${key} ${boundText(b)}`,
      worst: b.min !== undefined ? "min" : "max",
      judge: (r) => {
        const v = r === undefined ? undefined : score(r, key);
        if (v === undefined) return { value: undefined, pass: undefined };
        return { value: v, pass: (b.min === undefined || v >= b.min) && (b.max === undefined || v <= b.max) };
      },
    });
  }
  if (e.scored)
    out.push({
      label: "scored, not refused",
      judge: (r) => {
        const decision = str(r, "sameness.decision");
        if (decision === undefined) return { value: undefined, pass: undefined };
        return { value: decision === "not_same" ? 0 : 1, pass: decision !== "not_same" };
      },
    });
  const re = e.feedback;
  if (re) {
    out.push({
      label: `feedback ~ ${re}`,
      judge: (r) => {
        const text = str(r, "overallFeedback");
        if (text === undefined) return { value: undefined, pass: undefined };
        const pass = re.test(text);
        return { value: pass ? 1 : 0, pass };
      },
    });
  }
  return out;
}

export interface CheckSummary {
  label: string;
  /** Cases with this check, with a value, and meeting it. */
  n: number;
  measured: number;
  passed: number;
  /** Worst measured value (lowest for ≥, highest for ≤); undefined for a text check or no value. */
  worst: number | undefined;
  worstKind: "min" | "max" | undefined;
  /** n/a when no case has a value (the field is not there yet); a case without a value fails otherwise. */
  verdict: Verdict;
}

/** Per check label over some outcomes. */
export function summarizeChecks(outs: readonly Outcome[]): CheckSummary[] {
  const by = new Map<string, { check: Check; values: number[]; n: number; measured: number; passed: number }>();
  for (const o of outs) {
    for (const check of checksOf(o.c.expect)) {
      const s = by.get(check.label) ?? { check, values: [], n: 0, measured: 0, passed: 0 };
      by.set(check.label, s);
      s.n++;
      const { value, pass } = check.judge(o.result);
      if (pass === undefined) continue;
      s.measured++;
      if (pass) s.passed++;
      if (value !== undefined) s.values.push(value);
    }
  }
  return [...by.values()].map((s) => ({
    label: s.check.label,
    n: s.n,
    measured: s.measured,
    passed: s.passed,
    worst: s.check.worst && s.values.length ? Math[s.check.worst](...s.values) : undefined,
    worstKind: s.check.worst,
    verdict: s.measured === 0 ? "n/a" : s.passed === s.n ? "PASS" : "FAIL",
  }));
}

/** Cases meeting every check that can be judged in this set (checks no case has a value for are skipped). */
export function casesPassing(outs: readonly Outcome[]): number {
  const judged = new Set(summarizeChecks(outs).flatMap((s) => (s.verdict === "n/a" ? [] : [s.label])));
  return outs.filter((o) =>
    checksOf(o.c.expect).every((ch) => !judged.has(ch.label) || ch.judge(o.result).pass === true),
  ).length;
}

export function combine(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes("FAIL")) return "FAIL";
  return verdicts.includes("PASS") ? "PASS" : "n/a";
}

// ---------------------------------------------------------------------------------------------

export interface LadderRow {
  source: string;
  split: Split;
  /** Overall score per level 0–4 (undefined when missing). */
  scores: Array<number | undefined>;
  /** Spearman ρ(level, −overall): 1 = every added defect lowers the score. NaN with < 3 scores. */
  rho: number;
}

export function ladders(outs: readonly Outcome[]): LadderRow[] {
  const by = new Map<string, LadderRow>();
  for (const o of outs) {
    const l = o.c.truth.ladder;
    if (!l) continue;
    const row = by.get(l.source) ?? { source: l.source, split: o.c.split, scores: [], rho: Number.NaN };
    by.set(l.source, row);
    row.scores[l.level] = o.result === undefined ? undefined : score(o.result, "overall");
  }
  for (const row of by.values()) {
    const pts = row.scores.flatMap((s, level) => (s === undefined ? [] : [[level, -s] as const]));
    row.rho =
      pts.length >= 3
        ? spearman(
            pts.map((p) => p[0]),
            pts.map((p) => p[1]),
          )
        : Number.NaN;
  }
  return [...by.values()];
}

export function ladderVerdict(rows: readonly LadderRow[]): { mean: number; min: number; verdict: Verdict } {
  const rhos = rows.map((r) => r.rho).filter((r) => !Number.isNaN(r));
  const m = mean(rhos);
  if (!rhos.length) return { mean: Number.NaN, min: Number.NaN, verdict: "n/a" };
  return { mean: m, min: Math.min(...rhos), verdict: m >= AGGREGATE_TARGETS.ladderSpearman ? "PASS" : "FAIL" };
}

// ---------------------------------------------------------------------------------------------

export interface TimingCase {
  o: Outcome;
  /** |timing_ms − truth| of every move that has a truth and a timing. */
  errors: number[];
  /** Moves with a truth (some may lack a timing). */
  withTruth: number;
  /** Mean signed timing_ms − truth (bias), NaN without errors. */
  bias: number;
}

export function timingCases(outs: readonly Outcome[]): TimingCase[] {
  return outs.flatMap((o) => {
    const t = o.c.truth.timing;
    if (!t) return [];
    const errors: number[] = [];
    const signed: number[] = [];
    let withTruth = 0;
    for (const m of o.result === undefined ? [] : moves(o.result)) {
      const truth = timingTruthMs(t, m);
      if (truth === null) continue;
      withTruth++;
      if (m.timing_ms === null) continue;
      errors.push(Math.abs(m.timing_ms - truth));
      signed.push(m.timing_ms - truth);
    }
    return [{ o, errors, withTruth, bias: mean(signed) }];
  });
}

export function timingPrecision(cases: readonly TimingCase[]): {
  cases: number;
  moves: number;
  mean: number;
  p90: number;
  verdict: Verdict;
} {
  const errors = cases.flatMap((c) => c.errors);
  const m = mean(errors);
  return {
    cases: cases.length,
    moves: errors.length,
    mean: m,
    p90: quantile(errors, 0.9),
    verdict: errors.length ? (m <= AGGREGATE_TARGETS.timingPrecisionMs ? "PASS" : "FAIL") : "n/a",
  };
}

// ---------------------------------------------------------------------------------------------

export interface Separation {
  same: Outcome[];
  different: Outcome[];
  auc: number;
  lowestSame?: { o: Outcome; score: number };
  highestDifferent?: { o: Outcome; score: number };
  verdict: Verdict;
}

/** How well the overall score separates same-routine pairs from different ones. */
export function separation(outs: readonly Outcome[]): Separation {
  const scored = (same: boolean) =>
    outs.flatMap((o) => {
      const t = o.c.truth;
      const s = t.same === same && !t.incorrect && o.result !== undefined ? num(o.result, "overall_score") : undefined;
      return s === undefined ? [] : [{ o, score: s }];
    });
  const same = scored(true);
  const different = scored(false);
  const a = auc(
    same.map((x) => x.score),
    different.map((x) => x.score),
  );
  const lowestSame = same.reduce<(typeof same)[number] | undefined>(
    (a, b) => (!a || b.score < a.score ? b : a),
    undefined,
  );
  const highestDifferent = different.reduce<(typeof different)[number] | undefined>(
    (a, b) => (!a || b.score > a.score ? b : a),
    undefined,
  );
  return {
    same: same.map((x) => x.o),
    different: different.map((x) => x.o),
    auc: a,
    lowestSame,
    highestDifferent,
    verdict: Number.isNaN(a) ? "n/a" : a >= AGGREGATE_TARGETS.auc ? "PASS" : "FAIL",
  };
}

/** Verdicts on the ladder's moves against where its defects are (cases.ts moveTruth), per split. */
export function verdictSummary(
  outs: readonly Outcome[],
  split: Split,
): {
  missed: number;
  missedRight: number;
  clean: number;
  cleanRight: number;
} {
  const out = { missed: 0, missedRight: 0, clean: 0, cleanRight: 0 };
  for (const o of outs) {
    if (o.c.split !== split || !o.c.truth.defects) continue;
    for (const m of moves(o.result)) {
      const t = moveTruth(o.c.truth, m);
      if (t === "missed") {
        out.missed++;
        if (m.verdict === "ok" || m.verdict === "miss") out.missedRight++;
      } else if (t === "clean") {
        out.clean++;
        if (m.verdict === "perfect" || m.verdict === "great") out.cleanRight++;
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

export interface PeopleSummary {
  /** Overall scores of people_same (correct vs correct) and people_incorrect. */
  correct: number[];
  incorrect: number[];
  median: number;
  p10: number;
  incorrectMedian: number;
  /** AUC of correct over incorrect: 1 = every correct pair scores above every incorrect one. */
  auc: number;
  gap: number;
  verdicts: { median: Verdict; p10: Verdict; auc: Verdict; gap: Verdict };
  /**
   * Graded takes, printed (no bench target; the footage we never see asks good − bad ≥ 15): one
   * person's correct and incorrect take against the same reference, case by case — correct minus
   * incorrect, and how many pairs are in the right order.
   */
  paired: { gaps: number[]; medianGap: number; ordered: number };
}

/** What pairs a people_incorrect case with its people_same case: the reference and the user's take but for how it was done. */
function takeKey(c: Case): string {
  const t = c.user.track;
  return `${c.ref.name} → ${t?.kind === "ui-prmd" ? trackName({ ...t, correct: true }) : c.user.name}`;
}

/** Correct minus incorrect overall score of each person's pair of takes against one reference (PeopleSummary.paired). */
export function pairedGaps(scores: ReadonlyArray<{ c: Case; overall: number | undefined }>): number[] {
  const correctOf = new Map(
    scores.flatMap(({ c, overall }) =>
      c.group === "people_same" && overall !== undefined ? [[takeKey(c), overall] as const] : [],
    ),
  );
  return scores.flatMap(({ c, overall }) => {
    const good = c.group === "people_incorrect" ? correctOf.get(takeKey(c)) : undefined;
    return good === undefined || overall === undefined ? [] : [good - overall];
  });
}

/** Real people (UI-PRMD): the same movement by another person, done correctly and incorrectly. */
export function peopleSummary(outs: readonly Outcome[]): PeopleSummary | undefined {
  const scored = outs.map((o) => ({
    c: o.c,
    overall: o.result === undefined ? undefined : num(o.result, "overall_score"),
  }));
  const overall = (group: string) =>
    scored.flatMap(({ c, overall }) => (c.group === group && overall !== undefined ? [overall] : []));
  const correct = overall("people_same");
  const incorrect = overall("people_incorrect");
  if (!correct.length) return undefined;
  const med = quantile(correct, 0.5);
  const p10 = quantile(correct, 0.1);
  const incorrectMedian = quantile(incorrect, 0.5);
  const a = incorrect.length ? auc(correct, incorrect) : Number.NaN;
  const gap = med - incorrectMedian;
  const v = (ok: boolean, value: number): Verdict => (Number.isNaN(value) ? "n/a" : ok ? "PASS" : "FAIL");
  const gaps = pairedGaps(scored);
  return {
    correct,
    incorrect,
    median: med,
    p10,
    incorrectMedian,
    auc: a,
    gap,
    verdicts: {
      median: v(med >= AGGREGATE_TARGETS.peopleSameMedian, med),
      p10: v(p10 >= AGGREGATE_TARGETS.peopleSameP10, p10),
      auc: v(a >= AGGREGATE_TARGETS.incorrectAuc, a),
      gap: v(gap >= AGGREGATE_TARGETS.incorrectMedianGap, gap),
    },
    paired: {
      gaps,
      medianGap: gaps.length ? quantile(gaps, 0.5) : Number.NaN,
      ordered: gaps.filter((g) => g > 0).length,
    },
  };
}

// ---------------------------------------------------------------------------------------------

export interface CueSummary {
  /** Moves of the results scored as the same routine. */
  moves: number;
  /** Of them, moves told something… */
  told: number;
  /** …and told something though their verdict is Perfect. */
  toldPerfect: number;
  /** Results that say one cue, word for word, on more than one move. */
  repeating: number;
  /** Cues said on copies of one performance (same_performance: re-encoded, reframed, mirrored), where there is nothing to correct. */
  onCopies: number;
}

/**
 * What the moves were told, over the results scored as the same routine (printed, no target): a
 * teacher corrects what counts, so a Perfect move told to change is worth a look, and a copy of the
 * reference's own performance told anything is a false cue.
 */
export function cueSummary(outs: readonly Outcome[]): CueSummary {
  const out: CueSummary = { moves: 0, told: 0, toldPerfect: 0, repeating: 0, onCopies: 0 };
  for (const o of outs) {
    if (o.result === undefined || bool(o.result, "same_routine") !== true) continue;
    const list = moves(o.result);
    const cues = list.flatMap((m) => (m.cue === null ? [] : [m.cue]));
    out.moves += list.length;
    out.told += cues.length;
    out.toldPerfect += list.filter((m) => m.cue !== null && m.verdict === "perfect").length;
    if (new Set(cues).size < cues.length) out.repeating++;
    if (o.c.group === "same_performance") out.onCopies += cues.length;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

export interface SpreadSummary {
  scores: number[];
  median: number;
  /** Share at most AGGREGATE_TARGETS.differentLow (different routines). */
  lowShare: number;
  max: number;
  min: number;
}

function spreadOf(scores: number[]): SpreadSummary | undefined {
  if (!scores.length) return undefined;
  return {
    scores,
    median: quantile(scores, 0.5),
    lowShare: scores.filter((s) => s <= AGGREGATE_TARGETS.differentLow).length / scores.length,
    max: Math.max(...scores),
    min: Math.min(...scores),
  };
}

const scoresOf = (outs: readonly Outcome[]) =>
  outs.flatMap((o) => {
    const v = o.result === undefined ? undefined : num(o.result, "overall_score");
    return v === undefined ? [] : [v];
  });

/** Real different dancers of one choreography (dancers_same): their overall scores. */
export function dancersSameSummary(outs: readonly Outcome[]): SpreadSummary | undefined {
  return spreadOf(scoresOf(outs.filter((o) => o.c.group === "dancers_same")));
}

/** Every pair of different routines (truth: not the same): their overall scores. */
export function differentSummary(outs: readonly Outcome[]): SpreadSummary | undefined {
  return spreadOf(scoresOf(outs.filter((o) => o.c.truth.same === false)));
}
