import type { ContinuousTrack } from "./align/interp.ts";
import { compactTrack } from "./compact-track.ts";
import { describeSections } from "./counts/describe.ts";
import { type FeatureTrack, JOINTS, MIRROR_JOINT } from "./features.ts";
import {
  type CoachContext,
  type Judged,
  moveCue,
  overallSummary,
  sectionJointFeedback,
  sectionSummary,
  steadyCue,
} from "./feedback/coach.ts";
import type { Match } from "./match.ts";
import { FLOAT_SLACK, round1, round3 } from "./numbers.ts";
import { type MoveMeasure, primitivesOf, userTimeIn, weighted } from "./score/judge.ts";
import { lateness } from "./score/lateness.ts";
import { limbScores } from "./score/limbs.ts";
import type { SamenessDecision } from "./score/sameness.ts";
import { compareShape, sidesAsReference } from "./score/shape.ts";
import { categoryScores, type Style } from "./score/styles.ts";
import type { ComparisonResult, MoveResult, SectionResult } from "./types.ts";
import type { PartDanced } from "./window.ts";
import { ENGINE_VERSION } from "./version.ts";

/**
 * The answer of a comparison, built from what judging a match decided (judge-match.ts): each
 * move's and section's figures and words, the problem joints, the alignment the player follows,
 * the shape timeline and the skeletons. Decides nothing itself.
 */

/** What judging a match decided, before it is put into words and figures. */
export interface Judgement {
  measures: MoveMeasure[];
  /** Each move with its own score and verdict. */
  judged: Judged[];
  decision: SamenessDecision;
  confidence: number;
  /** The evidence said "not the same" and the dancer said it is this routine: scored as unsure. */
  dancerCall: boolean;
  /** Not "not the same": scored on shape and timing. */
  same: boolean;
  shape: number;
  timing: number | null;
  overall: number;
  /** The score of a stretch from its shape and timing (a section's, the whole routine's). */
  scoreOf: (shape: number, timing: number | null) => number;
  /** How a stretch of moves is timed: the pace and each move's lapse, holds not counted. */
  timingOf: (moves: MoveMeasure[]) => number | null;
  /** Style categories are scaled into the not-the-same range like the score. */
  categoryScale: number;
  coach: CoachContext;
}

/** The time map and the timeline hold at most this many points: smooth on a player's scrubber, small to store. */
const ANSWER_POINTS = 240;
/** A move whose reference body the user's video shows to at least this share counts fully toward coverage. */
const FULLY_SHOWN = 0.8;
/** Sync quality halves when the moves lapse from a steady pace by this much (RMS, seconds): half a beat at 120 BPM. */
const SYNC_HALF_LAPSE_S = 0.25;

/** A section's name: an 8-count on counted music, else a part. */
export function sectionName(n: number, counted: boolean): string {
  return `${counted ? "8-count" : "Part"} ${n}`;
}

/** Puts a judgement into the answer's figures and words. */
export function buildResult(match: Match, style: Style, j: Judgement, partDanced?: PartDanced): ComparisonResult {
  const { fps, refT, userT, ref, counting, fit, mirrored } = match;
  const { measures, judged, same, coach, shape, timing, overall } = j;
  // One instruction per problem: a cue an earlier move of the same section already gave is not
  // repeated, and the pace or the drift (one cause for the whole routine) is said on one move
  // only: the first it makes late or early enough to say.
  const told = new Set<string>();
  const paceCue = steadyCue(coach);
  const moves: MoveResult[] = judged.map((m, index) => {
    // A move the dancer was hidden in is not judged: no instruction, no lateness, no verdict to show.
    const given = m.hidden ? { focus: null, cue: null } : moveCue(m, coach, same);
    const key = given.cue === paceCue ? "pace" : `${coach.sectionOf[index]}\u0000${given.cue}`;
    const repeated = given.cue !== null && told.has(key);
    if (given.cue !== null) told.add(key);
    if (given.cue !== null && given.cue === paceCue && coach.paceMove === null) coach.paceMove = index;
    return {
      index,
      start_s: round3(m.span.start),
      end_s: round3(m.span.end),
      user_start_s: m.userStart === null ? null : round3(Math.max(0, m.userStart)),
      count_label: m.span.label,
      verdict: m.verdict,
      timing_ms: same ? msOrNull(lateness(m)) : null,
      shape: round1(m.shape),
      focus: given.focus,
      cue: repeated ? null : given.cue,
      ...(m.hidden ? { hidden: true as const } : {}),
    };
  });

  const described = describeSections(ref, counting.sections);
  const sections: SectionResult[] = counting.sections.map((s, sectionIndex) => {
    const own = s.moves.map((k) => judged[k] as Judged);
    const sTiming = j.timingOf(own);
    const sShape = weighted(own, (m) => m.shape) || 0;
    const score = round1(j.scoreOf(sShape, sTiming));
    const joints = sectionJointFeedback(own, score, coach, same);
    const label = sectionName(s.number, coach.counted);
    const description = described[sectionIndex] as string;
    const firstUser = own.find((m) => m.userStart !== null)?.userStart ?? match.guide(s.start) ?? 0;
    // Nothing is said of a move the dancer was hidden in: a still or off-shape move there is not hers.
    const seen = own.filter((m) => !m.hidden);
    return {
      title: `${label} · ${description}`,
      label,
      description,
      score,
      overall_feedback: sectionSummary(seen, score, joints, coach, same),
      timestamp: round3(s.start),
      duration: round3(s.end - s.start),
      joint_feedback: joints,
      categories: rounded(categoryScores(style, primitivesOf(own, sTiming), j.categoryScale)),
      user_timestamp: round3(Math.max(0, firstUser)),
      moves: s.moves,
    };
  });

  // Problematic joints: those a section flags, worst first, each with the words of the section
  // where it is most off (so the list and the section cards say the same thing).
  const worstBySection = new Map<string, { diff: number; text: string }>();
  for (const s of sections)
    for (const [jt, f] of Object.entries(s.joint_feedback)) {
      const prev = worstBySection.get(jt);
      if (!prev || f.diff > prev.diff)
        worstBySection.set(jt, {
          diff: f.diff,
          text: `${f.feedback.replace(/\.$/, "")} (${s.label}).`,
        });
    }
  const problematicJoints = [...worstBySection.entries()].sort((a, b) => b[1].diff - a[1].diff).map(([jt]) => jt);
  const jointSpecificFeedback = Object.fromEntries(
    problematicJoints.map((jt) => [jt, worstBySection.get(jt)?.text ?? ""]),
  );

  const lastFound = [...measures].reverse().find((m) => m.timing !== null);
  const firstFound = measures.find((m) => m.timing !== null);
  const driftAtEnd = lastFound && firstFound ? (fit.tempo - 1) * (lastFound.span.start - firstFound.span.start) : 0;
  const coverage = weighted(measures, (m) => (m.userStart === null ? 0 : Math.min(1, m.visible / FULLY_SHOWN))) || 0;
  const lapses = fit.lapse.filter((l): l is number => l !== null);
  const rmsLapse = lapses.length ? Math.sqrt(lapses.reduce((a, l) => a + l * l, 0) / lapses.length) : 1;
  const segment = sections.length ? sections.reduce((a, s) => a + s.duration, 0) / sections.length : ref.duration;
  const overview = overallSummary({
    ...coach,
    score: overall,
    shape,
    timing,
    same,
    decision: j.decision,
    dancerCall: j.dancerCall,
    moves: judged,
    sections,
    tempo: fit.tempo,
    driftAtEnd,
    coverage,
    partDanced: partDanced ?? null,
  });
  return {
    overall_score: overall,
    scores: { shape, timing },
    same_routine: same,
    sameness: {
      decision: j.decision,
      confidence: round3(j.confidence),
      music: match.music !== null,
      ...(j.dancerCall ? { dancer_call: true as const } : {}),
    },
    danced: partDanced?.danced ?? null,
    moves,
    counts: counting.info,
    style,
    categories: rounded(categoryScores(style, primitivesOf(judged, timing), j.categoryScale)),
    sections,
    overallFeedback: `${overview.headline} ${overview.details}`.trim(),
    overview,
    jointSpecificFeedback,
    problematicJoints,
    alignment: {
      mirrored: mirrored,
      tempo_ratio: round3(fit.tempo),
      offset_s: round3(fit.intercept),
      // Steady timing → 1: the RMS lapse from a constant pace (s) lowers it, as does a partial match.
      sync_quality: round3(coverage / (1 + (rmsLapse / SYNC_HALF_LAPSE_S) ** 2)),
      segment_duration: round3(segment),
      time_map: timeMap(measures, fit.tempo, fps),
      coverage: round3(coverage),
      confidence: round3(j.confidence),
      clock: match.clock,
    },
    joint_differences: jointDifferences(judged),
    timeline: timeline(ref, (m) => match.oriented(m.mirrored).cont, measures, fit.tempo),
    limb_scores: same ? limbScores(ref, (m) => match.oriented(m).features, measures, fit.tempo) : null,
    tracks: { reference: compactTrack(refT), user: compactTrack(userT) },
    model: refT.model === userT.model ? refT.model : `${refT.model}+${userT.model}`,
    engine_version: ENGINE_VERSION,
  };
}

/** Seconds as whole milliseconds; a lateness under half a millisecond is 0, never −0. */
const msOrNull = (s: number | null) => (s === null ? null : Math.round(s * 1000) || 0);

function rounded(v: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, round1(x)]));
}

/**
 * [[user_t, ref_t], …] along every found move (each analysed frame, and the move's end), both
 * increasing; at most ANSWER_POINTS points. The player follows it to keep the two videos on the same move.
 */
function timeMap(moves: MoveMeasure[], tempo: number, fps: number): Array<[number, number]> {
  const pts: Array<[number, number]> = [];
  let lastUser = 0;
  for (const m of moves) {
    if (m.userStart === null) continue;
    const times: number[] = [];
    for (let i = Math.ceil(m.span.start * fps - FLOAT_SLACK); i / fps < m.span.end - FLOAT_SLACK; i++)
      times.push(i / fps);
    times.push(m.span.end);
    for (const t of times) {
      const u = Math.max(lastUser, userTimeIn(m, t, tempo) as number);
      const prev = pts[pts.length - 1];
      if (prev && t <= prev[1] + FLOAT_SLACK) {
        // Shared boundary of two moves: the later move's start wins.
        prev[0] = round3(Math.max(prev[0], u));
        lastUser = Math.max(lastUser, u);
        continue;
      }
      pts.push([round3(u), round3(t)]);
      lastUser = u;
    }
  }
  const step = Math.max(1, Math.ceil(pts.length / ANSWER_POINTS));
  const out = pts.filter((_, k) => k % step === 0);
  const last = pts[pts.length - 1];
  if (last && out[out.length - 1] !== last) out.push(last);
  return out;
}

/** [[ref_t, score], …]: the shape score along the reference, at most ANSWER_POINTS points. */
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
      const sim = compareShape(r, t === null ? undefined : sidesAsReference(r, user.at(t))).sim;
      scores.push([i / ref.fps, Number.isNaN(sim) ? 0 : 100 * sim]);
    }
  }
  const step = Math.max(1, Math.ceil(scores.length / ANSWER_POINTS));
  const out: Array<[number, number]> = [];
  for (let s = 0; s < scores.length; s += step) {
    const chunk = scores.slice(s, s + step);
    out.push([round3((chunk[0] as [number, number])[0]), round1(chunk.reduce((a, c) => a + c[1], 0) / chunk.length)]);
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
      sum.has(j) ? [[j, round1((sum.get(j) as [number, number])[0] / (sum.get(j) as [number, number])[1])]] : [],
    ),
  );
}
