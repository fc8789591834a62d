import { DRILL, type DrillRequest, round3, type Verdict } from "@stepsync/contracts";

/**
 * "Drill this move": the rules of the loop, as plain functions (the dialog only plays them out).
 * A move is looped at half speed until it scores Great DRILL.streak times in a row, then at full
 * speed until the same again: then it is mastered and the loop ends.
 */

export type DrillSpeed = (typeof DRILL.speeds)[number];

/**
 * "Scores Great" is Great or better. The verdicts, best first, are Perfect, Great, Good, OK, Miss
 * (VERDICT_LOOK's labels, which the pass's chip shows): Great is the product's second-best word,
 * and a Perfect pass is more than Great, so it keeps the streak going too. Good and below break it.
 */
export const GREAT_OR_BETTER: ReadonlySet<Verdict> = new Set<Verdict>(["perfect", "great"]);

/** One pass of the loop: its speed and the verdict it got (null: nobody was seen dancing it). */
export interface DrillPass {
  speed: DrillSpeed;
  verdict: Verdict | null;
}

export interface DrillState {
  speed: DrillSpeed;
  /** Great-or-better passes in a row at the current speed. */
  streak: number;
  passes: DrillPass[];
  bestStreak: Record<DrillSpeed, number>;
  mastered: boolean;
}

/** What a pass changed, for the dialog to say: the speed went up, or the move is mastered. */
export type DrillStep = "again" | "faster" | "mastered";

export const DRILL_START: DrillState = {
  speed: DRILL.speeds[0],
  streak: 0,
  passes: [],
  bestStreak: { 0.5: 0, 1: 0 },
  mastered: false,
};

/** The drill after one more pass. A mastered drill takes no more. */
export function afterPass(state: DrillState, verdict: Verdict | null): { state: DrillState; step: DrillStep } {
  if (state.mastered) return { state, step: "mastered" };
  const great = verdict !== null && GREAT_OR_BETTER.has(verdict);
  const streak = great ? state.streak + 1 : 0;
  const passes = [...state.passes, { speed: state.speed, verdict }];
  const bestStreak = { ...state.bestStreak, [state.speed]: Math.max(state.bestStreak[state.speed], streak) };
  if (streak < DRILL.streak) return { state: { ...state, streak, passes, bestStreak }, step: "again" };
  const next = DRILL.speeds[DRILL.speeds.indexOf(state.speed) + 1];
  if (next === undefined) return { state: { ...state, streak, passes, bestStreak, mastered: true }, step: "mastered" };
  return { state: { ...state, speed: next, streak: 0, passes, bestStreak }, step: "faster" };
}

/** "Half speed" / "Full speed", and the rate shown beside it. */
export function speedName(speed: DrillSpeed): string {
  return speed === 1 ? "Full speed" : "Half speed";
}

export function speedRate(speed: DrillSpeed): string {
  return `${speed}×`;
}

/** "2 of 3 Great in a row". */
export function streakText(streak: number): string {
  return `${streak} of ${DRILL.streak} Great in a row`;
}

/** The move being drilled: seconds in the reference, and its count as the result names it. */
export interface DrillMove {
  start_s: number;
  end_s: number;
  count_label: string;
}

/** What is kept of a drill, or null when not one pass was danced (nothing to keep). */
export function drillRecord(videoId: number, move: DrillMove, state: DrillState): DrillRequest | null {
  const at = (speed: DrillSpeed) => state.passes.filter((p) => p.speed === speed).length;
  if (at(0.5) === 0) return null;
  return {
    reference_video_id: videoId,
    start_s: move.start_s,
    end_s: move.end_s,
    count_label: move.count_label,
    passes_half: at(0.5),
    passes_full: at(1),
    best_streak_half: state.bestStreak[0.5],
    best_streak_full: state.bestStreak[1],
    mastered: state.mastered,
  };
}

/**
 * One pass on the reference's clock: it plays from a lead-in before the move (so the dancer catches
 * the count) to a little past its end (the move's timing is read from a moment after it: the take
 * has to reach there), at `speed`. The live scorer judges the move alone, its window.
 */
export const PASS = { leadS: 1, tailS: 0.6 } as const;

export function passPlan(move: DrillMove, referenceEnd: number | null): { from: number; to: number } {
  const from = Math.max(0, round3(move.start_s - PASS.leadS));
  const to = Math.min(round3(move.end_s + PASS.tailS), referenceEnd ?? Number.POSITIVE_INFINITY);
  return { from, to: Math.max(to, move.end_s) };
}

/**
 * Take seconds at which the move's start played in a pass, from where the pass's first frame (the
 * lead-in's start, `from`) played: the lead-in lasts (start − from) / speed of the dancer's time.
 */
export function moveOffset(leadInOffsetS: number, move: DrillMove, from: number, speed: DrillSpeed): number {
  return leadInOffsetS + (move.start_s - from) / speed;
}
