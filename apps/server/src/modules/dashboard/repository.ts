import { and, asc, desc, eq, gte } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { comparisons } from "../../db/schema.ts";
import { countedComparison } from "../comparisons/policy.ts";

/** A user's comparisons that count: completed, and not found to be another routine. */
const completedOf = (userId: number) => and(eq(comparisons.userId, userId), countedComparison());

/** A user's completed comparisons since `since` (all when undefined), oldest first: style and score. */
export async function completedScores(
  db: Queryable,
  userId: number,
  since: Date | undefined,
): Promise<Array<{ activity: string; score: number | null }>> {
  return db
    .select({ activity: comparisons.activityType, score: comparisons.overallScore })
    .from(comparisons)
    .where(and(completedOf(userId), since ? gte(comparisons.createdAt, since) : undefined))
    .orderBy(asc(comparisons.createdAt), asc(comparisons.id));
}

/** A user's latest completed comparisons of one style, newest first. */
export async function latestCompletedOfStyle(db: Queryable, userId: number, activity: string, limit: number) {
  return db
    .select({ id: comparisons.id, score: comparisons.overallScore, createdAt: comparisons.createdAt })
    .from(comparisons)
    .where(and(completedOf(userId), eq(comparisons.activityType, activity)))
    .orderBy(desc(comparisons.createdAt), desc(comparisons.id))
    .limit(limit);
}
