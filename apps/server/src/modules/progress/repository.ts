import { DRILL } from "@stepsync/contracts";
import { and, avg, count, eq, gte, max, sql, sum } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { comparisons, moveDrills } from "../../db/schema.ts";
import { countedComparison } from "../comparisons/policy.ts";

/** The span of one point of a chart: a UTC day, a Monday-to-Sunday week, or a month. */
export type BucketUnit = "day" | "week" | "month";

/**
 * Comparisons that count (completed, not another routine's; of one user, or everyone's) grouped by
 * style and bucket in the database: average score (a missing score counts as 0) and count per group,
 * the bucket as its first UTC day.
 */
export async function scoreBuckets(
  db: Queryable,
  filter: { unit: BucketUnit; userId?: number; activityType?: string; since?: Date },
): Promise<Array<{ activityType: string; date: string; average: number; count: number }>> {
  // The unit is one of three fixed words, inlined so that select and group by are the same expression.
  const bucket = sql<string>`to_char(date_trunc('${sql.raw(filter.unit)}', ${comparisons.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      activityType: comparisons.activityType,
      date: bucket,
      average: avg(sql`coalesce(${comparisons.overallScore}, 0)`),
      count: count(),
    })
    .from(comparisons)
    .where(
      and(
        countedComparison(),
        filter.userId === undefined ? undefined : eq(comparisons.userId, filter.userId),
        filter.activityType ? eq(comparisons.activityType, filter.activityType) : undefined,
        filter.since ? gte(comparisons.createdAt, filter.since) : undefined,
      ),
    )
    .groupBy(comparisons.activityType, bucket);
  return rows.map((r) => ({ ...r, average: Number(r.average ?? 0), count: Number(r.count) }));
}

/** Stores one drill of a move (values already checked against the contract). */
export async function insertDrill(db: Queryable, values: typeof moveDrills.$inferInsert): Promise<void> {
  await db.insert(moveDrills).values(values);
}

/**
 * A user's drills of one routine summed per move (a move is its span: the same analysis always
 * gives the same one), in the routine's order.
 */
export async function drilledMoves(db: Queryable, filter: { userId: number; referenceVideoId: number }) {
  const rows = await db
    .select({
      startS: moveDrills.startS,
      endS: moveDrills.endS,
      countLabel: sql<string>`max(${moveDrills.countLabel})`,
      drills: count(),
      passesHalf: sum(moveDrills.passesHalf),
      passesFull: sum(moveDrills.passesFull),
      bestStreakHalf: max(moveDrills.bestStreakHalf),
      bestStreakFull: max(moveDrills.bestStreakFull),
      // Full speed comes with DRILL.streak Great passes in a row at half speed, danced there or not.
      reachedFull: sql<boolean>`bool_or(${moveDrills.bestStreakHalf} >= ${DRILL.streak})`,
      mastered: sql<boolean>`bool_or(${moveDrills.mastered})`,
      lastDrilledAt: max(moveDrills.createdAt),
    })
    .from(moveDrills)
    .where(and(eq(moveDrills.userId, filter.userId), eq(moveDrills.referenceVideoId, filter.referenceVideoId)))
    .groupBy(moveDrills.startS, moveDrills.endS)
    .orderBy(moveDrills.startS, moveDrills.endS);
  return rows.map((r) => ({
    ...r,
    drills: Number(r.drills),
    passesHalf: Number(r.passesHalf ?? 0),
    passesFull: Number(r.passesFull ?? 0),
    bestStreakHalf: Number(r.bestStreakHalf ?? 0),
    bestStreakFull: Number(r.bestStreakFull ?? 0),
    reachedFull: Boolean(r.reachedFull),
    mastered: Boolean(r.mastered),
    lastDrilledAt: r.lastDrilledAt ? new Date(r.lastDrilledAt) : new Date(0),
  }));
}
