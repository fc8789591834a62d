import { and, asc, avg, count, desc, eq, gte, max } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { comparisons, users } from "../../db/schema.ts";
import { countedComparison } from "../comparisons/policy.ts";

/**
 * Comparisons that count (policy.ts countedAs) since `since` (optionally one style),
 * per user: average, best and count; ordered by average, then count, then who got there first (user id).
 */
export async function topAverages(db: Queryable, filter: { since?: Date; activityType?: string }, limit: number) {
  const average = avg(comparisons.overallScore);
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      profileImage: users.profileImage,
      average,
      best: max(comparisons.overallScore),
      n: count(),
    })
    .from(comparisons)
    .innerJoin(users, eq(users.id, comparisons.userId))
    .where(
      and(
        countedComparison(),
        filter.activityType ? eq(comparisons.activityType, filter.activityType) : undefined,
        filter.since ? gte(comparisons.createdAt, filter.since) : undefined,
      ),
    )
    .groupBy(users.id, users.username, users.profileImage)
    .orderBy(desc(average), desc(count()), asc(users.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, average: Number(r.average ?? 0), best: Number(r.best ?? 0), n: Number(r.n) }));
}
