import type { Clock } from "../align/timing.ts";
import { round1 } from "../numbers.ts";
import type { Verdict } from "../types.ts";
import { type MoveMeasure, weighted } from "./judge.ts";
import { lateness } from "./lateness.ts";

/**
 * How the judgments become scores. Constants are fitted on the calibration set's fit split
 * (bench/quality) and reported on its test split.
 */
export const SCORING = {
  /** A move within this (seconds) of where it belongs is on time: no one can tell, and the measurement is this fine. */
  ON_TIME_S: 0.04,
  /** A move this far (seconds) from where it belongs scores 50 on timing: half a count at 120 BPM. */
  LATE_50_S: 0.25,
  /** Tempo: a pace off by a factor e^±TEMPO_SIGMA scores about 61 (25 % slower ≈ 45, 10 % ≈ 86). */
  TEMPO_SIGMA: 0.177,
  /** Shape weighs this much in the overall score, timing the rest. */
  SHAPE_SHARE: 0.688,
  /**
   * With nothing to keep time with (a silent reference, align/timing.ts), the pace is the dancer's
   * own: a move is timed against it (a lapse), and the pace itself costs only this gently (fitted on
   * real people, who each keep their own pace: 25 % off ≈ 85).
   */
  TEMPO_SIGMA_FREE: 1,
  /** …and a move this far off that pace scores 50: a quarter of a typical uncounted move. */
  LATE_50_S_FREE: 0.602,
};

/** How a clock's timing is judged (see SCORING). */
export interface TimingRule {
  tempoSigma: number;
  late50: number;
}

export function timingRule(clock: Clock): TimingRule {
  return clock === "free"
    ? { tempoSigma: SCORING.TEMPO_SIGMA_FREE, late50: SCORING.LATE_50_S_FREE }
    : { tempoSigma: SCORING.TEMPO_SIGMA, late50: SCORING.LATE_50_S };
}

/** 0–100 for a move `seconds` early or late. */
export function moveTimingScore(seconds: number | null, rule = timingRule("beat")): number {
  if (seconds === null) return 0;
  const off = Math.max(0, Math.abs(seconds) - SCORING.ON_TIME_S);
  return 100 / (1 + (off / (rule.late50 - SCORING.ON_TIME_S)) ** 2);
}

/** 0–100 for a steady pace of `tempo` user seconds per reference second. */
export function tempoScore(tempo: number, rule = timingRule("beat")): number {
  if (!(tempo > 0)) return 0;
  const l = Math.log(tempo);
  return 100 * Math.exp(-(l * l) / (2 * rule.tempoSigma ** 2));
}

/**
 * Timing of a stretch of moves: the pace (tempo) times how steadily each move keeps to it
 * (lapses), so dancing the whole routine 25 % slow loses on timing even when every move is
 * in place relative to the one before.
 */
export function timingScore(
  tempo: number,
  lapses: Array<number | null>,
  weights: number[],
  rule = timingRule("beat"),
): number | null {
  let s = 0;
  let w = 0;
  lapses.forEach((l, k) => {
    const wk = weights[k] ?? 1;
    s += wk * moveTimingScore(l, rule);
    w += wk;
  });
  // Nothing to time (every move a hold): no timing judgment at all.
  return w > 0 ? (tempoScore(tempo, rule) * (s / w)) / 100 : null;
}

/**
 * A score from shape and timing alone: their weighted geometric mean (SCORING.SHAPE_SHARE to shape), which always lies between the two, so both must be good — perfect shapes danced off
 * the music, or the right timing with the wrong moves, both land in the middle. The same rule makes
 * the overall score, each section's and each move's (a move's verdict follows from its own score):
 * nothing from the rest of the video scales it. Without timing (a hold, nothing to time) it is the shape.
 */
export function combineScores(shape: number, timing: number | null): number {
  const t = timing ?? shape;
  return Math.max(0, shape) ** SCORING.SHAPE_SHARE * Math.max(0, t) ** (1 - SCORING.SHAPE_SHARE);
}

/** A move's own score, from its shape and its timing (a hold has nothing to time): its verdict follows from it. */
export function moveScore(m: Pick<MoveMeasure, "shape" | "span" | "timing">, rule: TimingRule): number {
  return combineScores(m.shape, m.span.held ? null : moveTimingScore(lateness(m), rule));
}

/** Timing of a stretch of measured moves at the pace `tempo`, each weighed by its frames; holds have nothing to time. */
export function movesTiming(moves: MoveMeasure[], tempo: number, rule: TimingRule): number | null {
  return timingScore(
    tempo,
    moves.map((m) => m.lapse),
    moves.map((m) => (m.span.held ? 0 : m.frames)),
    rule,
  );
}

/**
 * The routine's scores as a result gives them (one decimal): its shape (the moves' frame-weighted
 * mean), its timing, and the overall score made of the two — or, for another routine, the
 * not-same score (no timing).
 */
export function routineScores(
  moves: MoveMeasure[],
  tempo: number,
  rule: TimingRule,
  same: boolean,
): { shape: number; timing: number | null; overall: number } {
  const rawTiming = same ? movesTiming(moves, tempo, rule) : null;
  const timing = rawTiming === null ? null : round1(rawTiming);
  const shape = round1(weighted(moves, (m) => m.shape) || 0);
  return { shape, timing, overall: round1(same ? combineScores(shape, timing) : notSameScore(shape)) };
}

/**
 * The overall score of two videos that do not show the same routine: no shape or timing claim,
 * only how much the two bodies resembled each other at the closest moments, scaled into 0–35 so
 * it can never read as a result.
 */
export const NOT_SAME_MAX = 35;
export function notSameScore(shape: number): number {
  return (Math.max(0, Math.min(100, shape)) * NOT_SAME_MAX) / 100;
}

/**
 * The lowest move score of each verdict; below `ok` is a miss. Fitted with the rest: moves a
 * dancer missed (a freeze, a wrong segment) should read OK or Miss, clean moves Perfect or Great.
 */
export const VERDICT_MIN: Record<Exclude<Verdict, "miss">, number> = { perfect: 90, great: 82.6, good: 76, ok: 38.6 };

export function verdictOf(score: number): Verdict {
  for (const v of ["perfect", "great", "good", "ok"] as const) if (score >= VERDICT_MIN[v]) return v;
  return "miss";
}
