import { countReference } from "./counts/counting.ts";
import { judgeMatch } from "./judge-match.ts";
import { extractFeatures, type FeatureTrack } from "./features.ts";
import { type Match, matchTracks } from "./match.ts";
import { resampleTrack } from "./resample.ts";
import { measureMatch } from "./score/judge.ts";
import { judgeSameness, keptClockOf, samenessEvidence } from "./score/sameness.ts";
import { assertStyle, type Style } from "./score/styles.ts";
import type { ComparisonResult, PoseTrack } from "./types.ts";
import { countingInWindow, inReferenceTime, type ReferenceWindow, windowTrack } from "./window.ts";
import { round3 } from "./numbers.ts";

export { type Match, matchTracks };

export interface CompareOptions {
  style: Style | string;
  /**
   * Compare with only this part of the reference (seconds in it): the moves, counts and sections
   * are the whole video's (its counting cut to the part), and the result's reference times stay in
   * the whole video's time (see window.ts).
   */
  window?: ReferenceWindow;
  /**
   * The user's video was recorded while the reference played (dance along): reference time 0 (or
   * the window's start) is at this many seconds of it, so lateness is measured against that clock.
   */
  takeOffset?: number;
  /**
   * The dancer says it is this routine (after a refusal): a take the evidence would refuse is
   * scored as "unsure" instead, and its result says it was the dancer's call (sameness.dancer_call).
   */
  dancerCall?: boolean;
  /**
   * Seconds of the user's video [start, end] in which the dancer is hidden behind someone else (a
   * group video: group/analyze-group.ts): those moments weigh nothing in shape or timing, and a
   * move hidden throughout counts for nothing. Absent, unseen moments count against the dancer.
   */
  hidden?: ReadonlyArray<readonly [number, number]>;
}

/**
 * Compares a user's pose track with a reference's, the way a teacher would: count the reference
 * into moves (on the music's beats, or where the movement changes), find each move in the user's
 * video (coarse alignment, then timed to a few milliseconds), judge its shape and its timing,
 * decide whether it is the same routine at all, then score, give each move a verdict, and say
 * what to correct. Pure and deterministic.
 */
export function compareTracks(reference: PoseTrack, user: PoseTrack, opts: CompareOptions): ComparisonResult {
  const style = opts.style;
  assertStyle(style);
  const hide = (m: Match): Match => (opts.hidden?.length ? { ...m, hidden: opts.hidden } : m);
  const first = hide(matchIn(reference, user, opts.window, opts.takeOffset));
  const whole = () => {
    const result = judgeMatch(first, style, undefined, opts.dancerCall);
    return opts.window ? inReferenceTime(result, opts.window) : result;
  };
  const covered = coveredPart(first);
  if (!covered || !sameWithin(first, covered)) return whole();
  // The user's video covers only part of the routine (a later start, an earlier stop): judge that
  // part, as a practised part is judged, and say which part it was. The pace then comes from what
  // was danced, never from stretching it over the whole routine, and the moves the video never
  // reached are not "missed". Not the same routine even there: judged as a whole, no part claimed.
  const from = opts.window?.start ?? 0;
  const part = { start: from + covered.start, end: from + covered.end };
  const danced = {
    start_s: round3(part.start),
    end_s: round3(part.end),
    duration_s: round3(opts.window ? opts.window.end - opts.window.start : reference.duration),
  };
  const take = opts.takeOffset === undefined ? undefined : opts.takeOffset + covered.start;
  const judged = judgeMatch(hide(matchIn(reference, user, part, take)), style, { danced, window: opts.window ?? null });
  return judged.sameness.decision === "same" ? inReferenceTime(judged, part) : whole();
}

/**
 * Matches the user's video with the reference, or with a part of it (its counting cut from the
 * whole video's, so a part speaks of the whole video's counts and sections: see window.ts).
 */
function matchIn(reference: PoseTrack, user: PoseTrack, w: ReferenceWindow | undefined, takeOffset?: number): Match {
  if (!w) return matchTracks(reference, user, { takeOffset });
  const part = windowTrack(reference, w);
  const countingOf = (own: FeatureTrack, fps: number) => {
    const whole = countReference(extractFeatures(resampleTrack(reference, fps)), reference.audio ?? null);
    return countingInWindow(whole, w) ?? countReference(own, part.audio ?? null);
  };
  // A take of the part started with the part playing: its clock starts at the part's start.
  return matchTracks(part, user, { countingOf, takeOffset });
}

/**
 * Whether the moves inside the covered part already read as the same routine in the whole match:
 * a shorter video of the routine does; another routine, whose timing line says nothing, does not.
 */
function sameWithin(match: Match, part: { start: number; end: number }): boolean {
  const measures = measureMatch(match);
  const inside = measures.filter(
    (m) => Math.min(m.span.end, part.end) - Math.max(m.span.start, part.start) >= 0.5 * (m.span.end - m.span.start),
  );
  // A few seconds that happen to fit somewhere in a long routine are no part of it; the song
  // playing at that very place of it, or a whole phrase danced in order, is.
  if (inside.length < PART_MIN_MOVES) return false;
  if (inside.length < PART_MIN_SHARE * measures.length && match.music === null && inside.length < PART_PHRASE)
    return false;
  return judgeSameness(samenessEvidence({ ...match, keptClock: keptClockOf(match) }, inside)).decision === "same";
}

/** A part danced must hold at least this many of the routine's moves, and this share of them… */
const PART_MIN_MOVES = 3;
const PART_MIN_SHARE = 0.25;
/**
 * …or, in a long routine, the music's place in it, or this many moves (6–8 s danced). Without the
 * phrase rule at all, none of 187 stretches of 8 and 12 s of other dances and exercises (AIST++
 * dancers, UI-PRMD people, the fixtures' clips) read as the same routine against the quality
 * bench's two long routines, while every stretch of 8–12 s cut from them did (4–9 moves): this is
 * a margin, not the guard.
 */
const PART_PHRASE = 4;

/**
 * A user's video that stops this close (seconds) to the routine's end, or starts this close to its
 * start, covers all of it: the timing line is found from the moves. On a clock the dancer kept
 * (shared music, a take started with the reference) it is exact, and a move due past the video's
 * end was not danced in it, however well some other moment fits it.
 */
const WHOLE_WITHIN_S = 0.75;
const WHOLE_WITHIN_KEPT_S = 0.25;

/**
 * The part of the (matched) reference the user's video covers, from the steady timing line
 * (user_t ≈ intercept + tempo × ref_t: set by the music or the take when there is one, else by the
 * moves); null when it covers every move. Seconds of the matched reference.
 */
function coveredPart(match: Match): { start: number; end: number } | null {
  const moves = match.counting.moves;
  const firstMove = moves[0];
  const lastMove = moves[moves.length - 1];
  if (!firstMove || !lastMove || !(match.fit.tempo > 0)) return null;
  const start = Math.max(0, -match.fit.intercept / match.fit.tempo);
  const end = Math.min(match.ref.duration, (match.userT.duration - match.fit.intercept) / match.fit.tempo);
  const within = match.clock === "music" || match.clock === "take" ? WHOLE_WITHIN_KEPT_S : WHOLE_WITHIN_S;
  if (start <= firstMove.start + within && end >= lastMove.end - within) return null;
  // Nothing of the routine inside: not a part, a mismatch (left to the sameness decision).
  const inside = moves.filter((m) => Math.min(m.end, end) - Math.max(m.start, start) >= 0.5 * (m.end - m.start));
  return inside.length && end > start ? { start, end } : null;
}
