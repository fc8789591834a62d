import { and, avg, count, eq, gte, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { comparisons } from "../../db/schema.ts";
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
