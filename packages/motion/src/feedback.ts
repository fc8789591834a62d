import { type Joint, JOINTS } from "./features.ts";
import type { Primitives } from "./score/metrics.ts";

export const JOINT_LABELS: Record<Joint, string> = {
  left_elbow: "Left elbow",
  right_elbow: "Right elbow",
  left_shoulder: "Left arm",
  right_shoulder: "Right arm",
  left_hip: "Left hip",
  right_hip: "Right hip",
  left_knee: "Left knee",
  right_knee: "Right knee",
  torso: "Torso",
  head: "Head",
};

/** §9: joint feedback only when the rounded score is below 90 and only for joints whose diff is above 20. */
export const FEEDBACK_SCORE_LIMIT = 90;
export const FEEDBACK_DIFF_LIMIT = 20;

/**
 * One actionable sentence for a joint. `signed` is the mean (user − reference) angle: for elbows
 * and knees a smaller angle means more bent; for the arm (shoulder) a smaller angle means lower;
 * for the hip a smaller angle means more folded; for torso and head, more lean/tilt than the reference.
 */
export function jointAdvice(joint: Joint, diff: number, signed: number): string {
  const label = JOINT_LABELS[joint];
  const by = Math.max(5, Math.round(Math.abs(signed) / 5) * 5);
  const avg = Math.round(diff);
  // When the user is off in both directions at different moments, a direction would mislead.
  if (Math.abs(signed) < 0.5 * diff) {
    const both =
      joint === "left_shoulder" || joint === "right_shoulder"
        ? "sometimes too high, sometimes too low"
        : joint === "torso" || joint === "head"
          ? "sometimes tilted more, sometimes less than the reference"
          : "sometimes too bent, sometimes too straight";
    return `${label}: follow the reference's angle more closely (about ${avg}° off, ${both}).`;
  }
  const more = signed > 0;
  switch (joint) {
    case "left_elbow":
    case "right_elbow":
    case "left_knee":
    case "right_knee":
      return more ? `${label}: bend it more, by about ${by}°.` : `${label}: straighten it by about ${by}°.`;
    case "left_shoulder":
    case "right_shoulder":
      return more ? `${label}: lower it by about ${by}°.` : `${label}: raise it about ${by}° higher.`;
    case "left_hip":
    case "right_hip":
      return more
        ? `${label}: fold more at the hip (lift the leg or bend forward further), by about ${by}°.`
        : `${label}: open the hip by about ${by}° (less bend between torso and thigh).`;
    case "torso":
      return more
        ? `${label}: keep it about ${by}° more upright.`
        : `${label}: lean about ${by}° further into the move.`;
    case "head":
      return more
        ? `${label}: tilt it about ${by}° less.`
        : `${label}: tilt it about ${by}° more, as the reference does.`;
    default:
      return `${label}: off by about ${avg}°.`;
  }
}

export function jointFeedback(score: number, p: Primitives): Record<string, { diff: number; feedback: string }> {
  const out: Record<string, { diff: number; feedback: string }> = {};
  if (Math.round(score) >= FEEDBACK_SCORE_LIMIT) return out;
  // Compare the diff as shown (whole degrees), so a shown "20" is never listed as above 20.
  const ranked = JOINTS.filter((j) => !Number.isNaN(p.diff[j]) && Math.round(p.diff[j]) > FEEDBACK_DIFF_LIMIT).sort(
    (a, b) => p.diff[b] - p.diff[a],
  );
  for (const j of ranked)
    out[j] = { diff: Math.round(p.diff[j]), feedback: jointAdvice(j, p.diff[j], p.signedDiff[j]) };
  return out;
}

export function band(score: number): string {
  if (score >= 90) return "Excellent";
  if (score >= 80) return "Very good";
  if (score >= 70) return "Good";
  if (score >= 60) return "Fair";
  if (score >= 45) return "Needs work";
  return "Quite different from the reference";
}

export function lagSentence(lag: number): string | undefined {
  if (Math.abs(lag) < 0.25) return undefined;
  const s = Math.abs(lag).toFixed(1);
  return lag > 0
    ? `You are about ${s} s behind the reference here.`
    : `You are about ${s} s ahead of the reference here.`;
}

function humanCategory(name: string): string {
  return name.replace(/_/g, " ");
}

export function sectionSummary(score: number, categories: Record<string, number>, p: Primitives): string {
  const parts: string[] = [`${band(score)} (${Math.round(score)}/100).`];
  const cats = Object.entries(categories).sort((a, b) => a[1] - b[1]);
  const weakest = cats[0];
  if (p.covered < 0.5) {
    parts.push("Most of this part is missing from your video or you were out of frame.");
  } else if (score < FEEDBACK_SCORE_LIMIT && weakest) {
    parts.push(`Work on ${humanCategory(weakest[0])} here (${Math.round(weakest[1])}).`);
    const worst = JOINTS.filter((j) => !Number.isNaN(p.diff[j])).sort((a, b) => p.diff[b] - p.diff[a])[0];
    if (worst && p.diff[worst] > 12)
      parts.push(
        `The biggest difference is the ${JOINT_LABELS[worst].toLowerCase()} (about ${Math.round(p.diff[worst])}° off).`,
      );
  } else {
    parts.push("You match the reference closely in this part.");
  }
  const lag = lagSentence(p.lag);
  if (lag) parts.push(lag);
  return parts.join(" ");
}

export interface OverallContext {
  score: number;
  categories: Record<string, number>;
  sections: Array<{ title: string; score: number }>;
  problematicJoints: string[];
  mirrored: boolean;
  tempo: number;
  coverage: number;
}

/** Score gap (points) below which two areas or sections are called even rather than best and worst. */
const NOTABLE_GAP = 5;

export function overallParagraph(c: OverallContext): string {
  const out: string[] = [];
  out.push(`${band(c.score)}: overall ${Math.round(c.score)}/100.`);
  const cats = Object.entries(c.categories).sort((a, b) => b[1] - a[1]);
  const best = cats[0];
  const worst = cats[cats.length - 1];
  if (best && worst && best[1] - worst[1] >= NOTABLE_GAP) {
    out.push(
      `Your strongest area is ${humanCategory(best[0])} (${Math.round(best[1])}); the one to practise is ${humanCategory(worst[0])} (${Math.round(worst[1])}).`,
    );
  } else if (best && worst && best[0] !== worst[0]) {
    // Naming a "weakest" area a point behind the best would send the dancer after noise.
    const [lo, hi] = [Math.round(worst[1]), Math.round(best[1])];
    out.push(`Every area scores ${lo === hi ? lo : `${lo}–${hi}`}: an even performance.`);
  }
  if (c.sections.length > 1) {
    const sorted = [...c.sections].sort((a, b) => a.score - b.score);
    const lo = sorted[0];
    const hi = sorted[sorted.length - 1];
    if (lo && hi && hi.score - lo.score >= NOTABLE_GAP)
      out.push(
        `Best part: ${hi.title} (${Math.round(hi.score)}). Hardest part: ${lo.title} (${Math.round(lo.score)}).`,
      );
  }
  if (c.problematicJoints.length) {
    // The worst few only: a list of every joint is not something a dancer can act on.
    const names = c.problematicJoints.slice(0, 3).map((j) => (JOINT_LABELS[j as Joint] ?? j).toLowerCase());
    const last = names.pop();
    out.push(`Pay most attention to your ${names.length ? `${names.join(", ")} and ${last}` : last}.`);
  }
  if (c.mirrored)
    out.push("You danced it mirror-wise (left and right swapped); you were scored against the mirrored reference.");
  if (c.tempo > 1.1) out.push(`You danced about ${Math.round((c.tempo - 1) * 100)}% slower than the reference.`);
  else if (c.tempo < 0.9) out.push(`You danced about ${Math.round((1 - c.tempo) * 100)}% faster than the reference.`);
  if (c.coverage < 0.9) out.push(`Your video covers only about ${Math.round(c.coverage * 100)}% of the reference.`);
  return out.join(" ");
}
