import type { ContinuousTrack } from "./align/interp.ts";
import { countReference } from "./counts/counting.ts";
import { describeSections } from "./counts/describe.ts";
import { MotionError } from "./errors.ts";
import { extractFeatures, type FeatureTrack, JOINTS, MIRROR_JOINT } from "./features.ts";
import {
  type CoachContext,
  type Judged,
  moveCue,
  overallSummary,
  paceInstruction,
  sectionJointFeedback,
  sectionSummary,
  TEMPO_NOTABLE,
} from "./feedback/coach.ts";
import { cocoIndexMap, COCO_KEYPOINTS } from "./pose/keypoints.ts";
import { type Match, matchTracks } from "./match.ts";
import { resampleTrack } from "./resample.ts";
import { combineScores, moveTimingScore, notSameScore, timingRule, timingScore, verdictOf } from "./score/combine.ts";
import { type MoveMeasure, measureMatch, primitivesOf, userTimeIn, weighted } from "./score/judge.ts";
import { lateness } from "./score/lateness.ts";
import { samenessConfidence, samenessDecision, samenessEvidence } from "./score/sameness.ts";
import { limbScores } from "./score/limbs.ts";
import { compareShape } from "./score/shape.ts";
import { categoryScores, isStyle, STYLES, type Style } from "./score/styles.ts";
import type { ComparisonResult, CompactTrack, MoveResult, PoseTrack, SectionResult } from "./types.ts";
import { countingInWindow, inReferenceTime, type ReferenceWindow, windowTrack } from "./window.ts";

export { type Match, matchTracks };

/** Bump when results change for the same input (stored results say which engine made them). */
export const ENGINE_VERSION = "3.0.0";

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
}

const r1 = (v: number) => Math.round(v * 10) / 10;
const r3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * Compares a user's pose track with a reference's, the way a teacher would: count the reference
 * into moves (on the music's beats, or where the movement changes), find each move in the user's
 * video (coarse alignment, then timed to a few milliseconds), judge its shape and its timing,
 * decide whether it is the same routine at all, then score, give each move a verdict, and say
 * what to correct. Pure and deterministic.
 */
export function compareTracks(reference: PoseTrack, user: PoseTrack, opts: CompareOptions): ComparisonResult {
  const style = opts.style;
  if (!isStyle(style))
    throw new MotionError("INVALID_OPTIONS", `Unknown style "${style}". Choose one of: ${STYLES.join(", ")}.`);
  const first = matchIn(reference, user, opts.window, opts.takeOffset);
  const whole = () => {
    const result = judgeMatch(first, style);
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
    start_s: r3(part.start),
    end_s: r3(part.end),
    duration_s: r3(opts.window ? opts.window.end - opts.window.start : reference.duration),
  };
  const take = opts.takeOffset === undefined ? undefined : opts.takeOffset + covered.start;
  const judged = judgeMatch(matchIn(reference, user, part, take), style, { danced, window: opts.window ?? null });
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
  // A few seconds that happen to fit somewhere in a long routine are no part of it.
  if (inside.length < PART_MIN_MOVES || inside.length < PART_MIN_SHARE * measures.length) return false;
  return samenessDecision(samenessConfidence(samenessEvidence(match, inside))) === "same";
}

/** A part danced must hold at least this many of the routine's moves, and this share of them. */
const PART_MIN_MOVES = 3;
const PART_MIN_SHARE = 0.25;

/** A user's video that stops this close (seconds) to the routine's end, or starts this close to its start, covers all of it. */
const WHOLE_WITHIN_S = 0.75;

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
  if (start <= firstMove.start + WHOLE_WITHIN_S && end >= lastMove.end - WHOLE_WITHIN_S) return null;
  // Nothing of the routine inside: not a part, a mismatch (left to the sameness decision).
  const inside = moves.filter((m) => Math.min(m.end, end) - Math.max(m.start, start) >= 0.5 * (m.end - m.start));
  return inside.length && end > start ? { start, end } : null;
}

/** What a judgment of part of the routine says about which part (see compareTracks). */
export interface PartDanced {
  danced: NonNullable<ComparisonResult["danced"]>;
  /** The practised part the comparison was about, or null for the whole routine. */
  window: ReferenceWindow | null;
}

/** Judges a match (see match.ts): scores, verdicts and words. */
export function judgeMatch(match: Match, style: Style, partDanced?: PartDanced): ComparisonResult {
  const { fps, refT, userT, ref, counting, fit, guide, mirrored } = match;
  const spans = counting.moves;
  const measures = measureMatch(match);

  // 3. Same routine? A decision: the same (or unsure) is scored on shape and timing alone (see
  // score/combine.ts); not the same makes no claims and scores below NOT_SAME_MAX.
  const confidence = samenessConfidence(samenessEvidence(match, measures));
  const decision = samenessDecision(confidence);
  const same = decision !== "not_same";
  // Holds have nothing to time: they count for shape only.
  const timedWeight = (m: MoveMeasure) => (m.span.held ? 0 : m.frames);
  const rule = timingRule(match.clock);
  const rawTiming = same ? timingScore(fit.tempo, fit.lapse, measures.map(timedWeight), rule) : null;
  const timing = rawTiming === null ? null : r1(rawTiming);
  const shape = r1(weighted(measures, (m) => m.shape) || 0);
  const scoreOf = (s: number, t: number | null) => (same ? combineScores(s, t) : notSameScore(s));
  const categoryScale = same ? 1 : notSameScore(100) / 100;
  const overall = r1(scoreOf(shape, timing));

  const paceNamed = same && Math.abs(fit.tempo - 1) >= TEMPO_NOTABLE;
  const counted = counting.info.source !== "none";
  const sectionName = (n: number) => `${counted ? "8-count" : "Part"} ${n}`;
  const sectionOf: string[] = [];
  for (const s of counting.sections) for (const k of s.moves) sectionOf[k] = sectionName(s.number);
  const coach: CoachContext = {
    clock: match.clock,
    counted,
    paceNamed,
    tempo: fit.tempo,
    sectionOf,
    moveCount: spans.length,
    paceMove: null,
  };
  // A move's verdict follows from its own shape and timing; with another routine there is none to give.
  const judged: Judged[] = measures.map((m, index) => {
    const score = combineScores(m.shape, m.span.held ? null : moveTimingScore(lateness(m), rule));
    return { ...m, index, score, verdict: same ? verdictOf(score) : "miss" };
  });
  // One instruction per problem: a cue an earlier move of the same section already gave is not
  // repeated, and the pace (one cause for the whole routine) is said on one move only: the first
  // it makes late or early enough to say.
  const told = new Set<string>();
  const paceCue = paceNamed ? paceInstruction(fit.tempo) : null;
  const moves: MoveResult[] = judged.map((m, index) => {
    const given = moveCue(m, coach, same);
    const key = given.cue === paceCue ? "pace" : `${sectionOf[index]}\u0000${given.cue}`;
    const repeated = given.cue !== null && told.has(key);
    if (given.cue !== null) told.add(key);
    if (given.cue !== null && given.cue === paceCue && coach.paceMove === null) coach.paceMove = index;
    return {
      index,
      start_s: r3(m.span.start),
      end_s: r3(m.span.end),
      user_start_s: m.userStart === null ? null : r3(Math.max(0, m.userStart)),
      count_label: m.span.label,
      verdict: m.verdict,
      timing_ms: same ? msOrNull(lateness(m)) : null,
      shape: r1(m.shape),
      focus: given.focus,
      cue: repeated ? null : given.cue,
    };
  });

  const described = describeSections(ref, counting.sections);
  const sections: SectionResult[] = counting.sections.map((s, sectionIndex) => {
    const own = s.moves.map((k) => judged[k] as Judged);
    const sTiming = same
      ? timingScore(
          fit.tempo,
          own.map((m) => m.lapse),
          own.map(timedWeight),
          rule,
        )
      : null;
    const sShape = weighted(own, (m) => m.shape) || 0;
    const score = r1(scoreOf(sShape, sTiming));
    const joints = sectionJointFeedback(own, score, coach, same);
    const title = `${sectionName(s.number)} · ${described[sectionIndex]}`;
    const firstUser = own.find((m) => m.userStart !== null)?.userStart ?? guide(s.start) ?? 0;
    return {
      title,
      score,
      overall_feedback: sectionSummary(own, score, joints, coach, same),
      timestamp: r3(s.start),
      duration: r3(s.end - s.start),
      joint_feedback: joints,
      categories: rounded(categoryScores(style, primitivesOf(own, sTiming), categoryScale)),
      user_timestamp: r3(Math.max(0, firstUser)),
      moves: s.moves,
    };
  });

  // Problematic joints: those a section flags, worst first, each with the words of the section
  // where it is most off (so the list and the section cards say the same thing).
  const worstBySection = new Map<string, { diff: number; text: string }>();
  for (const s of sections)
    for (const [j, f] of Object.entries(s.joint_feedback)) {
      const prev = worstBySection.get(j);
      if (!prev || f.diff > prev.diff)
        worstBySection.set(j, { diff: f.diff, text: `${f.feedback.replace(/\.$/, "")} (${s.title.split(" · ")[0]}).` });
    }
  const problematicJoints = [...worstBySection.entries()].sort((a, b) => b[1].diff - a[1].diff).map(([j]) => j);
  const jointSpecificFeedback = Object.fromEntries(
    problematicJoints.map((j) => [j, worstBySection.get(j)?.text ?? ""]),
  );

  const lastFound = [...measures].reverse().find((m) => m.timing !== null);
  const firstFound = measures.find((m) => m.timing !== null);
  const driftAtEnd = lastFound && firstFound ? (fit.tempo - 1) * (lastFound.span.start - firstFound.span.start) : 0;
  const coverage = weighted(measures, (m) => (m.userStart === null ? 0 : Math.min(1, m.visible / 0.8))) || 0;
  const lapses = fit.lapse.filter((l): l is number => l !== null);
  const rmsLapse = lapses.length ? Math.sqrt(lapses.reduce((a, l) => a + l * l, 0) / lapses.length) : 1;
  const segment = sections.length ? sections.reduce((a, s) => a + s.duration, 0) / sections.length : ref.duration;
  return {
    overall_score: overall,
    scores: { shape, timing },
    same_routine: same,
    sameness: { decision, confidence: r3(confidence), music: match.music !== null },
    danced: partDanced?.danced ?? null,
    moves,
    counts: counting.info,
    style,
    categories: rounded(categoryScores(style, primitivesOf(judged, timing), categoryScale)),
    sections,
    overallFeedback: overallSummary({
      ...coach,
      score: overall,
      shape,
      timing,
      same,
      decision,
      moves: judged,
      sections,
      tempo: fit.tempo,
      driftAtEnd,
      coverage,
      partDanced: partDanced ?? null,
    }),
    jointSpecificFeedback,
    problematicJoints,
    alignment: {
      mirrored: mirrored,
      tempo_ratio: r3(fit.tempo),
      offset_s: r3(fit.intercept),
      // Steady timing → 1: the RMS lapse from a constant pace (s) lowers it, as does a partial match.
      sync_quality: r3(coverage / (1 + (rmsLapse / 0.25) ** 2)),
      segment_duration: r3(segment),
      time_map: timeMap(measures, fit.tempo, fps),
      coverage: r3(coverage),
      confidence: r3(confidence),
      clock: match.clock,
    },
    joint_differences: jointDifferences(judged),
    timeline: timeline(ref, (m) => match.oriented(m.mirrored).cont, measures, fit.tempo),
    limb_scores: same ? limbScores(ref, (m) => match.oriented(m).features, measures, fit.tempo) : null,
    tracks: { reference: compact(refT), user: compact(userT) },
    model: refT.model === userT.model ? refT.model : `${refT.model}+${userT.model}`,
    engine_version: ENGINE_VERSION,
  };
}

const msOrNull = (s: number | null) => (s === null ? null : Math.round(s * 1000));

function rounded(v: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, r1(x)]));
}

/**
 * [[user_t, ref_t], …] along every found move (each analysed frame, and the move's end), both
 * increasing; at most 240 points. The player follows it to keep the two videos on the same move.
 */
function timeMap(moves: MoveMeasure[], tempo: number, fps: number): Array<[number, number]> {
  const pts: Array<[number, number]> = [];
  let lastUser = 0;
  for (const m of moves) {
    if (m.userStart === null) continue;
    const times: number[] = [];
    for (let i = Math.ceil(m.span.start * fps - 1e-9); i / fps < m.span.end - 1e-9; i++) times.push(i / fps);
    times.push(m.span.end);
    for (const t of times) {
      const u = Math.max(lastUser, userTimeIn(m, t, tempo) as number);
      const prev = pts[pts.length - 1];
      if (prev && t <= prev[1] + 1e-9) {
        // Shared boundary of two moves: the later move's start wins.
        prev[0] = r3(Math.max(prev[0], u));
        lastUser = Math.max(lastUser, u);
        continue;
      }
      pts.push([r3(u), r3(t)]);
      lastUser = u;
    }
  }
  const step = Math.max(1, Math.ceil(pts.length / 240));
  const out = pts.filter((_, k) => k % step === 0);
  const last = pts[pts.length - 1];
  if (last && out[out.length - 1] !== last) out.push(last);
  return out;
}

/** [[ref_t, score], …]: the shape score along the reference, at most 240 points. */
function timeline(
  ref: FeatureTrack,
  userOf: (m: MoveMeasure) => ContinuousTrack,
  moves: MoveMeasure[],
  tempo: number,
): Array<[number, number]> {
  const scores: Array<[number, number]> = [];
  for (const m of moves) {
    const user = userOf(m);
    const from = Math.round(m.span.start * ref.fps);
    const to = Math.min(ref.frames.length, Math.round(m.span.end * ref.fps));
    for (let i = from; i < to; i++) {
      const r = ref.frames[i];
      if (!r?.valid) continue;
      const t = userTimeIn(m, i / ref.fps, tempo);
      const sim = compareShape(r, t === null ? undefined : user.at(t)).sim;
      scores.push([i / ref.fps, Number.isNaN(sim) ? 0 : 100 * sim]);
    }
  }
  const step = Math.max(1, Math.ceil(scores.length / 240));
  const out: Array<[number, number]> = [];
  for (let s = 0; s < scores.length; s += step) {
    const chunk = scores.slice(s, s + step);
    out.push([r3((chunk[0] as [number, number])[0]), r1(chunk.reduce((a, c) => a + c[1], 0) / chunk.length)]);
  }
  return out;
}

/** Mean |difference| per joint over the whole routine, named as the user's own joints (each move the way round it was danced). */
function jointDifferences(moves: MoveMeasure[]): Record<string, number> {
  const sum = new Map<string, [number, number]>();
  for (const m of moves)
    JOINTS.forEach((j, i) => {
      const v = m.jointAbs[i] as number;
      if (Number.isNaN(v)) return;
      const own = m.mirrored ? MIRROR_JOINT[j] : j;
      const [s, w] = sum.get(own) ?? [0, 0];
      sum.set(own, [s + v * m.frames, w + m.frames]);
    });
  return Object.fromEntries(
    JOINTS.flatMap((j) =>
      sum.has(j) ? [[j, r1((sum.get(j) as [number, number])[0] / (sum.get(j) as [number, number])[1])]] : [],
    ),
  );
}

/** COCO-17 keypoints per frame, 3 decimals: enough for a skeleton overlay, small enough to store. */
function compact(track: PoseTrack): CompactTrack {
  const map = cocoIndexMap(track.keypointNames);
  return {
    keypointNames: [...COCO_KEYPOINTS],
    fps: track.fps,
    width: track.width,
    height: track.height,
    frames: track.frames.map((f) => {
      const row = [r3(f.t)];
      for (const src of map) {
        row.push(
          r3(f.keypoints[src * 3] ?? 0),
          r3(f.keypoints[src * 3 + 1] ?? 0),
          Math.round((f.keypoints[src * 3 + 2] ?? 0) * 100) / 100,
        );
      }
      return row;
    }),
  };
}
