import { type CoachContext, type Judged, paceNotable, saidDrift } from "./feedback/coach.ts";
import type { Match } from "./match.ts";
import { buildResult, type Judgement, sectionName } from "./result.ts";
import {
  combineScores,
  moveScore,
  movesTiming,
  notSameScore,
  routineScores,
  timingRule,
  verdictOf,
} from "./score/combine.ts";
import { type MoveMeasure, measureMatch } from "./score/judge.ts";
import { judgeSameness, keptClockOf, samenessEvidence } from "./score/sameness.ts";
import type { Style } from "./score/styles.ts";
import type { ComparisonResult } from "./types.ts";
import type { PartDanced } from "./window.ts";

/** Judges a match (see match.ts): decides, scores and gives each move its verdict; buildResult says it. */
export function judgeMatch(match: Match, style: Style, partDanced?: PartDanced, dancerCall = false): ComparisonResult {
  const { fit, counting } = match;
  const measures = measureMatch(match);
  // Same routine? A decision: the same (or unsure) is scored on shape and timing alone (see
  // score/combine.ts); not the same makes no claims and scores below NOT_SAME_MAX.
  // The dancer who says it is this routine has the last word over a refusal: scored, and unsure.
  const evidence = samenessEvidence({ ...match, keptClock: keptClockOf(match) }, measures);
  const { confidence, decision: measured } = judgeSameness(evidence);
  const overruled = dancerCall && measured === "not_same";
  const decision = overruled ? "unsure" : measured;
  const same = decision !== "not_same";
  const rule = timingRule(match.clock);
  const timingOf = (moves: MoveMeasure[]) => (same ? movesTiming(moves, fit.tempo, rule) : null);
  const { shape, timing, overall } = routineScores(measures, fit.tempo, rule, same);
  const scoreOf = (s: number, t: number | null) => (same ? combineScores(s, t) : notSameScore(s));

  const counted = counting.info.source !== "none";
  const sectionOf: string[] = [];
  for (const s of counting.sections) for (const k of s.moves) sectionOf[k] = sectionName(s.number, counted);
  const base = {
    clock: match.clock,
    counted,
    paceNamed: same && paceNotable(fit.tempo),
    tempo: fit.tempo,
    sectionOf,
    moveCount: counting.moves.length,
    paceMove: null,
  };
  const coach: CoachContext = { ...base, drift: same ? saidDrift(measures, base, counting.info.bpm) : null };
  // A move's verdict follows from its own shape and timing; with another routine there is none to give.
  const judged: Judged[] = measures.map((m, index) => {
    const score = moveScore(m, rule);
    return { ...m, index, score, verdict: same ? verdictOf(score) : "miss" };
  });
  const judgement: Judgement = {
    measures,
    judged,
    decision,
    confidence,
    dancerCall: overruled,
    same,
    shape,
    timing,
    overall,
    scoreOf,
    timingOf,
    categoryScale: same ? 1 : notSameScore(100) / 100,
    coach,
  };
  return buildResult(match, style, judgement, partDanced);
}
