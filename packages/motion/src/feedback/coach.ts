import { COMPARE_MESSAGES, JOINT_FEEDBACK_BELOW_SCORE, JOINT_FEEDBACK_MIN_DIFF } from "@stepsync/contracts";
import {
  FACING_LINES,
  JOINTS,
  type Joint,
  MIRROR_JOINT,
  MIRROR_PART,
  PART_JOINTS,
  PARTS,
  type Part,
} from "../features.ts";
import type { Clock } from "../align/timing.ts";
import { type Drift, findDrift } from "./drift.ts";
import type { PartDanced } from "../window.ts";
import { type MoveMeasure, POSTURE, postureFactor, weighted } from "../score/judge.ts";
import type { SamenessDecision } from "../score/sameness.ts";
import { lateness } from "../score/lateness.ts";
import { moveTimingScore, timingRule } from "../score/combine.ts";
import type { Overview, Verdict } from "../types.ts";
import {
  band,
  type DriftStart,
  driftInstruction,
  facingInstruction,
  jointInstruction,
  movementInstruction,
  PART_WORDS,
  paceInstruction,
  paceWords,
  partDancedSentence,
  partInstruction,
  postureInstruction,
  roundDegrees,
  roundSeconds,
  speedChange,
  steadyCauseNote,
  timingInstruction,
} from "./words.ts";

/** Said when the engine cannot tell for sure that it is the same routine (it scores it as if it were). */
export const UNSURE_ROUTINE =
  "Only parts of your video clearly match the reference, so this may not be the same routine: the scores assume it is, and the timing figures are approximate.";

/** Said instead when the engine would have refused the take and the dancer said it is this routine. */
export const DANCER_CALL =
  "You told us this is the routine, so it is scored as it; your moves did not clearly match the reference's on their own, so read the scores and timing as approximate.";

/** Moving less than this share of the reference's movement is the first thing to say about a move. */
const UNDERMOVED = 0.6;
/** A move whose posture factor (score/judge.ts POSTURE) is below this lost a quarter of its shape to it: said first. */
const POSTURE_CUE_BELOW = 0.75;

/** A part this far off (mean segment difference, degrees) is worth a word. */
const FOCUS_MIN_DEG = 15;
/** Moves whose shape scores below this get a body instruction… */
const CUE_SHAPE_BELOW = 85;
/**
 * …and so does a part this far off (degrees), however well the rest of the body matches, when the
 * number its cue says is as large: a part 25° off whose clearest joint is 15° off is pose noise or
 * a moment of the match, not a correction (a copy of one performance 3 % faster was told "Straighten
 * your left arm more, about 15°" on a Perfect move)…
 */
const CUE_PART_DEG = 25;
/**
 * …or, for the head, this far: the pose model reads it from a few face points, which a mirror
 * image reads differently — mirrored copies of one performance read the head 27–34° off on
 * Perfect moves (p2s_balance_cam02, baseball_pitch), and were told to tilt or turn it.
 */
const CUE_HEAD_DEG = 40;
/** A joint correction smaller than this (degrees) is not worth a dancer's attention. */
const MIN_JOINT_CUE_DEG = 15;
/** A joint's error has a direction when its signed mean is at least this share of its mean size. */
const CONSISTENT_SHARE = 0.6;
/**
 * Moves this far off the beat (seconds) get a timing instruction — or, on another clock, as far off
 * as scores the same on its timing (score/combine.ts timingRule): with no music to keep, a move is
 * timed against the dancer's own pace and 0.12 s off it is nothing to correct (about 0.25 s is).
 */
const TIMING_CUE_S = 0.12;
/** A pace this far from the reference's (the share of its speed the overall text says) is named. */
const TEMPO_NOTABLE = 0.08;

/** Whether the overall text names a pace of `tempo` (the dancer's seconds per reference second). */
export function paceNotable(tempo: number): boolean {
  return Math.abs(speedChange(tempo)) >= TEMPO_NOTABLE;
}
/** Score gap (points) below which two sections are called even rather than best and hardest. */
const NOTABLE_GAP = 5;

export interface Judged extends MoveMeasure {
  index: number;
  score: number;
  verdict: Verdict;
}

export interface CoachContext {
  /** What the dancer kept time with (align/timing.ts): with nothing, the pace is theirs to choose. */
  clock: Clock;
  /** "music" counts say "on counts 3–4"; otherwise "in move 3". */
  counted: boolean;
  /** Whether the overall text names the user's pace (slower or faster than the reference's). */
  paceNamed: boolean;
  /** The user's time per reference second (1.25: 0.8× as fast, "20 % slower"). */
  tempo: number;
  /** Short name of the section each move is in ("8-count 2", "Part 3"), by move index. */
  sectionOf: string[];
  /** Number of moves in the routine. */
  moveCount: number;
  /** The dancer drifting off the music or the take (music and take clocks), with the sentence that says it. */
  drift: SaidDrift | null;
  /** The move whose cue says the pace or the drift (said once for the whole routine), once the cues are given. */
  paceMove: number | null;
}

export interface SaidDrift extends Drift {
  /** Where it starts, in the dancer's counts, and the one sentence that says it. */
  start: DriftStart;
  text: string;
}

/**
 * The drift in the moves' lateness (feedback/drift.ts) with its one sentence: where it starts in
 * the dancer's counts ("From 8-count 3", "From count 5 of 8-count 3", "From move 6"), its rate
 * every 8 counts of the music (`bpm`: its counts per minute), or every 10 s without a count.
 */
export function saidDrift(moves: MoveMeasure[], c: Omit<CoachContext, "drift">, bpm: number | null): SaidDrift | null {
  const d = findDrift(moves, c.clock);
  if (!d) return null;
  const m = moves[d.from] as MoveMeasure;
  const section = c.sectionOf[d.from] ?? "";
  const start: DriftStart =
    d.from === moves.findIndex((x) => lateness(x) !== null)
      ? { first: true }
      : !c.counted
        ? { move: m.span.label }
        : d.from === 0 || c.sectionOf[d.from - 1] !== section
          ? { section }
          : { count: countsOf(m)[0], section };
  const eight = c.counted && bpm ? (8 * 60) / bpm : null;
  const text = driftInstruction({
    start,
    perStretch: Math.abs(d.rate) * (eight ?? 10),
    stretch: eight ? "8 counts" : "10 s",
    atEnd: d.atEnd,
    keeping: c.counted || c.clock === "music" ? "the music" : "the video",
  });
  return { ...d, start, text };
}

/** The one instruction for lateness with a cause for the whole routine (the drift, or the pace the summary names), if any. */
export function steadyCue(c: CoachContext): string | null {
  return c.drift?.text ?? (c.paceNamed ? paceInstruction(c.tempo) : null);
}

/** The user's own body part or joint (a move danced mirror-wise was compared mirrored). */
function realPart(p: Part, m: Pick<MoveMeasure, "mirrored">): Part {
  return m.mirrored ? MIRROR_PART[p] : p;
}
function realJoint(j: Joint, m: Pick<MoveMeasure, "mirrored">): Joint {
  return m.mirrored ? MIRROR_JOINT[j] : j;
}

export function whenOf(m: MoveMeasure, c: CoachContext): string {
  if (!c.counted) return `in ${m.span.label}`;
  return m.span.label.includes("–") ? `on counts ${m.span.label}` : `on count ${m.span.label}`;
}

/** The counts (or move numbers) a move covers, without the words around them: "3–4", "5", "move 2". */
function countsOf(m: MoveMeasure): [string, string] {
  const parts = m.span.label.replace("move ", "").split("–");
  return [parts[0] as string, parts[parts.length - 1] as string];
}

/**
 * Where a run of moves is: "on counts 3–6" or "in moves 2–4" within one section (with the
 * section's name when `named`), "from count 5 of 8-count 2 to count 4 of 8-count 3" across
 * sections, "… on" when it lasts to the end.
 */
function whenRun(run: Judged[], c: CoachContext, named: boolean): string {
  const first = run[0] as Judged;
  const last = run[run.length - 1] as Judged;
  const s1 = c.sectionOf[first.index] ?? "";
  const s2 = c.sectionOf[last.index] ?? "";
  const unit = c.counted ? "count" : "move";
  if (s1 === s2) {
    const of = named ? ` of ${s1}` : "";
    if (run.length === 1) return `${whenOf(first, c)}${of}`;
    const a = countsOf(first)[0];
    const b = countsOf(last)[1];
    return c.counted ? `on counts ${a}–${b}${of}` : `in moves ${a}–${b}${of}`;
  }
  const from = `from ${unit} ${countsOf(first)[0]} of ${s1}`;
  if (last.index === c.moveCount - 1) return `${from} on`;
  return `${from} to ${unit} ${countsOf(last)[1]} of ${s2}`;
}

/** The joint of a part whose error has the clearest direction, with its signed mean; undefined when none does. */
function directedJoint(m: MoveMeasure, part: Part): { joint: Joint; signed: number; size: number } | undefined {
  let best: { joint: Joint; signed: number; size: number } | undefined;
  for (const j of PART_JOINTS[part]) {
    const i = JOINTS.indexOf(j);
    const size = m.jointAbs[i] as number;
    const signed = m.jointSigned[i] as number;
    if (Number.isNaN(size) || Number.isNaN(signed) || Math.abs(signed) < MIN_JOINT_CUE_DEG) continue;
    if (Math.abs(signed) < CONSISTENT_SHARE * size) continue;
    if (!best || Math.abs(signed) > Math.abs(best.signed)) best = { joint: j, signed, size };
  }
  return best;
}

/** The body part that matters most in a move: the one furthest off, when it is off enough to mention. */
export function focusOf(m: MoveMeasure): Part | null {
  let best = -1;
  let worst = FOCUS_MIN_DEG;
  m.parts.forEach((d, i) => {
    if (!Number.isNaN(d) && d > worst) {
      worst = d;
      best = i;
    }
  });
  return best < 0 ? null : (PARTS[best] as Part);
}

/**
 * The body instruction for a part of one move — its clearest joint, else which way to face, else
 * the part's direction — and the degrees it says (rounded as said).
 */
function bodyCue(m: MoveMeasure, part: Part, when?: string): { text: string; deg: number } {
  const d = directedJoint(m, part);
  if (d)
    return {
      text: jointInstruction(realJoint(d.joint, m), d.signed, Math.abs(d.signed), when),
      deg: roundDegrees(d.signed),
    };
  const size = m.parts[PARTS.indexOf(part)] as number;
  if (part === "torso") {
    const facing = Math.max(...FACING_LINES.map((k) => m.segs[k] as number).filter((v) => !Number.isNaN(v)));
    if (facing > size) return { text: facingInstruction(facing, when), deg: roundDegrees(facing) };
  }
  return { text: partInstruction(realPart(part, m), size, when), deg: roundDegrees(size) };
}

/**
 * One instruction for a move (null when there is nothing to correct), and its focus part as the
 * user's own. A move off the beat says its own lateness (score/lateness.ts): the number shown
 * beside it, rounded as a dancer hears it.
 */
export function moveCue(m: Judged, c: CoachContext, same: boolean): { focus: string | null; cue: string | null } {
  if (!same) return { focus: null, cue: null };
  if (m.userStart === null) return { focus: null, cue: "This move is missing from your video." };
  if (m.visible < 0.4) return { focus: null, cue: "Keep your whole body in the frame for this move." };
  if (m.moved < UNDERMOVED) return { focus: null, cue: movementInstruction(m.moved) };
  // A trunk swaying where the reference's stays steady is corrected first: the limbs follow from it.
  if (m.trunk && postureFactor(m.trunk) < POSTURE_CUE_BELOW)
    return { focus: "torso", cue: postureInstruction(m.trunk[1] - POSTURE.SPARE * m.trunk[0]) };
  const focus = focusOf(m);
  const focusName = focus ? realPart(focus, m) : null;
  const partOff = focus ? (m.parts[PARTS.indexOf(focus)] as number) : 0;
  if (focus) {
    const body = bodyCue(m, focus);
    // On a move otherwise right, the part must be clearly off, and so must the number the cue says.
    const clear = focus === "head" ? CUE_HEAD_DEG : CUE_PART_DEG;
    if (m.shape < CUE_SHAPE_BELOW || (partOff >= clear && body.deg >= clear))
      return { focus: focusName, cue: body.text };
  }
  const off = offBeat(m, c.clock);
  if (off !== null) return { focus: focusName, cue: steadyOnly(m, off, c) ? steadyCue(c) : timingInstruction(off) };
  return { focus: focusName, cue: null };
}

/**
 * Off the beat only because of a cause for the whole routine: the drift (late as it grows, within
 * a word of its line), or the pace the overall text names (late when slower, early when faster,
 * while keeping that pace steadily). Its instruction is that cause, said once, not a growing
 * lateness on every move.
 */
function steadyOnly(m: Judged, off: number, c: CoachContext): boolean {
  if (c.drift)
    return (
      m.index >= c.drift.from &&
      Math.sign(off) === Math.sign(c.drift.rate) &&
      !worthTelling(off - c.drift.expected(m), c.clock)
    );
  return (
    c.paceNamed && Math.sign(off) === Math.sign(c.tempo - 1) && (m.lapse === null || !worthTelling(m.lapse, c.clock))
  );
}

/** Off the beat enough to say, and only for the routine's steady cause. */
function offForSteadyCause(m: Judged, c: CoachContext): boolean {
  const off = offBeat(m, c.clock);
  return off !== null && steadyOnly(m, off, c);
}

/** Frame-weighted mean over moves of one joint's |difference| and signed difference. */
function jointOver(moves: MoveMeasure[], i: number): { size: number; signed: number } {
  let s = 0;
  let g = 0;
  let w = 0;
  for (const m of moves) {
    const a = m.jointAbs[i] as number;
    const b = m.jointSigned[i] as number;
    if (Number.isNaN(a) || Number.isNaN(b)) continue;
    s += a * m.frames;
    g += b * m.frames;
    w += m.frames;
  }
  return w ? { size: s / w, signed: g / w } : { size: Number.NaN, signed: Number.NaN };
}

/** A section names at most this many joints: a dancer works on a few things at a time. */
const MAX_JOINTS_PER_SECTION = 3;

/**
 * Joint feedback for a section, by the contracts' rule (JOINT_FEEDBACK_BELOW_SCORE): only when its
 * rounded score is below 90, for joints whose mean difference over the section rounds above 20, worst first, at most MAX_JOINTS_PER_SECTION. The
 * words name the move where the joint is most off, with that move's direction and amount — and
 * `diff` is that same amount, as the sentence says it: one number with one meaning, in the joint
 * table and in the words.
 */
export function sectionJointFeedback(
  moves: MoveMeasure[],
  score: number,
  c: CoachContext,
  same: boolean,
): Record<string, { diff: number; feedback: string }> {
  const out: Record<string, { diff: number; feedback: string }> = {};
  if (!same || Math.round(score) >= JOINT_FEEDBACK_BELOW_SCORE) return out;
  const ranked = JOINTS.map((j, i) => ({ j, i, ...jointOver(moves, i) }))
    .filter((x) => !Number.isNaN(x.size) && Math.round(x.size) > JOINT_FEEDBACK_MIN_DIFF)
    .sort((a, b) => b.size - a.size);
  for (const x of ranked) {
    if (Object.keys(out).length >= MAX_JOINTS_PER_SECTION) break;
    const directed = (m: MoveMeasure) =>
      Math.abs(m.jointSigned[x.i] as number) >= CONSISTENT_SHARE * (m.jointAbs[x.i] as number);
    // A move the user did not make is told to keep moving, not how to hold an arm in it.
    const byError = [...moves]
      .filter((m) => !Number.isNaN(m.jointAbs[x.i] as number))
      .sort((a, b) => (b.jointAbs[x.i] as number) - (a.jointAbs[x.i] as number));
    const made = byError.filter((m) => !(m.moved < UNDERMOVED));
    const worst = made.find(directed) ?? byError.find(directed) ?? made[0] ?? byError[0];
    if (!worst) continue;
    const signed = worst.jointSigned[x.i] as number;
    const real = realJoint(x.j, worst);
    const amount = roundDegrees(signed);
    if (amount <= JOINT_FEEDBACK_MIN_DIFF) continue;
    out[real] = {
      diff: amount,
      feedback: jointInstruction(real, signed, amount, moves.length > 1 ? whenOf(worst, c) : undefined),
    };
  }
  return out;
}

export interface TimingRun {
  run: Judged[];
  /** Mean seconds late (+) or early (−) over the run. */
  seconds: number;
}

/** Whether being `seconds` off is worth a word on this clock (TIMING_CUE_S). */
function worthTelling(seconds: number, clock: Clock): boolean {
  return moveTimingScore(seconds, timingRule(clock)) <= moveTimingScore(TIMING_CUE_S);
}

/** A move's lateness when it is far enough off the beat to say (TIMING_CUE_S), else null. */
function offBeat(m: MoveMeasure, clock: Clock): number | null {
  const o = lateness(m);
  return o === null || !worthTelling(o, clock) ? null : o;
}

/**
 * Runs of consecutive moves off the beat the same way, with their mean lateness: the moves' own
 * numbers (score/lateness.ts), so a section or the summary never says early where its moves say
 * late. A move off only for the routine's steady cause (the drift, the pace) is that cause's, and
 * ends a run.
 */
export function timingRuns(moves: Judged[], c: CoachContext): TimingRun[] {
  const runs: TimingRun[] = [];
  let run: Array<{ m: Judged; off: number }> = [];
  const close = () => {
    if (run.length) runs.push({ run: run.map((x) => x.m), seconds: run.reduce((a, x) => a + x.off, 0) / run.length });
    run = [];
  };
  for (const m of moves) {
    const off = offBeat(m, c.clock);
    if (off === null || steadyOnly(m, off, c)) {
      close();
      continue;
    }
    const prev = run[run.length - 1];
    if (prev && Math.sign(prev.off) !== Math.sign(off)) close();
    run.push({ m, off });
  }
  close();
  return runs;
}

/** The run that costs most (offset × length), among those `told` keeps. */
export function worstTimingRun(
  moves: Judged[],
  c: CoachContext,
  told: (r: TimingRun) => boolean = () => true,
): TimingRun | undefined {
  let best: TimingRun | undefined;
  for (const r of timingRuns(moves, c).filter(told))
    if (!best || Math.abs(r.seconds) * r.run.length > Math.abs(best.seconds) * best.run.length) best = r;
  return best;
}

export function timingRunSentence(r: TimingRun, c: CoachContext, named: boolean): string {
  return timingInstruction(r.seconds, whenRun(r.run, c, named));
}

/**
 * A section's summary: how it went, then what matters most, in this order and once each: a move
 * not danced (held still), the biggest body correction, the routine's steady cause of lateness
 * (the drift or the pace: in the one section whose move says it), the worst other stretch off the beat.
 */
export function sectionSummary(
  moves: Judged[],
  score: number,
  joints: Record<string, { diff: number; feedback: string }>,
  c: CoachContext,
  same: boolean,
): string {
  const out = [`${band(score)} (${Math.round(score)}/100).`];
  if (!same) {
    out.push("This part does not match the reference.");
    return out.join(" ");
  }
  if (moves.length && moves.every((m) => m.userStart === null)) {
    out.push("This part is missing from your video.");
    return out.join(" ");
  }
  const still = moves.find((m) => m.userStart !== null && m.moved < UNDERMOVED);
  if (still) out.push(movementInstruction(still.moved, moves.length > 1 ? whenOf(still, c) : undefined));
  const firstJoint = Object.values(joints)[0];
  if (firstJoint) out.push(firstJoint.feedback);
  else if (score < JOINT_FEEDBACK_BELOW_SCORE) {
    // No joint item: the first body instruction of a move, said with its counts.
    const body = moves.find((m) => m !== still && m.shape < CUE_SHAPE_BELOW && focusOf(m));
    const part = body ? focusOf(body) : null;
    if (body && part) out.push(bodyCue(body, part, moves.length > 1 ? whenOf(body, c) : undefined).text);
  }
  // The routine's steady cause of lateness: its instruction where it is said, else what it does here.
  const steady = steadyCue(c);
  if (steady && moves.some((m) => m.index === c.paceMove)) out.push(steady);
  else if (steady && moves.some((m) => offForSteadyCause(m, c)))
    out.push(steadyCauseNote(c.drift ? { drift: c.drift.start, late: c.drift.rate > 0 } : { tempo: c.tempo }));
  const run = worstTimingRun(moves, c);
  if (run) out.push(timingRunSentence(run, c, false));
  if (out.length === 1 && score >= 80) out.push("You match the reference closely here.");
  return out.join(" ");
}

export interface OverallContext extends CoachContext {
  score: number;
  shape: number;
  timing: number | null;
  same: boolean;
  decision: SamenessDecision;
  /** The dancer overruled a refusal (result.ts Judgement.dancerCall). */
  dancerCall: boolean;
  moves: Judged[];
  sections: Array<{
    title: string;
    label: string;
    score: number;
    timestamp: number;
    duration: number;
    moves: number[];
    joint_feedback: Record<string, { diff: number; feedback: string }>;
  }>;
  /** Seconds behind (+) or ahead (−) at the last move, from the pace alone. */
  driftAtEnd: number;
  coverage: number;
  /** The user's video covered only this part of the routine (compare.ts): the result is for it. */
  partDanced: PartDanced | null;
}

/**
 * The overall paragraph as its two parts: the headline (the verdict, or that it is not the same
 * routine) and the details after it (the pace, the parts to practise, notes). The result's
 * overallFeedback is the two joined; screens that show the headline apart read the fields.
 */
export function overallSummary(c: OverallContext): Overview {
  if (!c.same)
    return {
      headline: `${COMPARE_MESSAGES.notSameRoutine}.`,
      details: [
        "Your moves do not line up with the reference's, so there is no score, timing or joint feedback.",
        "Check that you chose the right reference video and that your whole body is in the frame.",
      ].join(" "),
    };
  const headline =
    c.timing === null
      ? `${band(c.score)}: overall ${Math.round(c.score)}/100 — shape ${Math.round(c.shape)}; the reference holds still, so there is no timing to judge.`
      : `${band(c.score)}: overall ${Math.round(c.score)}/100 — shape ${Math.round(c.shape)}, timing ${Math.round(c.timing)}.`;
  const out: string[] = [];
  if (c.drift) out.push(c.drift.text);
  else if (c.paceNamed) {
    const drift =
      Math.abs(c.driftAtEnd) >= 0.2
        ? `, so by the end you were about ${roundSeconds(c.driftAtEnd)} s ${c.driftAtEnd > 0 ? "behind" : "ahead"}`
        : "";
    out.push(
      c.clock === "free"
        ? `You moved about ${paceWords(c.tempo)} than the reference; with no music to keep, that is your own pace, not a mistake — match it to dance along with the video.`
        : `You were about ${paceWords(c.tempo)} than the reference${drift}.`,
    );
  }
  // Late all along when slower (early when faster) is the drift just said: not told twice.
  const pacesWay = (r: TimingRun) => c.paceNamed && Math.sign(r.seconds) === Math.sign(c.tempo - 1);
  const run = worstTimingRun(c.moves, c, (r) => !pacesWay(r));
  if (run) out.push(timingRunSentence(run, c, c.sections.length > 1));
  if (c.sections.length > 1) {
    const sorted = [...c.sections].sort((a, b) => a.score - b.score);
    const lo = sorted[0];
    const hi = sorted[sorted.length - 1];
    if (lo && hi && hi.score - lo.score >= NOTABLE_GAP)
      out.push(
        `Best part: ${hi.title} (${Math.round(hi.score)}). Hardest part: ${lo.title} (${Math.round(lo.score)}).`,
      );
  }
  // The biggest body corrections, as the sections say them (same words, same numbers).
  const items = c.sections
    .flatMap((s) => Object.values(s.joint_feedback).map((j) => ({ s, j })))
    .sort((a, b) => b.j.diff - a.j.diff);
  const picked: Array<{ section: string; text: string }> = [];
  for (const { s, j } of items) {
    if (picked.some((p) => p.text === j.feedback)) continue;
    picked.push({ section: s.label, text: j.feedback });
    if (picked.length === 2) break;
  }
  if (picked.length) {
    const bySection = [...new Set(picked.map((p) => p.section))].map(
      (section) =>
        `In ${section}: ${picked
          .filter((p) => p.section === section)
          .map((p) => p.text)
          .join(" ")}`,
    );
    out.push(`To work on first. ${bySection.join(" ")}`);
  }
  // Sections danced mostly mirror-wise (by time).
  const flipped = c.sections.filter((s) => {
    const own = s.moves.map((k) => c.moves[k]).filter((m): m is Judged => m !== undefined);
    return weighted(own, (m) => (m.mirrored ? 1 : 0)) > 0.5;
  });
  if (flipped.length === c.sections.length && flipped.length)
    out.push("You danced it mirror-wise (left and right swapped), so you were compared with the mirrored reference.");
  else if (flipped.length)
    out.push(
      `You danced ${listWords(flipped.map((s) => s.label))} mirror-wise (left and right swapped), so ${flipped.length > 1 ? "those were" : "that was"} compared with the mirrored reference.`,
    );
  if (c.partDanced) out.push(partDancedSentence(c.partDanced));
  else if (c.coverage < 0.9) out.push(`Your video covers about ${Math.round(c.coverage * 100)} % of the routine.`);
  if (c.dancerCall) out.push(DANCER_CALL);
  else if (c.decision === "unsure") out.push(UNSURE_ROUTINE);
  return { headline, details: out.join(" ") };
}

/** "A", "A and B", "A, B and C". */
function listWords(items: string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export { PART_WORDS, paceInstruction };
