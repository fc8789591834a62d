import type { Joint, Part } from "../features.ts";

/**
 * The words of the feedback: one instruction per problem, in the body's terms, with a direction
 * and an amount. Sentences are complete (no "Left elbow:" label in front), so a screen shows them
 * as they are.
 */

export const PART_WORDS: Record<Part, string> = {
  left_arm: "left arm",
  right_arm: "right arm",
  left_leg: "left leg",
  right_leg: "right leg",
  torso: "torso",
  head: "head",
};

/** Degrees as said to a dancer: to the nearest 5, at least 5. */
export function roundDegrees(deg: number): number {
  return Math.max(5, Math.round(Math.abs(deg) / 5) * 5);
}

/** Seconds as said to a dancer: to the nearest tenth, at least 0.1. */
export function roundSeconds(s: number): string {
  return Math.max(0.1, Math.round(Math.abs(s) * 10) / 10).toFixed(1);
}

function side(joint: Joint): string {
  return joint.startsWith("left") ? "left" : "right";
}

/**
 * One instruction for a joint: `signed` is the user's angle minus the reference's (for torso and
 * head: more tilt than the reference is positive), `amount` the degrees to say, `when` e.g.
 * "on counts 3–4" (optional).
 */
export function jointInstruction(joint: Joint, signed: number, amount: number, when?: string): string {
  const by = `about ${roundDegrees(amount)}°`;
  const at = when ? ` ${when}` : "";
  const more = signed > 0;
  switch (joint) {
    case "left_shoulder":
    case "right_shoulder":
      // The angle between torso and upper arm: larger is higher.
      return more ? `Lower your ${side(joint)} arm${at}, ${by}.` : `Raise your ${side(joint)} arm higher${at}, ${by}.`;
    case "left_elbow":
    case "right_elbow":
      return more
        ? `Bend your ${side(joint)} elbow more${at}, ${by}.`
        : `Straighten your ${side(joint)} arm more${at}, ${by}.`;
    case "left_hip":
    case "right_hip":
      // The angle between torso and thigh: smaller is a higher leg (or a deeper fold forward).
      return more
        ? `Lift your ${side(joint)} leg higher${at}, ${by}.`
        : `Keep your ${side(joint)} leg lower${at}, ${by}.`;
    case "left_knee":
    case "right_knee":
      return more
        ? `Bend your ${side(joint)} knee more${at}, ${by}.`
        : `Straighten your ${side(joint)} knee more${at}, ${by}.`;
    case "torso":
      return more ? `Keep your torso more upright${at}, ${by}.` : `Lean your torso further${at}, ${by}.`;
    case "head":
      return more ? `Hold your head straighter${at}, ${by}.` : `Tilt your head more${at}, ${by}.`;
  }
}

/** A part that is off in a way no single joint explains (e.g. pointing another way). */
export function partInstruction(part: Part, amount: number, when?: string): string {
  const at = when ? ` ${when}` : "";
  if (part === "head") return `Turn your head the way the reference does${at}, about ${roundDegrees(amount)}°.`;
  return `Match the direction of your ${PART_WORDS[part]}${at} to the reference, about ${roundDegrees(amount)}° off.`;
}

/** The body faces another way than the reference's (shoulder and hip lines turned). */
export function facingInstruction(amount: number, when?: string): string {
  return `Turn your body to face the way the reference does${when ? ` ${when}` : ""}, about ${roundDegrees(amount)}°.`;
}

/** The user moves much less than the reference (`ratio` of its movement): held still, or a small version of the move. */
export function movementInstruction(ratio: number, when?: string): string {
  const at = when ? ` ${when}` : "";
  return ratio < 0.25
    ? `Keep moving${at}: you hold still while the reference moves.`
    : `Make the move bigger${at}: yours is about ${Math.round(ratio * 10) * 10} % the size of the reference's.`;
}

/** The trunk swaying or leaning `extra` degrees more than the reference's does through a move. */
export function postureInstruction(extra: number, when?: string): string {
  const at = when ? ` ${when}` : "";
  return `Keep your upper body steady${at}: it sways about ${roundDegrees(extra)}° more than the reference's.`;
}

export function timingInstruction(seconds: number, when?: string): string {
  const at = when ? ` ${when}` : "";
  return seconds > 0
    ? `You are about ${roundSeconds(seconds)} s late${at}.`
    : `You are about ${roundSeconds(seconds)} s early${at}.`;
}

/**
 * The dancer's speed against the reference's, as a signed share of the reference's: from the
 * tempo (the dancer's seconds per reference second), 4/3 (0.75× as fast) is −0.25, 0.8 (1.25× as
 * fast) is +0.25. Every pace a text names is this number.
 */
export function speedChange(tempo: number): number {
  return 1 / tempo - 1;
}

/**
 * The one instruction for moves that are off the beat only because the dancer keeps another pace
 * (tempo: the dancer's time per reference second; 1.25 = 20 % slower), with the percent the
 * overall text names.
 */
export function paceInstruction(tempo: number): string {
  return tempo > 1
    ? `Speed up: you are dancing about ${paceWords(tempo)} than the reference, so you fall behind.`
    : `Slow down: you are dancing about ${paceWords(tempo)} than the reference, so you get ahead.`;
}

/** A pace as every text says it, "25 % slower" (0.75× as fast) or "25 % faster" (1.25×): one rounding for all of them. */
export function paceWords(tempo: number): string {
  const change = speedChange(tempo);
  return `${Math.round(Math.abs(change) * 100)} % ${change < 0 ? "slower" : "faster"}`;
}

/** Where a drift starts: in a section, on a count of one, in a move, or from the dancer's first move. */
export type DriftStart = { section: string } | { count: string; section: string } | { move: string } | { first: true };

/**
 * The one instruction for a dancer drifting off what she keeps time with (`keeping`: "the music",
 * "the video"): where it starts ("From 8-count 3"), how fast (`perStretch` seconds more every
 * `stretch`, e.g. "8 counts") and how far it takes her (`atEnd` seconds, + late, − early).
 */
export function driftInstruction(d: {
  start: DriftStart;
  perStretch: number;
  stretch: string;
  atEnd: number;
  keeping: string;
}): string {
  const from =
    "first" in d.start
      ? "From the start"
      : "move" in d.start
        ? `From ${d.start.move}`
        : "count" in d.start
          ? `From count ${d.start.count} of ${d.start.section}`
          : `From ${d.start.section}`;
  const late = d.atEnd > 0;
  const rate = `about ${roundSeconds(d.perStretch)} s every ${d.stretch}`;
  const end = `${roundSeconds(d.atEnd)} s ${late ? "late" : "early"} by the end`;
  return late
    ? `${from} you drift later, ${rate} (${end}): keep up with ${d.keeping}.`
    : `${from} you drift earlier, ${rate} (${end}): hold back to stay with ${d.keeping}.`;
}

/**
 * Said in a part whose lateness the routine-wide cause explains, where that cause's instruction
 * is not (it is said once, where it starts to matter): what makes this part late, without
 * repeating the instruction.
 */
export function steadyCauseNote(cause: { drift: DriftStart; late: boolean } | { tempo: number }): string {
  if ("tempo" in cause)
    return cause.tempo > 1
      ? "This part is late because of your slower pace."
      : "This part is early because of your faster pace.";
  const s = cause.drift;
  const at =
    "first" in s
      ? "from the start"
      : "move" in s
        ? `in ${s.move}`
        : "count" in s
          ? `on count ${s.count} of ${s.section}`
          : `in ${s.section}`;
  return `This part is ${cause.late ? "late" : "early"} because of the drift that starts ${at}.`;
}

export function band(score: number): string {
  if (score >= 90) return "Excellent";
  if (score >= 80) return "Very good";
  if (score >= 70) return "Good";
  if (score >= 60) return "Fair";
  if (score >= 45) return "Needs work";
  return "A long way off";
}

/** "Perfect", "Great" … for a verdict value. */
export function verdictWord(v: string): string {
  return v === "ok" ? "OK" : v.charAt(0).toUpperCase() + v.slice(1);
}

/** Seconds as a clock reads them: "0:07", "1:02". */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Which part of the routine the user's video covered: "You danced 0:00–0:30 of the 0:37 routine; …". */
export function partDancedSentence(p: {
  danced: { start_s: number; end_s: number; duration_s: number };
  window: { start: number; end: number } | null;
}): string {
  const span = `${clockTime(p.danced.start_s)}–${clockTime(p.danced.end_s)}`;
  const of = p.window
    ? `of the part you practised (${clockTime(p.window.start)}–${clockTime(p.window.end)})`
    : `of the ${clockTime(p.danced.duration_s)} routine`;
  return `You danced ${span} ${of}; the scores are for that part.`;
}
