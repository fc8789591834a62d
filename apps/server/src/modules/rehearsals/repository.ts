import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { analysisRows } from "../../db/analysis-rows.ts";
import { heartbeatSilent } from "../../db/heartbeat.ts";
import { referenceVideos, rehearsalDancers, rehearsals, users } from "../../db/schema.ts";

export type RehearsalRow = typeof rehearsals.$inferSelect;
export type DancerRow = typeof rehearsalDancers.$inferSelect;
/** A dancer as listed (without their whole result, which only their own page reads), with the named member's names. */
export type DancerWithMember = Omit<DancerRow, "result"> & {
  memberFullName: string | null;
  memberUsername: string | null;
};

const byId = (id: number) => eq(rehearsals.id, id);
/** Its job's moves (claim, heartbeat, progress) and its state changes keep to processing rows (db/analysis-rows.ts). */
const rows = analysisRows(rehearsals);
const { stillProcessing } = rows;
export const { claimAttempt, beat, setProgress, ownerBusyElsewhere } = rows;

export async function insertRehearsal(q: Queryable, values: typeof rehearsals.$inferInsert): Promise<RehearsalRow> {
  const [row] = await q.insert(rehearsals).values(values).returning();
  if (!row) throw new Error("rehearsal insert returned no row");
  return row;
}

export async function findRehearsal(q: Queryable, id: number): Promise<RehearsalRow | undefined> {
  const [row] = await q.select().from(rehearsals).where(byId(id));
  return row;
}

/** The rehearsals a user uploaded, newest first. */
export function uploadedBy(q: Queryable, userId: number): Promise<RehearsalRow[]> {
  return q
    .select()
    .from(rehearsals)
    .where(eq(rehearsals.userId, userId))
    .orderBy(desc(rehearsals.createdAt), desc(rehearsals.id));
}

/** A group's rehearsals, newest first. */
export function ofGroup(q: Queryable, groupId: number): Promise<RehearsalRow[]> {
  return q
    .select()
    .from(rehearsals)
    .where(eq(rehearsals.groupId, groupId))
    .orderBy(desc(rehearsals.createdAt), desc(rehearsals.id));
}

/** The dancers of a rehearsal, left to right, with the named member's names. */
export function dancersOf(q: Queryable, rehearsalId: number): Promise<DancerWithMember[]> {
  return q
    .select({
      ...columnsOfDancer,
      memberFullName: users.fullName,
      memberUsername: users.username,
    })
    .from(rehearsalDancers)
    .leftJoin(users, eq(users.id, rehearsalDancers.userId))
    .where(eq(rehearsalDancers.rehearsalId, rehearsalId))
    .orderBy(asc(rehearsalDancers.dancerId));
}

const columnsOfDancer = {
  id: rehearsalDancers.id,
  rehearsalId: rehearsalDancers.rehearsalId,
  dancerId: rehearsalDancers.dancerId,
  x: rehearsalDancers.x,
  seenShare: rehearsalDancers.seenShare,
  overallScore: rehearsalDancers.overallScore,
  shapeScore: rehearsalDancers.shapeScore,
  timingScore: rehearsalDancers.timingScore,
  decision: rehearsalDancers.decision,
  offsetS: rehearsalDancers.offsetS,
  boxes: rehearsalDancers.boxes,
  userId: rehearsalDancers.userId,
  comparisonId: rehearsalDancers.comparisonId,
};

/** One dancer's whole result (the engine's ComparisonResult). */
export async function dancerResultOf(q: Queryable, rehearsalId: number, dancerId: number): Promise<unknown> {
  const [row] = await q
    .select({ result: rehearsalDancers.result })
    .from(rehearsalDancers)
    .where(and(eq(rehearsalDancers.rehearsalId, rehearsalId), eq(rehearsalDancers.dancerId, dancerId)));
  return row?.result;
}

/** One dancer, locked for a change of who they are (the organiser naming them). */
export async function lockDancer(q: Queryable, rehearsalId: number, dancerId: number): Promise<DancerRow | undefined> {
  const [row] = await q
    .select()
    .from(rehearsalDancers)
    .where(and(eq(rehearsalDancers.rehearsalId, rehearsalId), eq(rehearsalDancers.dancerId, dancerId)))
    .for("update");
  return row;
}

/** Every dancer of the rehearsal named as `userId` (at most one), locked. */
export function dancersNamed(q: Queryable, rehearsalId: number, userId: number): Promise<DancerRow[]> {
  return q
    .select()
    .from(rehearsalDancers)
    .where(and(eq(rehearsalDancers.rehearsalId, rehearsalId), eq(rehearsalDancers.userId, userId)))
    .for("update");
}

export async function setDancerMember(
  q: Queryable,
  id: number,
  member: { userId: number | null; comparisonId: number | null },
): Promise<void> {
  await q.update(rehearsalDancers).set(member).where(eq(rehearsalDancers.id, id));
}

/** The comparisons made from the rehearsal's named dancers (to go with it). */
export async function namedComparisonsOf(q: Queryable, rehearsalId: number): Promise<number[]> {
  const rows = await q
    .select({ id: rehearsalDancers.comparisonId })
    .from(rehearsalDancers)
    .where(and(eq(rehearsalDancers.rehearsalId, rehearsalId), sql`${rehearsalDancers.comparisonId} is not null`));
  return rows.map((r) => r.id as number);
}

/** Locks the rehearsal's row: naming dancers is one change at a time per rehearsal. */
export async function lockRehearsal(q: Queryable, id: number): Promise<RehearsalRow | undefined> {
  const [row] = await q.select().from(rehearsals).where(byId(id)).for("update");
  return row;
}

/** The stored files of every rehearsal a user uploaded (their rows cascade with the user). */
export async function filesUploadedBy(q: Queryable, userId: number): Promise<string[]> {
  const rows = await q
    .select({ video: rehearsals.videoKey, thumbnail: rehearsals.thumbnailKey })
    .from(rehearsals)
    .where(eq(rehearsals.userId, userId));
  return rows.flatMap((r) => (r.thumbnail ? [r.video, r.thumbnail] : [r.video]));
}

/** Deletes the row; answers what it was at that moment (its status and credits decide a refund). */
export async function deleteRehearsalRow(q: Queryable, id: number) {
  const [row] = await q.delete(rehearsals).where(byId(id)).returning();
  return row;
}

// The analysis job's state ------------------------------------------------------------------------

/** The reference's file, its stored pose track when its poses are ready, and its contributor's name. */
export async function referenceOf(q: Queryable, referenceVideoId: number) {
  const [row] = await q
    .select({
      videoKey: referenceVideos.videoKey,
      poseStatus: referenceVideos.poseStatus,
      poseTrackKey: referenceVideos.poseTrackKey,
      thumbnailKey: referenceVideos.thumbnailKey,
      contributor: users.username,
    })
    .from(referenceVideos)
    .leftJoin(users, eq(users.id, referenceVideos.contributorId))
    .where(eq(referenceVideos.id, referenceVideoId));
  return row;
}

/**
 * Completes it, holding `credits` in all; undefined when it was no longer processing (nothing
 * changed): of any number of jobs finishing at once exactly one completes it, and charges.
 */
export async function markCompleted(
  q: Queryable,
  id: number,
  values: { credits: number; dancerCount: number; syncScore: number | null; result: unknown },
) {
  const [row] = await q
    .update(rehearsals)
    .set({
      status: "completed",
      progress: 100,
      creditsCharged: values.credits,
      dancerCount: values.dancerCount,
      syncScore: values.syncScore,
      result: values.result,
      completedAt: new Date(),
    })
    .where(stillProcessing(id))
    .returning();
  return row;
}

/** Fails it, holding no credits any more; undefined when no longer processing (nothing changed). */
export async function markFailed(q: Queryable, id: number, message: string, dancerCount?: number) {
  const [row] = await q
    .update(rehearsals)
    .set({ status: "failed", error: message, completedAt: new Date(), dancerCount, creditsCharged: 0 })
    .where(stillProcessing(id))
    .returning({ id: rehearsals.id });
  return row;
}

export async function insertDancers(q: Queryable, rows: Array<typeof rehearsalDancers.$inferInsert>): Promise<void> {
  if (rows.length) await q.insert(rehearsalDancers).values(rows);
}

export async function setThumbnail(q: Queryable, id: number, key: string): Promise<boolean> {
  const rows = await q
    .update(rehearsals)
    .set({ thumbnailKey: key })
    .where(and(byId(id), sql`${rehearsals.thumbnailKey} is null`))
    .returning({ id: rehearsals.id });
  return rows.length > 0;
}

/** Marks it as queued again (no heartbeat until a worker takes it). */
export async function clearHeartbeat(q: Queryable, id: number): Promise<void> {
  await q.update(rehearsals).set({ heartbeatAt: null, analysisStartedAt: null }).where(byId(id));
}

/** Takes the processing rehearsals whose job went silent (each row by the one update that clears its heartbeat). */
export function takeSilent(q: Queryable, sweep: { staleMs: number; queued?: boolean }) {
  return q
    .update(rehearsals)
    .set({ heartbeatAt: null, analysisStartedAt: null })
    .where(and(eq(rehearsals.status, "processing"), heartbeatSilent(rehearsals.heartbeatAt, sweep)))
    .returning({ id: rehearsals.id, attempts: rehearsals.attempts });
}
