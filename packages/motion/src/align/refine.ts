import { type FeatureTrack, type FrameFeatures, meanOverPositions } from "../features.ts";
import type { ContinuousTrack } from "./interp.ts";
import { FLOAT_SLACK } from "../numbers.ts";

/** Where one reference move was found in the user's video. */
export interface MoveMatch {
  /** User time (s) at which the move starts, to a few milliseconds; null when not found. */
  userStart: number | null;
  /** Mean position mismatch at the best fit (torso lengths², 0 = identical). */
  cost: number;
}

/** How far from the coarse alignment a move's start is looked for, seconds. */
const SEARCH_S = 0.5;
/** Context around the move used to time it: timing rests on the movement into and out of it too. */
const CONTEXT_S = 0.25;
/** Coarse search step, seconds; the best step is then refined to about a millisecond. */
const STEP_S = 0.02;
/** Share of a move's own moments that must fall inside the user's video for a fit to count. */
const MIN_OVERLAP = 0.9;
/**
 * How far past a move's end, in user seconds at the reference's pace, timing it reads the user's
 * video beyond where the search is centred: the search, its refinement step and the context.
 */
export const TIMING_REACH_S = SEARCH_S + STEP_S + CONTEXT_S;
/**
 * A move fitting on time within this share of its best fit was on time: its poses barely change
 * there (a slow arm, a sway), and which of those moments it "is" is noise — a take filmed from 30°
 * aside read 0.5 s early on such a stretch, fitting 14 % better there than on time. A move is
 * called early or late only when it fits clearly better so. Moves really 0.12–0.3 s off fit 1.31× and
 * more better there (live takes); on the quality bench's fit split 0.3 lets wrong segments that fit
 * on time pass for the move (bench/README).
 */
export const TIMING_TIE = 0.2;
/** A position mismatch above this (torso lengths) counts as this much: one bad point cannot dominate. */
const MAX_POINT_ERR = 1;

/**
 * Mean squared distance between matching body points (hip-centred, in torso lengths) of two
 * poses: smooth in time, which makes it the right thing to time moves by.
 */
function positionCost(a: FrameFeatures, b: Float64Array | undefined): number {
  if (!b) return MAX_POINT_ERR;
  const c = meanOverPositions(a.positions, b, (d2) => Math.min(MAX_POINT_ERR, d2));
  return Number.isNaN(c) ? MAX_POINT_ERR : c;
}

/**
 * With a clock the dancer kept (shared music, a take started with the reference), a move is also
 * looked for this close (seconds) to where the clock says it is due: a routine that repeats its
 * moves every couple of beats fits a repetition where the coarse alignment wandered as well as the
 * move on the beat, and the dancer on the music danced the one on the beat.
 */
export const DUE_SEARCH_S = 0.3;

/**
 * Times each move: slides the user's video against the reference's move (with its context), with
 * the user's pace `tempo` (user seconds per reference second), within SEARCH_S of where the coarse
 * alignment put it, and keeps the best fit — read between analysed frames, so the answer is not
 * limited to the frame interval. `onTime` (per move, user seconds) says where each move would be on
 * time, once the clock is known: a move that fits there within TIMING_TIE of its best is put there.
 * `nearDue`: the clock is one the dancer kept, so a fit within DUE_SEARCH_S of on time about as good
 * (TIMING_TIE) as the best is kept instead.
 */
export function timeMoves(
  ref: FeatureTrack,
  user: ContinuousTrack,
  moves: ReadonlyArray<{ start: number; end: number }>,
  guide: (refT: number) => number | null,
  tempo: number,
  onTime?: ReadonlyArray<number | null>,
  nearDue = false,
): MoveMatch[] {
  const fps = ref.fps;
  return moves.map((mv, k) => {
    const from = Math.max(0, Math.ceil((mv.start - CONTEXT_S) * fps - FLOAT_SLACK));
    const to = Math.min(ref.frames.length - 1, Math.floor((mv.end + CONTEXT_S) * fps + FLOAT_SLACK));
    const samples: Array<{ dt: number; f: FrameFeatures }> = [];
    const guesses: number[] = [];
    for (let i = from; i <= to; i++) {
      const f = ref.frames[i] as FrameFeatures;
      const t = i / fps;
      if (!f.valid) continue;
      samples.push({ dt: t - mv.start, f });
      const g = guide(t);
      if (g !== null && t >= mv.start && t < mv.end) guesses.push(g - tempo * (t - mv.start));
    }
    if (!samples.length || !guesses.length) return { userStart: null, cost: MAX_POINT_ERR };
    guesses.sort((a, b) => a - b);
    const centre = guesses[Math.floor(guesses.length / 2)] as number;
    // Context past either end of the user's video says nothing (the recording just stops), but
    // the move itself must lie inside it: sliding a move half out of the video would let a
    // fragment of it match by chance.
    const core = samples.filter((x) => x.dt >= 0 && x.dt < mv.end - mv.start).length;
    const cost = (u0: number) => {
      let s = 0;
      let n = 0;
      let inCore = 0;
      for (const { dt, f } of samples) {
        const t = u0 + tempo * dt;
        if (!user.covers(t)) continue;
        s += positionCost(f, user.positionsAt(t));
        n++;
        if (dt >= 0 && dt < mv.end - mv.start) inCore++;
      }
      return n && inCore >= MIN_OVERLAP * core ? s / n : MAX_POINT_ERR;
    };
    // The best fit within `half` seconds of `around`: coarse steps, then a golden-section search
    // within one step either side of the best.
    const bestAround = (around: number, half: number): MoveMatch => {
      let bestU = around;
      let bestC = cost(around);
      for (let u = around - half; u <= around + half + FLOAT_SLACK; u += STEP_S) {
        const c = cost(u);
        if (c < bestC - 1e-12) {
          bestC = c;
          bestU = u;
        }
      }
      let lo = bestU - STEP_S;
      let hi = bestU + STEP_S;
      const g = (Math.sqrt(5) - 1) / 2;
      let x1 = hi - g * (hi - lo);
      let x2 = lo + g * (hi - lo);
      let c1 = cost(x1);
      let c2 = cost(x2);
      while (hi - lo > 0.001) {
        if (c1 < c2) {
          hi = x2;
          x2 = x1;
          c2 = c1;
          x1 = hi - g * (hi - lo);
          c1 = cost(x1);
        } else {
          lo = x1;
          x1 = x2;
          c1 = c2;
          x2 = lo + g * (hi - lo);
          c2 = cost(x2);
        }
      }
      const refined = (lo + hi) / 2;
      const refinedCost = cost(refined);
      return refinedCost < bestC ? { userStart: refined, cost: refinedCost } : { userStart: bestU, cost: bestC };
    };
    let best = bestAround(centre, SEARCH_S);
    const due = onTime?.[k];
    if (due === null || due === undefined) return best;
    if (nearDue && Math.abs((best.userStart as number) - due) > DUE_SEARCH_S) {
      const near = bestAround(due, DUE_SEARCH_S);
      if (near.cost <= best.cost * (1 + TIMING_TIE)) best = near;
    }
    const dueCost = cost(due);
    return dueCost <= best.cost * (1 + TIMING_TIE) ? { userStart: due, cost: dueCost } : best;
  });
}
