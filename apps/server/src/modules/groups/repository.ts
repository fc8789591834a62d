import { and, asc, count, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import {
  comparisons,
  type GroupPartRange,
  groupCreditTransfers,
  groupInvitations,
  groupMembers,
  groupReminders,
  groups,
  moveDrills,
  users,
} from "../../db/schema.ts";
import { takeOfTheRoutine } from "../comparisons/policy.ts";

export type GroupRow = typeof groups.$inferSelect;
export type MemberRow = typeof groupMembers.$inferSelect;
const active = isNull(groupMembers.removedAt);

// Groups ------------------------------------------------------------------------------------------

export async function insertGroup(q: Queryable, values: typeof groups.$inferInsert): Promise<GroupRow> {
  const [row] = await q.insert(groups).values(values).returning();
  if (!row) throw new Error("group insert returned no row");
  return row;
}

export async function findGroup(q: Queryable, id: number): Promise<GroupRow | undefined> {
  const [row] = await q.select().from(groups).where(eq(groups.id, id));
  return row;
}

/** The group, its row locked until the transaction ends (joins, reminders and transfers of one group queue here). */
export async function lockGroup(q: Queryable, id: number): Promise<GroupRow | undefined> {
  const [row] = await q.select().from(groups).where(eq(groups.id, id)).for("update");
  return row;
}

export async function findByInviteCode(q: Queryable, code: string): Promise<GroupRow | undefined> {
  const [row] = await q.select().from(groups).where(eq(groups.inviteCode, code));
  return row;
}

export async function updateGroup(
  q: Queryable,
  id: number,
  values: Partial<{ name: string; eventDate: string | null; referenceVideoId: number; parts: GroupPartRange[] }>,
): Promise<void> {
  if (Object.keys(values).length > 0) await q.update(groups).set(values).where(eq(groups.id, id));
}

export async function setInviteCode(q: Queryable, id: number, code: string | null): Promise<void> {
  await q.update(groups).set({ inviteCode: code }).where(eq(groups.id, id));
}

export async function deleteGroup(q: Queryable, id: number): Promise<void> {
  await q.delete(groups).where(eq(groups.id, id));
}

export async function countOrganisedBy(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.select({ n: count() }).from(groups).where(eq(groups.organiserId, userId));
  return Number(row?.n ?? 0);
}

/** A group as listed or shown: with the organiser's names and how many are in it. */
export type GroupListing = {
  group: GroupRow;
  role: MemberRow["role"];
  organiserFullName: string | null;
  organiserUsername: string;
  memberCount: number;
};

const memberCount = sql<number>`(select count(*)::int from ${groupMembers} gm where gm.group_id = ${groups.id} and gm.removed_at is null)`;

/** The groups `userId` is in (organiser or member), newest first; one of them only when `groupId` is given. */
export async function listingsOf(q: Queryable, userId: number, groupId?: number): Promise<GroupListing[]> {
  const rows = await q
    .select({
      group: groups,
      role: groupMembers.role,
      organiserFullName: users.fullName,
      organiserUsername: users.username,
      memberCount,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(users, eq(users.id, groups.organiserId))
    .where(and(eq(groupMembers.userId, userId), active, groupId === undefined ? undefined : eq(groups.id, groupId)))
    .orderBy(sql`${groups.createdAt} desc`, sql`${groups.id} desc`);
  return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) }));
}

/** The organiser's names and the member count of one group (what an invite link shows before joining). */
export async function inviteListing(q: Queryable, groupId: number) {
  const [row] = await q
    .select({ fullName: users.fullName, username: users.username, memberCount })
    .from(groups)
    .innerJoin(users, eq(users.id, groups.organiserId))
    .where(eq(groups.id, groupId));
  return row && { ...row, memberCount: Number(row.memberCount) };
}

// Members -----------------------------------------------------------------------------------------

export async function membershipOf(q: Queryable, groupId: number, userId: number): Promise<MemberRow | undefined> {
  const [row] = await q
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row;
}

/** Adds a member; undefined when the user has a row in the group already (the unique index decides). */
export async function insertMember(
  q: Queryable,
  values: { groupId: number; userId: number; role: MemberRow["role"] },
): Promise<MemberRow | undefined> {
  const [row] = await q.insert(groupMembers).values(values).onConflictDoNothing().returning();
  return row;
}

export type MemberWithUser = MemberRow & {
  fullName: string | null;
  username: string;
};

/** Who is in the group now, the organiser first, then by when they joined. */
export function activeMembersOf(q: Queryable, groupId: number): Promise<MemberWithUser[]> {
  return q
    .select({
      id: groupMembers.id,
      groupId: groupMembers.groupId,
      userId: groupMembers.userId,
      role: groupMembers.role,
      joinedAt: groupMembers.joinedAt,
      removedAt: groupMembers.removedAt,
      fullName: users.fullName,
      username: users.username,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), active))
    .orderBy(sql`${groupMembers.role} = 'organiser' desc`, asc(groupMembers.joinedAt), asc(groupMembers.id));
}

export async function countActiveMembers(q: Queryable, groupId: number): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), active));
  return Number(row?.n ?? 0);
}

/** A member leaving: their row goes (they may join again by the link). */
export async function deleteMember(q: Queryable, groupId: number, userId: number): Promise<boolean> {
  const gone = await q
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId), active))
    .returning({ id: groupMembers.id });
  return gone.length > 0;
}

/** The organiser removing a member: the row stays, marked, so the link does not let them back in. */
export async function markRemoved(q: Queryable, groupId: number, userId: number): Promise<boolean> {
  const marked = await q
    .update(groupMembers)
    .set({ removedAt: new Date() })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId), active))
    .returning({ id: groupMembers.id });
  return marked.length > 0;
}

// Invitations -------------------------------------------------------------------------------------

/** The user's row, locked until the transaction ends: one organiser's invitation batches take turns. */
export async function lockUser(q: Queryable, userId: number): Promise<void> {
  await q.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

export async function invitationsSentSince(q: Queryable, invitedBy: number, since: Date): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(groupInvitations)
    .where(and(eq(groupInvitations.invitedBy, invitedBy), gte(groupInvitations.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Invitations each of `emails` (lower-case) got since `since`, from anyone. */
export async function invitationsToSince(q: Queryable, emails: string[], since: Date): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const address = sql<string>`lower(${groupInvitations.email})`;
  const rows = await q
    .select({ email: address, n: count() })
    .from(groupInvitations)
    .where(and(inArray(address, emails), gte(groupInvitations.createdAt, since)))
    .groupBy(address);
  return new Map(rows.map((r) => [r.email, Number(r.n)]));
}

export async function insertInvitations(
  q: Queryable,
  rows: Array<{ groupId: number; invitedBy: number; email: string }>,
): Promise<void> {
  if (rows.length > 0) await q.insert(groupInvitations).values(rows);
}

// Reminders ---------------------------------------------------------------------------------------

/** Reminders each of `userIds` got from the group since `since`. */
export async function remindersSince(
  q: Queryable,
  groupId: number,
  userIds: number[],
  since: Date,
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await q
    .select({ userId: groupReminders.userId, n: count() })
    .from(groupReminders)
    .where(
      and(
        eq(groupReminders.groupId, groupId),
        inArray(groupReminders.userId, userIds),
        gte(groupReminders.createdAt, since),
      ),
    )
    .groupBy(groupReminders.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

export async function insertReminders(q: Queryable, groupId: number, userIds: number[]): Promise<void> {
  if (userIds.length > 0) await q.insert(groupReminders).values(userIds.map((userId) => ({ groupId, userId })));
}

// Credit transfers --------------------------------------------------------------------------------

export type TransferRow = typeof groupCreditTransfers.$inferSelect;

/**
 * Records a transfer; undefined when the giver already made one under this idempotency key (the
 * unique index decides; a concurrent one with the key waits for the first to commit or roll back).
 */
export async function insertTransfer(
  q: Queryable,
  values: { groupId: number; fromUserId: number; toUserId: number; credits: number; idempotencyKey: string | null },
): Promise<TransferRow | undefined> {
  const [row] = await q.insert(groupCreditTransfers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findTransferByKey(
  q: Queryable,
  fromUserId: number,
  idempotencyKey: string,
): Promise<TransferRow | undefined> {
  const [row] = await q
    .select()
    .from(groupCreditTransfers)
    .where(
      and(eq(groupCreditTransfers.fromUserId, fromUserId), eq(groupCreditTransfers.idempotencyKey, idempotencyKey)),
    );
  return row;
}

// The board's reads: comparisons and drills of the routine ----------------------------------------

/**
 * The takes of the routine by these users (completed, the same routine, not a copy of the reference,
 * a practised part of any length: comparisons' takeOfTheRoutine), with the parts of their results the
 * board reads. The board keeps no scores of its own: it is read from here every time.
 */
export function countedTakesOn(q: Queryable, referenceVideoId: number, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return q
    .select({
      userId: comparisons.userId,
      createdAt: comparisons.createdAt,
      overallScore: comparisons.overallScore,
      startS: comparisons.referenceStartS,
      endS: comparisons.referenceEndS,
      moves: sql<unknown>`${comparisons.result} -> 'moves'`,
      sections: sql<unknown>`${comparisons.result} -> 'sections'`,
      danced: sql<unknown>`${comparisons.result} -> 'danced'`,
    })
    .from(comparisons)
    .where(
      and(eq(comparisons.referenceVideoId, referenceVideoId), inArray(comparisons.userId, userIds), takeOfTheRoutine()),
    );
}

/** The drills of the routine's moves by these users. */
export function drillsOn(q: Queryable, referenceVideoId: number, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return q
    .select({
      userId: moveDrills.userId,
      startS: moveDrills.startS,
      endS: moveDrills.endS,
      createdAt: moveDrills.createdAt,
    })
    .from(moveDrills)
    .where(and(eq(moveDrills.referenceVideoId, referenceVideoId), inArray(moveDrills.userId, userIds)));
}
