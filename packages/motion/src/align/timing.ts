/**
 * Timing splits into a steady pace (the whole routine danced faster or slower: tempo) and lapses
 * (a move late or early against that pace), as in research on dance warping. Given where each
 * reference move was found in the user's video, this finds the pace, the starting point, and each
 * move's timing against the reference's own time.
 */
import { median } from "../numbers.ts";
export interface TimedMove {
  /** Reference start, seconds. */
  start: number;
  /** User start, seconds (null: not found). */
  userStart: number | null;
}

/**
 * What the dancer kept time with, which decides what "late" means and what the pace costs:
 * - music: both videos carry the same song; it fixes the offset and the pace (the song's speed).
 * - take: the recording was started with the reference playing (dance along); its start fixes
 *   the offset and the pace.
 * - beat: the reference's music has a steady beat (the user's video does not share it): lateness
 *   is against the reference's own time from where the dancer started; the pace is found.
 * - free: nothing to keep time with (a silent reference): the pace is the dancer's own, found and
 *   named, and a move is late or early only against that pace.
 */
export type Clock = "music" | "take" | "beat" | "free";

export interface TimingFit {
  /** User seconds per reference second (1.25: the user is 25 % slower). */
  tempo: number;
  /** Where the reference's time zero falls in the user's video, if the user kept the reference's pace from the first move (or the music's offset). */
  anchor: number;
  /** The steady line through the moves: user_t ≈ intercept + tempo × ref_t. */
  intercept: number;
  /**
   * Per move: seconds late (+) or early (−) against the clock — the reference's own time (or the
   * music's, or the take's start); with a free clock, against the dancer's own steady pace (the
   * lapse). Null when not found.
   */
  timing: Array<number | null>;
  /** Per move: seconds late or early against the user's own steady pace; null when not found. */
  lapse: Array<number | null>;
}

/**
 * The pace is told from the moves when there are at least this many spread over this much of the
 * routine (seconds): from fewer, their slope is mostly noise (a clean copy of a 4-s clip read as
 * 6 % slower). A shorter routine takes the coarse alignment's slope instead, trusted only beyond
 * PACE_NOISE (it read clean copies of 2–5 s clips up to 8 % off, and 25 % slower copies within 1 %).
 */
const PACE_MIN_SPAN_S = 4;
const PACE_MIN_MOVES = 4;
const PACE_NOISE = 0.1;

/**
 * The pace, robust to lapses: first the median slope between neighbouring moves; then the routine
 * is split where the timing jumps (a stretch danced late starts or ends there), and the pace is
 * the median slope between moves of the same stretch — so part of the routine danced late does
 * not read as a slower pace, while a steadily slower performance does (`coarseTempo`, the coarse
 * alignment's slope, stands in for routines too short for that). With shared music or a take
 * started with the reference, `clock.offset` says where the reference's time zero is in the
 * user's video and the pace is the reference's, so timing is measured against that clock itself.
 */
export interface ClockInfo {
  clock: Clock;
  /** Music or take: where the reference's time zero is in the user's video (seconds). */
  offset?: number;
}

export function fitTiming(moves: TimedMove[], clock: ClockInfo, coarseTempo = 1): TimingFit {
  const found = moves.filter((m): m is { start: number; userStart: number } => m.userStart !== null);
  const span = found.length ? (found[found.length - 1] as TimedMove).start - (found[0] as TimedMove).start : 0;
  const fromMoves = span >= PACE_MIN_SPAN_S && found.length >= PACE_MIN_MOVES;
  const pace = fromMoves ? paceOf(found) : Math.abs(coarseTempo - 1) >= PACE_NOISE ? coarseTempo : 1;
  // The song, or a take started with the reference, runs at the reference's pace. Otherwise a pace
  // is claimed only when it explains the timing: lapses (a stretch late, a wrong move) can tilt
  // the moves without any steady pace behind them.
  const known = clock.clock === "music" || clock.clock === "take";
  const bounded = Math.min(2, Math.max(0.5, pace));
  const tempo = known ? 1 : explains(found, bounded) ? bounded : 1;
  // "On time" means keeping to where the opening moves were danced (a late start of the
  // recording is not lateness; a late second half is): the line through the first third of the
  // moves (at least three) at the found pace. Without music that is the reference's own time;
  // with music, the music's offset replaces it.
  const opening = found.slice(0, Math.max(3, Math.ceil(found.length / 3)));
  const fitted = median(opening.map((m) => m.userStart - tempo * m.start));
  const intercept = Number.isNaN(fitted) ? 0 : fitted;
  const firstStart = found[0]?.start ?? 0;
  const anchor = known && clock.offset !== undefined ? clock.offset : intercept + (tempo - 1) * firstStart;
  // Against the found pace from the first move on: what is left is a lapse.
  const lapse = moves.map((m) =>
    m.userStart === null ? null : m.userStart - (anchor + firstStart + tempo * (m.start - firstStart)),
  );
  return {
    tempo,
    anchor,
    intercept: known ? anchor : intercept,
    timing:
      clock.clock === "free"
        ? lapse
        : moves.map((m) => (m.userStart === null ? null : m.userStart - (anchor + m.start))),
    lapse,
  };
}

/** A pace must cut the timing's spread (RMS around its line) to at most this share of the spread at the reference's pace. */
const PACE_MUST_EXPLAIN = 0.6;

function explains(found: Array<{ start: number; userStart: number }>, tempo: number): boolean {
  // With fewer than two moves there is no spread to explain: the pace stands as found.
  if (tempo === 1 || found.length < 2) return true;
  const spread = (t: number) => {
    const off = found.map((m) => m.userStart - t * m.start);
    const mid = median(off);
    return Math.sqrt(off.reduce((a, o) => a + (o - mid) ** 2, 0) / off.length);
  };
  return spread(tempo) <= PACE_MUST_EXPLAIN * spread(1);
}

/** A jump in timing between neighbouring moves larger than this (seconds) starts a new stretch. */
const STEP_S = 0.08;

function paceOf(found: Array<{ start: number; userStart: number }>): number {
  const slope = (a: { start: number; userStart: number }, b: { start: number; userStart: number }) =>
    (b.userStart - a.userStart) / (b.start - a.start);
  const neighbours: number[] = [];
  for (let k = 1; k < found.length; k++) {
    const a = found[k - 1] as { start: number; userStart: number };
    const b = found[k] as { start: number; userStart: number };
    if (b.start - a.start > 0.3) neighbours.push(slope(a, b));
  }
  const first = median(neighbours);
  if (Number.isNaN(first)) return 1;
  const stretch: number[] = [0];
  for (let k = 1; k < found.length; k++) {
    const a = found[k - 1] as { start: number; userStart: number };
    const b = found[k] as { start: number; userStart: number };
    const jump = b.userStart - a.userStart - first * (b.start - a.start);
    stretch.push((stretch[k - 1] as number) + (Math.abs(jump) > STEP_S ? 1 : 0));
  }
  const within: number[] = [];
  for (let a = 0; a < found.length; a++)
    for (let b = a + 1; b < found.length; b++) {
      if (stretch[a] !== stretch[b]) break;
      if ((found[b] as TimedMove).start - (found[a] as TimedMove).start >= 1)
        within.push(
          slope(found[a] as { start: number; userStart: number }, found[b] as { start: number; userStart: number }),
        );
    }
  return within.length ? median(within) : first;
}
