import type { Verdict } from "../types.ts";

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
  SHAPE_SHARE: 0.668,
};

/** 0–100 for a move `seconds` early or late. */
export function moveTimingScore(seconds: number | null): number {
  if (seconds === null) return 0;
  const off = Math.max(0, Math.abs(seconds) - SCORING.ON_TIME_S);
  return 100 / (1 + (off / (SCORING.LATE_50_S - SCORING.ON_TIME_S)) ** 2);
}

/** 0–100 for a steady pace of `tempo` user seconds per reference second. */
export function tempoScore(tempo: number): number {
  if (!(tempo > 0)) return 0;
  const l = Math.log(tempo);
  return 100 * Math.exp(-(l * l) / (2 * SCORING.TEMPO_SIGMA ** 2));
}

/**
 * Timing of a stretch of moves: the pace (tempo) times how steadily each move keeps to it
 * (lapses), so dancing the whole routine 25 % slow loses on timing even when every move is
 * in place relative to the one before.
 */
export function timingScore(tempo: number, lapses: Array<number | null>, weights: number[]): number | null {
  let s = 0;
  let w = 0;
  lapses.forEach((l, k) => {
    const wk = weights[k] ?? 1;
    s += wk * moveTimingScore(l);
    w += wk;
  });
  // Nothing to time (every move a hold): no timing judgment at all.
  return w > 0 ? (tempoScore(tempo) * (s / w)) / 100 : null;
}

/**
 * The overall score: a weighted geometric mean of shape and timing (SCORING.SHAPE_SHARE to shape), so
 * both must be good — perfect shapes danced off the pace, or the right timing with the wrong
 * moves, both land in the middle. Scaled by `sameness` (0.5–1): the engine's confidence that the
 * two videos show the same routine, so an unrelated video cannot score well by chance.
 */
export function combineScores(shape: number, timing: number | null, sameness = 1): number {
  const t = timing ?? shape;
  const g = Math.max(0, shape) ** SCORING.SHAPE_SHARE * Math.max(0, t) ** (1 - SCORING.SHAPE_SHARE);
  return g * sameness;
}

/**
 * The lowest move score of each verdict; below `ok` is a miss. Fitted with the rest: moves a
 * dancer missed (a freeze, a wrong segment) should read OK or Miss, clean moves Perfect or Great.
 */
export const VERDICT_MIN: Record<Exclude<Verdict, "miss">, number> = { perfect: 90, great: 78, good: 62, ok: 45 };

export function verdictOf(score: number): Verdict {
  for (const v of ["perfect", "great", "good", "ok"] as const) if (score >= VERDICT_MIN[v]) return v;
  return "miss";
}
