import type { MoveResult } from "@stepsync/contracts";
import { timingDirection } from "../../lib/verdicts";

/** One move's block on the timeline under the scrubber, in percent of the reference's length. */
export interface TimelineBlock {
  move: MoveResult;
  leftPct: number;
  widthPct: number;
  /** The early/late mark; null when on time, unknown, or the videos are not the same routine. */
  timing: "early" | "late" | null;
}

/** A block this narrow (percent) stays visible and clickable even for a very short move. */
const MIN_WIDTH_PCT = 0.6;

/** How long the timeline is: the reference video's duration once known, else where the last move ends. */
export function timelineLength(videoDuration: number, moves: ReadonlyArray<Pick<MoveResult, "end_s">>): number {
  if (Number.isFinite(videoDuration) && videoDuration > 0) return videoDuration;
  return Math.max(0, ...moves.map((m) => m.end_s).filter(Number.isFinite));
}

/** One block per move, placed by its start_s / end_s over `length` seconds of the reference; none without a length. */
export function timelineBlocks(moves: ReadonlyArray<MoveResult>, length: number, withTiming: boolean): TimelineBlock[] {
  if (!(length > 0)) return [];
  return moves.map((move) => {
    const start = Math.min(length, Math.max(0, move.start_s));
    const end = Math.min(length, Math.max(start, move.end_s));
    const leftPct = (start / length) * 100;
    const widthPct = Math.min(100 - leftPct, Math.max(MIN_WIDTH_PCT, ((end - start) / length) * 100));
    return { move, leftPct, widthPct, timing: withTiming ? timingDirection(move.timing_ms) : null };
  });
}
