import type { RoutineAttempt, RoutineSectionScore, RoutineSinceLast } from "@stepsync/contracts";

/**
 * Progress on a routine: one result against earlier ones on the same library video. Pure, so the
 * rules (how sections are matched, how a change is counted) live here alone.
 */

/** A result's sections as stored by the engine; anything unreadable is left out. */
export function sectionScoresOf(stored: unknown): Section[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((s: unknown) => {
    const { title, label, description, timestamp, duration, score } = (s ?? {}) as Record<string, unknown>;
    if (typeof title !== "string" || typeof score !== "number") return [];
    const start = typeof timestamp === "number" ? timestamp : 0;
    return [
      {
        title,
        ...(typeof label === "string" && typeof description === "string" ? { label, description } : {}),
        timestamp: start,
        score,
        ...(typeof duration === "number" ? { duration } : {}),
      },
    ];
  });
}

/**
 * The change between two scores as the user sees them: both rounded to whole points first, so
 * "72%" after "66%" is always +6.
 */
export function pointsDelta(current: number, previous: number): number {
  return Math.round(current) - Math.round(previous);
}

/** A section's score, with its length in the reference when known (for matching by time). */
export type Section = RoutineSectionScore & { duration?: number };

/**
 * The same section in an earlier result: the same title (sections are cut from the reference, so
 * one routine gives the same sections every time), else the one covering most of its time span
 * (a result may name the same section differently).
 */
export function matchingSection(section: Section, earlier: readonly Section[]): Section | undefined {
  const byTitle = earlier.find((e) => e.title === section.title);
  if (byTitle) return byTitle;
  const end = (s: Section) => s.timestamp + (s.duration ?? 0);
  let best: { s: Section; overlap: number } | undefined;
  for (const e of earlier) {
    const overlap = Math.min(end(section), end(e)) - Math.max(section.timestamp, e.timestamp);
    const shorter = Math.min(section.duration ?? 0, e.duration ?? 0);
    if (shorter > 0 && overlap >= shorter / 2 && (!best || overlap > best.overlap)) best = { s: e, overlap };
  }
  return best?.s;
}

export type Attempt = { id: number; createdAt: Date; overallScore: number; sections: Section[] };

/** Earlier attempts (newest first) as listed, each with its change against the one before it. */
export function listedAttempts(earlier: readonly Attempt[]): RoutineAttempt[] {
  return earlier.map((a, i) => {
    const before = earlier[i + 1];
    return {
      comparison_id: a.id,
      created_at: a.createdAt.toISOString(),
      overall_score: a.overallScore,
      sections: a.sections.map(({ duration: _, ...shown }) => shown),
      delta: before ? pointsDelta(a.overallScore, before.overallScore) : null,
    };
  });
}

/** This result against the latest earlier attempt, overall and section by section (in this result's order). */
export function sinceLast(
  current: { overallScore: number; sections: Section[] },
  last: Attempt | undefined,
): RoutineSinceLast | null {
  if (!last) return null;
  return {
    comparison_id: last.id,
    created_at: last.createdAt.toISOString(),
    score: current.overallScore,
    previous_score: last.overallScore,
    delta: pointsDelta(current.overallScore, last.overallScore),
    sections: current.sections.map((section) => {
      const { duration: _, ...shown } = section;
      const before = matchingSection(section, last.sections);
      return {
        ...shown,
        previous_score: before?.score ?? null,
        delta: before ? pointsDelta(section.score, before.score) : null,
      };
    }),
  };
}
