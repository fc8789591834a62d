import { and, desc, eq, gte, type Placeholder, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { comparisons } from "../../db/schema.ts";
import { countedComparison } from "../comparisons/policy.ts";

/** A user's comparisons that count: completed, and not found to be another routine. */
const completedOf = (userId: number | Placeholder) => and(eq(comparisons.userId, userId), countedComparison());

/**
 * Per style, a user's completed comparisons since `since` (all when undefined), summed up in the
 * database (a busy user has hundreds): how many, the average score, and the latest score minus the
 * earliest. Styles in the order they were first practised in the span.
 */
export async function scoresByStyle(
  db: Queryable,
  userId: number,
  since: Date | undefined,
): Promise<Array<{ activity: string; total: number; average: number; improvement: number }>> {
  return styleScores(db).execute({ userId, since: since ?? new Date(0) });
}

const styleScores = preparedPerDatabase((db) => {
  const score = sql`coalesce(${comparisons.overallScore}, 0)`;
  return db
    .select({
      activity: comparisons.activityType,
      total: sql<number>`count(*)::int`,
      average: sql<number>`avg(${score})::float8`,
      improvement: sql<number>`((array_agg(${score} order by ${comparisons.createdAt} desc, ${comparisons.id} desc))[1]
        - (array_agg(${score} order by ${comparisons.createdAt}, ${comparisons.id}))[1])::float8`,
    })
    .from(comparisons)
    .where(and(completedOf(sql.placeholder("userId")), gte(comparisons.createdAt, sql.placeholder("since"))))
    .groupBy(comparisons.activityType)
    .orderBy(sql`min(${comparisons.createdAt})`)
    .prepare("dashboard_style_scores");
});

/** A user's latest completed comparisons of one style, newest first. */
export async function latestCompletedOfStyle(db: Queryable, userId: number, activity: string, limit: number) {
  return db
    .select({ id: comparisons.id, score: comparisons.overallScore, createdAt: comparisons.createdAt })
    .from(comparisons)
    .where(and(completedOf(userId), eq(comparisons.activityType, activity)))
    .orderBy(desc(comparisons.createdAt), desc(comparisons.id))
    .limit(limit);
}
