import { type Counted, PART_LIMITS } from "@stepsync/contracts";
import { and, eq, type SQL, sql } from "drizzle-orm";
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
 * The engine's decision on a finished result: it counts as the reference's routine unless the engine
 * decided the user's video does not show it. A result without that decision (no `sameness`) counts.
 * Stored as the comparison's same_routine; another routine's credit is given back.
 */
export function countsAsSameRoutine(result: { sameness?: { decision: string } | null }): boolean {
  return result.sameness?.decision !== "not_same";
}

/** A comparison's stored facts that decide how it counts. */
type CountingFacts = {
  status: string;
  sameRoutine: boolean;
  samePerformance: boolean | null;
  referenceStartS: number | null;
  referenceEndS: number | null;
};

/** Seconds are compared with this slack: a part's ends are stored as float4 and read back as decimals. */
const SECONDS_SLACK = 1e-3;
const SHORTEST_COUNTED = PART_LIMITS.countedMinSeconds - SECONDS_SLACK;

/**
 * How a comparison counts: the one rule behind every total (stats, averages, best scores, "improve",
 * progress, achievements, leaderboards, the admin's figures), said here for the summaries and in SQL
 * by countedComparison below (counting.test.ts holds the two together). Not yet (null) until
 * completed; "other_routine" when the engine found another routine (its credit was given back);
 * "own_recording" when the user's video is the reference's own recording, mirrored or not
 * (same-performance.ts; results stored before that check count); "short_part" for a practised part
 * shorter than PART_LIMITS.countedMinSeconds; else "yes". The web app shows what this decided.
 */
export function countedAs(row: CountingFacts): Counted | null {
  if (row.status !== "completed") return null;
  if (!row.sameRoutine) return "other_routine";
  if (row.samePerformance) return "own_recording";
  if (
    row.referenceStartS !== null &&
    row.referenceEndS !== null &&
    row.referenceEndS - row.referenceStartS < SHORTEST_COUNTED
  )
    return "short_part";
  return "yes";
}

/**
 * SQL: a take of the reference's routine — completed, not another routine, not the reference's own
 * recording — whatever its length. A group's board reads these: a practised part of its routine is
 * practice of that part however short. Every total reads countedComparison.
 */
export function takeOfTheRoutine(): SQL {
  return and(
    eq(comparisons.status, "completed"),
    eq(comparisons.sameRoutine, true),
    sql`${comparisons.samePerformance} is not true`,
  ) as SQL;
}

/** SQL: the comparisons countedAs calls "yes" — what every total counts. */
export function countedComparison(): SQL {
  return and(
    takeOfTheRoutine(),
    sql`(${comparisons.referenceStartS} is null or ${comparisons.referenceEndS} is null
      or ${comparisons.referenceEndS}::float8 - ${comparisons.referenceStartS}::float8 >= ${SHORTEST_COUNTED})`,
  ) as SQL;
}
