import type {
  AlignmentInfo,
  ComparisonDetail,
  ComparisonPart,
  ComparisonSection,
  Counted,
  DancedPart,
  MoveResult,
  SamenessDecision,
} from "@stepsync/contracts";
import { formatClock } from "../../lib/format";
import { moveOutcomeText, verdictSummary } from "../../lib/verdicts";

/**
 * What the result view shows of the engine's judgments, moves and verdicts. A result stored without
 * them (null fields) shows its sections and feedback only.
 */

/** A move button's name: what it does and how the move went ("Play 1–2 from 0:04: Good, 120 ms late"). */
export function moveButtonLabel(move: MoveResult, withTiming: boolean): string {
  return `Play ${move.count_label} from ${formatClock(move.start_s)}: ${moveOutcomeText(move, withTiming)}`;
}

/**
 * Replaying a move (its row or its block on the timeline): from a short lead-in, so the dancer
 * catches the count, through the move itself, pausing where it ends. (A section jump keeps the
 * spec's 2.5 s lead-in that stops where the section starts: it finds a place; this shows the move.)
 */
export const MOVE_REPLAY = { leadS: 1 } as const;

export function moveReplayPlan(move: Pick<MoveResult, "start_s" | "end_s">): { start: number; stopAt: number } {
  return { start: Math.max(0, move.start_s - MOVE_REPLAY.leadS), stopAt: Math.max(move.start_s, move.end_s) };
}

/**
 * The move playing at reference time t: the one whose [start, end) contains it, or one starting a
 * hair later (a jump pauses exactly on a move's start, which the element may read back a little
 * early); undefined between moves.
 */
export function moveAt<M extends Pick<MoveResult, "start_s" | "end_s">>(
  moves: ReadonlyArray<M>,
  t: number,
): M | undefined {
  const SLACK_S = 0.05;
  return moves.find((m) => t >= m.start_s - SLACK_S && t < m.end_s - SLACK_S);
}

/** A section's moves in order (its `moves` are indexes into the result's moves); none for old results. */
export function sectionMoves(
  section: Pick<ComparisonSection, "moves">,
  moves: ReadonlyArray<MoveResult>,
): MoveResult[] {
  return (section.moves ?? []).map((i) => moves[i]).filter((m): m is MoveResult => m !== undefined);
}

/** The section a move belongs to (for highlighting it on a jump), -1 when none lists it. */
export function sectionOfMove(sections: ReadonlyArray<Pick<ComparisonSection, "moves">>, moveIndex: number): number {
  return sections.findIndex((s) => s.moves?.includes(moveIndex));
}

export interface ResultView {
  /**
   * False when the server refused the result as another routine, or the engine made no claims on it
   * (same_routine false without a refusal). Then the view makes no claims about how the
   * reference's moves were danced: no timing, cues or joint items.
   */
  sameRoutine: boolean;
  /** The engine's decision on "is it the same routine?", null for a result stored without one. */
  sameness: SamenessDecision | null;
  /** Refused as another routine: it counts nowhere and its credit was given back (the server's `counted`). */
  creditReturned: boolean;
  /** Refused, then scored as the routine because the dancer said it is ("analyse it anyway"). */
  dancerCall: boolean;
  /** Shape and timing (null: "—"), or null for an old result, which shows no judgments. */
  judgments: { shape: number; timing: number | null } | null;
  moves: MoveResult[];
  /** "12 moves: …", null without moves. */
  summary: string | null;
  /** The part of the reference the user danced when only part (reference seconds), else null. */
  danced: DancedPart | null;
  /** The reference has no music to keep time with: the pace is the dancer's own (named, not punished). */
  ownPace: boolean;
}

export function resultView({
  results,
  alignment_info: alignment,
  counted,
}: Pick<ComparisonDetail, "results"> & {
  alignment_info?: Pick<AlignmentInfo, "clock"> | null;
  counted?: Counted | null | undefined;
}): ResultView {
  const moves = results?.moves ?? [];
  const refused = counted === "other_routine";
  const sameRoutine = !refused && results?.same_routine !== false;
  return {
    sameRoutine,
    sameness: results?.sameness?.decision ?? null,
    creditReturned: refused,
    dancerCall: sameRoutine && results?.sameness?.dancer_call === true,
    judgments: results?.scores ?? null,
    moves,
    summary: verdictSummary(moves),
    danced: sameRoutine ? (results?.danced ?? null) : null,
    ownPace: sameRoutine && alignment?.clock === "free",
  };
}

/** Said in the "not the same routine" banner when the server gave the comparison's credit back. */
export const CREDIT_GIVEN_BACK = "Your credit has been given back.";

/**
 * The notice over the feedback when the engine is unsure it is the same routine: a heading and a
 * badge. The engine's overall text below it explains why, in its own sentence, not repeated here.
 */
export const UNSURE_NOTICE = { heading: "Not sure this is the same routine", badge: "Scored as if it is" };

/**
 * A refused result's offer, and its confirmation: the dancer, who knows what she danced, may have it
 * scored as the routine anyway, for one more credit.
 */
export const ANALYSE_ANYWAY = {
  question: "Is it this routine after all? You know what you danced.",
  button: "It is this routine — analyse it anyway",
  title: "Analyse it as this routine?",
  explain:
    "We score your video as this routine, with every move's verdict and feedback, and mark it as your call in your history. Your call also helps us find routines we fail to recognise.",
  confirm: "Analyse it — 1 credit",
  cancel: "Cancel",
  /** Said while it is analysed as the routine. */
  analysing: "You said this is the routine: it is being analysed as it.",
} as const;

/** How much the call costs, and what the dancer has. */
export function analyseAnywayCost(credits: number | null): string {
  const cost = "It costs 1 credit, like any comparison";
  return credits === null ? `${cost}.` : `${cost}. You have ${credits} ${credits === 1 ? "credit" : "credits"}.`;
}

/**
 * On a result scored as the routine on the dancer's word (the engine's text below says how to read
 * it): a heading and a badge saying its credit was taken again.
 */
export const DANCER_CALL = { heading: "Your call", badge: "Analysed anyway · 1 credit" } as const;
/** Beside the timing score when the reference has no music (the engine's text says by how much). */
export const OWN_PACE_NOTE = "The reference has no music, so the pace is your own.";

/** "0:00–0:30" */
const span = (start: number, end: number) => `${formatClock(start)}–${formatClock(end)}`;

/**
 * A label beside the score (the overall text says it in a sentence): "Danced 0:00–0:30 of 0:37",
 * or, in a practised part, "Danced 0:12–0:20 of the part 0:10–0:24".
 */
export function dancedText(danced: DancedPart, part?: Pick<ComparisonPart, "start_s" | "end_s"> | null): string {
  const of = part ? `of the part ${span(part.start_s, part.end_s)}` : `of ${formatClock(danced.duration_s)}`;
  return `Danced ${span(danced.start_s, danced.end_s)} ${of}`;
}

/** Gaps shorter than this (seconds) are not worth a "not danced" mark. */
const NOT_DANCED_MIN_S = 0.5;

/**
 * The spans of the routine (or of the practised part) the user's video does not cover, reference
 * seconds, in order: before the part danced, after it, or both.
 */
export function notDancedSpans(
  danced: DancedPart | null,
  part?: Pick<ComparisonPart, "start_s" | "end_s"> | null,
): Array<{ start_s: number; end_s: number; where: "before" | "after" }> {
  if (!danced) return [];
  const from = part?.start_s ?? 0;
  const to = part?.end_s ?? from + danced.duration_s;
  const out: Array<{ start_s: number; end_s: number; where: "before" | "after" }> = [];
  if (danced.start_s - from >= NOT_DANCED_MIN_S) out.push({ start_s: from, end_s: danced.start_s, where: "before" });
  if (to - danced.end_s >= NOT_DANCED_MIN_S) out.push({ start_s: danced.end_s, end_s: to, where: "after" });
  return out;
}
