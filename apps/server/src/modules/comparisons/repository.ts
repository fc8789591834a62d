import type { TakeTrackUse } from "@stepsync/contracts";
import { and, asc, desc, eq, lt, or, sql } from "drizzle-orm";
import { offsetOf, type Page } from "../../db/page.ts";
import type { Queryable } from "../../db/client.ts";
import { analysisRows } from "../../db/analysis-rows.ts";
import { heartbeatSilent } from "../../db/heartbeat.ts";
import { alias } from "drizzle-orm/pg-core";
import { comparisons, referenceVideos, videos } from "../../db/schema.ts";
import { countedComparison } from "./policy.ts";

export type ComparisonRow = typeof comparisons.$inferSelect;

const byId = (id: number) => eq(comparisons.id, id);
/** Its job's moves (claim, heartbeat, progress) and its state changes keep to processing rows (db/analysis-rows.ts). */
const rows = analysisRows(comparisons);
const { stillProcessing, sameOwnerAs } = rows;
export const { claimAttempt, beat, setProgress, ownerBusyElsewhere } = rows;
/** A user's comparisons that count (policy.ts countedAs). */
const countedOf = (userId: number) => and(eq(comparisons.userId, userId), countedComparison());

export async function findComparison(q: Queryable, id: number): Promise<ComparisonRow | undefined> {
  const [row] = await q.select().from(comparisons).where(byId(id));
  return row;
}

export async function insertComparison(q: Queryable, values: typeof comparisons.$inferInsert): Promise<ComparisonRow> {
  const [row] = await q.insert(comparisons).values(values).returning();
  if (!row) throw new Error("comparison insert returned no row");
  return row;
}

/** Deletes the row; answers what it was at that moment (its status decides a refund), or undefined if already gone. */
export async function deleteComparisonRow(
  q: Queryable,
  id: number,
): Promise<{ status: string; userId: number } | undefined> {
  const [row] = await q
    .delete(comparisons)
    .where(byId(id))
    .returning({ status: comparisons.status, userId: comparisons.userId });
  return row;
}

/** Whether any comparison still uses an upload (as the user's video or as the reference). */
export async function isUploadUsed(q: Queryable, videoId: number): Promise<boolean> {
  const [used] = await q
    .select({ id: comparisons.id })
    .from(comparisons)
    .where(or(eq(comparisons.userVideoId, videoId), eq(comparisons.referenceUploadId, videoId)))
    .limit(1);
  return !!used;
}

/** A user's comparisons (optionally of one style), newest first: one page and the total. */
export async function listOf(q: Queryable, userId: number, activityType: string | undefined, page: Page) {
  const where = and(
    eq(comparisons.userId, userId),
    activityType ? eq(comparisons.activityType, activityType) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    q
      .select()
      .from(comparisons)
      .where(where)
      .orderBy(desc(comparisons.createdAt), desc(comparisons.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
    q.select({ total: sql<number>`count(*)::int` }).from(comparisons).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** A user's comparisons still being analysed, newest first. */
export function processingOf(q: Queryable, userId: number) {
  return q
    .select({
      id: comparisons.id,
      progress: comparisons.progress,
      attempt: comparisons.attempts,
      created_at: comparisons.createdAt,
    })
    .from(comparisons)
    .where(and(eq(comparisons.userId, userId), eq(comparisons.status, "processing")))
    .orderBy(desc(comparisons.createdAt));
}

/** Count, best and mean score of a user's comparisons that count. */
export async function completedTotalsOf(q: Queryable, userId: number) {
  const [row] = await q
    .select({
      total: sql<number>`count(*)::int`,
      best: sql<number | null>`max(${comparisons.overallScore})`,
      average: sql<number | null>`avg(${comparisons.overallScore})::float8`,
    })
    .from(comparisons)
    .where(countedOf(userId));
  return { total: row?.total ?? 0, best: row?.best ?? null, average: row?.average ?? null };
}

/** The scores of a user's latest comparisons that count, newest first. */
export async function recentScoresOf(q: Queryable, userId: number, count: number): Promise<(number | null)[]> {
  const rows = await q
    .select({ score: comparisons.overallScore })
    .from(comparisons)
    .where(countedOf(userId))
    .orderBy(desc(comparisons.createdAt))
    .limit(count);
  return rows.map((r) => r.score);
}

/** A user's comparisons that count (policy.ts countedAs), oldest first: what achievements are earned from. */
export async function countedHistoryOf(q: Queryable, userId: number) {
  return q
    .select({
      activityType: comparisons.activityType,
      score: comparisons.overallScore,
      createdAt: comparisons.createdAt,
    })
    .from(comparisons)
    .where(countedOf(userId))
    .orderBy(asc(comparisons.createdAt));
}

/**
 * A user's comparisons that count against one library video made before comparison `beforeId` (by
 * creation time, then id), newest first: score and the result's sections only (not the tracks).
 */
export async function completedAttemptsOn(
  q: Queryable,
  userId: number,
  referenceVideoId: number,
  beforeId: number,
  limit: number,
) {
  return q
    .select({
      id: comparisons.id,
      createdAt: comparisons.createdAt,
      overallScore: comparisons.overallScore,
      sections: sql<unknown>`${comparisons.result} -> 'sections'`,
    })
    .from(comparisons)
    .where(
      and(
        countedOf(userId),
        eq(comparisons.referenceVideoId, referenceVideoId),
        // Compared in the database, at its own (microsecond) precision.
        sql`(${comparisons.createdAt}, ${comparisons.id}) < (select c.created_at, c.id from comparisons c where c.id = ${beforeId})`,
      ),
    )
    .orderBy(desc(comparisons.createdAt), desc(comparisons.id))
    .limit(limit);
}

// The analysis job's state ------------------------------------------------------------------------

/**
 * What the analysis of comparison `id` reads, in one query: the user's video's stored key, the
 * reference's (an upload of the user's, else the library video's) and the library video's pose state.
 */
export async function analysisInputsOf(q: Queryable, id: number) {
  const userUpload = alias(videos, "user_upload");
  const referenceUpload = alias(videos, "reference_upload");
  const [row] = await q
    .select({
      userKey: userUpload.storageKey,
      uploadedReferenceKey: referenceUpload.storageKey,
      libraryKey: referenceVideos.videoKey,
      libraryPoseStatus: referenceVideos.poseStatus,
      libraryTrackKey: referenceVideos.poseTrackKey,
    })
    .from(comparisons)
    .leftJoin(userUpload, eq(userUpload.id, comparisons.userVideoId))
    .leftJoin(referenceUpload, eq(referenceUpload.id, comparisons.referenceUploadId))
    .leftJoin(referenceVideos, eq(referenceVideos.id, comparisons.referenceVideoId))
    .where(byId(id));
  return row;
}

/** What became of the take's live poses (decided before the full analysis runs). */
export async function setTakeTrack(q: Queryable, id: number, use: TakeTrackUse): Promise<void> {
  await q.update(comparisons).set({ takeTrack: use }).where(stillProcessing(id));
}

/**
 * A quick result from the take's live poses, shown while the video's own analysis runs: kept in
 * `result` of a comparison still processing (so it counts nowhere, and has no overall score); the
 * completion replaces it, a failure drops it.
 */
export async function setQuickResult(q: Queryable, id: number, result: object): Promise<void> {
  await q
    .update(comparisons)
    .set({ result, poseSource: "browser", takeTrack: "used", heartbeatAt: new Date() })
    .where(stillProcessing(id));
}

/** Stores the result; undefined when the comparison was no longer processing (nothing changed). */
export async function markCompleted(
  q: Queryable,
  id: number,
  result: { overall_score: number },
  completion: Pick<ComparisonRow, "sameRoutine" | "userFraming" | "samePerformance" | "poseSource">,
) {
  const [row] = await q
    .update(comparisons)
    .set({
      status: "completed",
      progress: 100,
      overallScore: result.overall_score,
      result,
      sameRoutine: completion.sameRoutine,
      userFraming: completion.userFraming,
      samePerformance: completion.samePerformance,
      poseSource: completion.poseSource,
      completedAt: new Date(),
    })
    .where(stillProcessing(id))
    .returning({ referenceVideoId: comparisons.referenceVideoId, userId: comparisons.userId });
  return row;
}

/**
 * The dancer's call on a refused result: it goes back to processing, as the routine, with a fresh
 * attempt count and no result. Conditional on being a finished refusal nobody has called yet, so of
 * any number of calls at once exactly one returns the row; the others get undefined.
 */
export async function markDancerCall(q: Queryable, id: number): Promise<ComparisonRow | undefined> {
  const [row] = await q
    .update(comparisons)
    .set({
      dancerCall: true,
      status: "processing",
      progress: 0,
      attempts: 0,
      heartbeatAt: null,
      analysisStartedAt: null,
      result: null,
      overallScore: null,
      error: null,
      completedAt: null,
    })
    .where(
      and(
        byId(id),
        eq(comparisons.status, "completed"),
        eq(comparisons.sameRoutine, false),
        eq(comparisons.dancerCall, false),
      ),
    )
    .returning();
  return row;
}

/**
 * Refusals (a result found to be another routine, the ones its dancer called since included) and
 * dancers' calls, per library video (null: an uploaded reference, or a library video since removed),
 * with the called results' mean score; the most called first.
 */
export async function dancerCallsPerReference(q: Queryable) {
  const refused = or(
    and(eq(comparisons.status, "completed"), eq(comparisons.sameRoutine, false)),
    eq(comparisons.dancerCall, true),
  );
  const calls = sql<number>`count(*) filter (where ${comparisons.dancerCall})`.mapWith(Number);
  return q
    .select({
      referenceVideoId: comparisons.referenceVideoId,
      title: sql<string | null>`max(coalesce(${referenceVideos.title}, ${comparisons.referenceTitle}))`,
      refusals: sql<number>`count(*)`.mapWith(Number),
      calls,
      calledAverage: sql<
        number | null
      >`(avg(${comparisons.overallScore}) filter (where ${comparisons.dancerCall} and ${comparisons.status} = 'completed'))::float8`,
    })
    .from(comparisons)
    .leftJoin(referenceVideos, eq(referenceVideos.id, comparisons.referenceVideoId))
    .where(refused)
    .groupBy(comparisons.referenceVideoId)
    .orderBy(desc(calls), desc(sql`count(*)`), asc(comparisons.referenceVideoId));
}

/** Stores the failure; undefined when the comparison was no longer processing (nothing changed). */
export async function markFailed(q: Queryable, id: number, message: string) {
  const [row] = await q
    .update(comparisons)
    .set({ status: "failed", error: message, result: null, poseSource: null, completedAt: new Date() })
    .where(stillProcessing(id))
    .returning({ userId: comparisons.userId });
  return row;
}

/** Marks a comparison as queued again (no heartbeat until a worker takes it). */
export async function clearHeartbeat(q: Queryable, id: number): Promise<void> {
  await q.update(comparisons).set({ heartbeatAt: null, analysisStartedAt: null }).where(byId(id));
}

/**
 * Takes the processing comparisons whose job went silent: the one update that clears their heartbeat
 * takes each row, so concurrent sweeps never take the same one.
 */
export function takeSilent(q: Queryable, sweep: { staleMs: number; queued?: boolean }) {
  return q
    .update(comparisons)
    .set({ heartbeatAt: null, analysisStartedAt: null })
    .where(and(eq(comparisons.status, "processing"), heartbeatSilent(comparisons.heartbeatAt, sweep)))
    .returning({ id: comparisons.id, attempts: comparisons.attempts });
}

/** Rows of the user who owns comparison `id`. */

/** How many of this user's comparisons, sent before this one, are still waiting or running. */
export async function earlierProcessingOf(q: Queryable, id: number): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(comparisons)
    .where(and(eq(comparisons.status, "processing"), lt(comparisons.id, id), sameOwnerAs(id)));
  return row?.n ?? 0;
}
