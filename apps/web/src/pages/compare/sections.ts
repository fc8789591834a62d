// A result's sections and their feedback: headings, which section is playing, jumps and loops, which
// joints to name.
import {
  JOINT_FEEDBACK_BELOW_SCORE,
  JOINT_FEEDBACK_MIN_DIFF,
  type ComparisonResults,
  type ComparisonSection,
} from "@stepsync/contracts";

/**
 * A section's joint feedback, worst first, by the engine's rule (JOINT_FEEDBACK_BELOW_SCORE and
 * JOINT_FEEDBACK_MIN_DIFF in @stepsync/contracts): none for a good section, only joints well off.
 */
export function visibleJointFeedback(section: Pick<ComparisonSection, "score" | "joint_feedback">): Array<{
  joint: string;
  diff: number;
  feedback: string;
}> {
  if (Math.round(section.score) >= JOINT_FEEDBACK_BELOW_SCORE) return [];
  return Object.entries(section.joint_feedback ?? {})
    .filter(([, jf]) => jf && typeof jf.diff === "number" && jf.diff > JOINT_FEEDBACK_MIN_DIFF)
    .map(([joint, jf]) => ({ joint, diff: jf.diff, feedback: jf.feedback }))
    .sort((a, b) => b.diff - a.diff);
}

/**
 * The "What to work on" list, worst joint first. The engine lists problematicJoints in that order;
 * the feedback object's own key order is lost in storage (PostgreSQL's jsonb sorts keys).
 */
export function jointFeedbackList(
  results: Pick<ComparisonResults, "jointSpecificFeedback" | "problematicJoints"> | null | undefined,
): Array<{ joint: string; feedback: string }> {
  const texts = results?.jointSpecificFeedback ?? {};
  const ranked = (results?.problematicJoints ?? []).filter((j) => j in texts);
  const rest = Object.keys(texts).filter((j) => !ranked.includes(j));
  return [...ranked, ...rest].map((joint) => ({ joint, feedback: texts[joint] ?? "" }));
}

/** The section whose [timestamp, timestamp + duration) contains t (reference seconds), else -1. */
export function currentSectionIndex(
  sections: ReadonlyArray<Pick<ComparisonSection, "timestamp" | "duration">>,
  t: number,
): number {
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i];
    if (!s) continue;
    const end = s.timestamp + s.duration;
    const last = i === sections.length - 1;
    if (t >= s.timestamp && (t < end || (last && t <= end + 0.05))) return i;
  }
  return -1;
}

export const SECTION_JUMP = { leadS: 2.5, highlightMs: 5000 } as const;

/** Where a section jump starts (2.5 s before, not before 0) and how long it plays before pausing. */
export function sectionJumpPlan(timestamp: number): { start: number; stopAt: number; playMs: number } {
  const start = Math.max(0, timestamp - SECTION_JUMP.leadS);
  return { start, stopAt: timestamp, playMs: Math.round((timestamp - start) * 1000) };
}

/** Joint key → words ('left_elbow' → 'Left elbow'). */
export function jointLabel(joint: string): string {
  const words = joint.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The joint's name as a small tag beside its feedback sentence, or null when the sentence already
 * opens with a name (as some stored results do: "Left elbow: straighten it…"). Sentences are
 * shown as they are, never prefixed.
 */
export function jointTag(joint: string, sentence: string): string | null {
  return /^[\p{L} ]{1,24}:\s/u.test(sentence) ? null : jointLabel(joint);
}

/**
 * What loops after a press of a Loop button (a section's, a move's, or the L key): pressing the
 * looped one turns the loop off, pressing another moves the loop there.
 */
export function toggleLoop<T>(current: T | null, pressed: T): T | null {
  return current === pressed ? null : pressed;
}

/** The parts of a section its heading is made of; a routine's progress lists carry the title alone. */
export type SectionNaming = { title?: string | null } & Partial<Pick<ComparisonSection, "label" | "description">>;

/**
 * A section's heading: its label and what happens in it ("8-count 2 · Arms up, step"); a section
 * stored without them is headed by its title.
 */
export function sectionHeading(section: SectionNaming | null | undefined, index: number): string {
  const label = section?.label?.trim() ?? "";
  const description = capitalise(section?.description?.trim() ?? "");
  if (label || description) return [label, description].filter(Boolean).join(" · ");
  return legacySectionHeading(section?.title, index);
}

/**
 * A section stored with its title alone. Such a title may start with the time range
 * ("0:04–0:08 · Arms lead"), which the card already shows under the heading, so it is left off.
 */
function legacySectionHeading(title: string | null | undefined, index: number): string {
  const rest = (title ?? "").replace(/^\d+:\d{2}\s*[–-]\s*\d+:\d{2}\s*·\s*/, "").trim();
  return rest ? capitalise(rest) : `Section ${index + 1}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
