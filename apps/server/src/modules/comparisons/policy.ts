import type { Counted } from "@stepsync/contracts";
import { and, eq, type SQL } from "drizzle-orm";
import { comparisons } from "../../db/schema.ts";

/**
 * Credits are spent only by an account whose address is proven (the mailed link, a password reset, or
 * Google): otherwise each made-up address would be ten free analyses and a place in the queue.
 */
export function mayStartComparisons(user: { emailVerifiedAt: Date | null }): boolean {
  return user.emailVerifiedAt !== null;
}

/** A comparison is its user's alone; anyone else is told "not found", like for a missing one. */
export function canSeeComparison(comparison: { userId: number }, user: { id: number }): boolean {
  return comparison.userId === user.id;
}

/**
 * A finished comparison counts — costs its credit, is a use of its library video, earns
 * achievements and goes into stats, averages, best scores and leaderboards — unless the engine
 * decided the user's video does not show the reference's routine. A result without that decision
 * (no `sameness`) counts.
 */
export function countsAsSameRoutine(result: { sameness?: { decision: string } | null }): boolean {
  return result.sameness?.decision !== "not_same";
}

/**
 * How a comparison counts, for its summary (the web app shows what the server decided and decides
 * nothing itself): not yet (null) until completed; another routine; the reference's own recording
 * (see same-performance.ts); else it counts.
 */
export function countedAs(row: {
  status: string;
  sameRoutine: boolean;
  samePerformance: boolean | null;
}): Counted | null {
  if (row.status !== "completed") return null;
  if (!row.sameRoutine) return "other_routine";
  return row.samePerformance ? "own_recording" : "yes";
}

/**
 * The same rule in SQL, for the areas that total comparisons (stats, dashboard, progress chart,
 * achievements, leaderboards, admin): completed, and not found to be another routine.
 */
export function countedComparison(): SQL {
  return and(eq(comparisons.status, "completed"), eq(comparisons.sameRoutine, true)) as SQL;
}
