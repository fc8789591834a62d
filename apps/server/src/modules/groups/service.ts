import { randomBytes } from "node:crypto";
import {
  type BoardResponse,
  type BoardSort,
  type CreateGroupRequest,
  GROUP_LIMITS,
  GROUP_MESSAGES,
  type Group,
  type GroupDetailResponse,
  type InvitePreviewResponse,
  NOTIFICATION_LINKS,
  type RoutineMove,
  type UpdateGroupRequest,
} from "@stepsync/contracts";
import type { AppContext } from "../../context.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import { referenceAnalysis } from "../library/analysis.ts";
import { comparableLibraryVideo, type LibraryVideoRow, visibleLibraryVideo } from "../library/service.ts";
import { notify } from "../notifications/service.ts";
import {
  columnsOf,
  type Drill,
  groupWeakMoves,
  memberFigures,
  routineMovesOf,
  sortRows,
  type Take,
  daysToEvent,
} from "./board.ts";
import { checkedParts } from "./parts.ts";
import {
  canManageGroup,
  isEventDateAcceptable,
  isInGroup,
  mayBeRoutineOf,
  mayJoinAgain,
  mayTakeOut,
  type Membership,
  nameShownTo,
  seesBoardRowOf,
} from "./policy.ts";
import * as repo from "./repository.ts";
import type { GroupRow, MemberWithUser } from "./repository.ts";
import { toGroup, toMember, toRoutine } from "./serialize.ts";

/** Who acts: the signed-in user as the auth area gives them. */
export type Actor = {
  id: number;
  role: string;
  username: string;
  fullName: string | null;
  emailVerifiedAt: Date | null;
};

type Deps = Pick<AppContext, "db" | "storage" | "log">;

const notFound = () => new HttpError(404, GROUP_MESSAGES.notFound);
/** The secret of an invite link: 128 random bits, so codes cannot be guessed or walked. */
const newInviteCode = () => randomBytes(16).toString("base64url");

// Membership --------------------------------------------------------------------------------------

/** The group and the user's place in it; "not found" for anyone not in it, as for a missing group. */
export async function memberOf(
  db: Queryable,
  groupId: number,
  user: { id: number },
): Promise<{ group: GroupRow; membership: Membership }> {
  const [group, membership] = await Promise.all([repo.findGroup(db, groupId), repo.membershipOf(db, groupId, user.id)]);
  if (!group || !isInGroup(membership)) throw notFound();
  return { group, membership };
}

/** As memberOf, for what only the organiser does: a member is told so (403), anyone else "not found". */
export async function organiserOf(db: Queryable, groupId: number, user: { id: number }) {
  const found = await memberOf(db, groupId, user);
  if (!canManageGroup(found.membership)) throw new HttpError(403, GROUP_MESSAGES.organiserOnly);
  return found;
}

/** One of the user's groups as they see it. */
async function groupAsSeenBy(db: Queryable, groupId: number, userId: number): Promise<Group> {
  const [listing] = await repo.listingsOf(db, userId, groupId);
  if (!listing) throw notFound();
  return toGroup(listing);
}

export async function groupsOf(db: Queryable, user: { id: number }): Promise<Group[]> {
  return (await repo.listingsOf(db, user.id)).map((listing) => toGroup(listing));
}

// The routine -------------------------------------------------------------------------------------

/** A library video's moves as the group speaks of them; null while its analysis is not done. */
async function movesOf(deps: Deps, video: LibraryVideoRow): Promise<RoutineMove[] | null> {
  const analysis = await referenceAnalysis(deps, video);
  return analysis ? routineMovesOf(analysis.counting) : null;
}

/**
 * A video the organiser may make their group's routine (an approved public one, or one they
 * uploaded for their groups), with its moves; "not available" otherwise.
 */
async function routineFor(deps: Deps, organiser: Actor, videoId: number) {
  const notAvailable = () => new HttpError(404, GROUP_MESSAGES.routineNotAvailable);
  const { video } = await comparableLibraryVideo(deps.db, videoId, organiser, notAvailable);
  if (!mayBeRoutineOf(video, organiser.id)) throw notAvailable();
  return { video, moves: await movesOf(deps, video) };
}

/** The group's routine as a member sees it (null when it was deleted or taken out of the library), with its moves. */
async function routineSeenBy(deps: Deps, group: GroupRow, viewer: Actor) {
  if (group.referenceVideoId === null) return null;
  const video = await visibleLibraryVideo(deps.db, group.referenceVideoId, viewer).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) return undefined;
    throw error;
  });
  return video ? { video, moves: await movesOf(deps, video) } : null;
}

function checkEventDate(eventDate: string | null | undefined): void {
  if (eventDate && !isEventDateAcceptable(eventDate, new Date()))
    throw new HttpError(400, GROUP_MESSAGES.eventDatePast);
}

// Groups ------------------------------------------------------------------------------------------

/**
 * Starts a group: its routine checked (routineFor) and its parts against the routine's moves; the
 * group, its invite link and the organiser's membership in one transaction. At most
 * GROUP_LIMITS.maxGroupsPerOrganiser per organiser (counted under a lock on their row).
 */
export async function createGroup(deps: Deps, organiser: Actor, input: CreateGroupRequest): Promise<Group> {
  checkEventDate(input.event_date);
  const routine = await routineFor(deps, organiser, input.reference_video_id);
  const parts = checkedParts(input.parts ?? [], routine.moves);
  const group = await deps.db.transaction(async (tx) => {
    await repo.lockUser(tx, organiser.id);
    if ((await repo.countOrganisedBy(tx, organiser.id)) >= GROUP_LIMITS.maxGroupsPerOrganiser)
      throw new HttpError(409, GROUP_MESSAGES.tooManyGroups);
    const created = await repo.insertGroup(tx, {
      name: input.name,
      eventDate: input.event_date ?? null,
      organiserId: organiser.id,
      referenceVideoId: routine.video.id,
      inviteCode: newInviteCode(),
      parts,
    });
    await repo.insertMember(tx, { groupId: created.id, userId: organiser.id, role: "organiser" });
    return created;
  });
  return groupAsSeenBy(deps.db, group.id, organiser.id);
}

/** The group page: the group, who is in it (names as the viewer may see them) and its routine. */
export async function groupDetail(deps: Deps, viewer: Actor, groupId: number): Promise<GroupDetailResponse> {
  const { group, membership } = await memberOf(deps.db, groupId, viewer);
  const [members, routine] = await Promise.all([
    repo.activeMembersOf(deps.db, groupId),
    routineSeenBy(deps, group, viewer),
  ]);
  return {
    group: await groupAsSeenBy(deps.db, groupId, viewer.id),
    members: members.map((m) => toMember(m, membership.role)),
    routine: routine && toRoutine(routine.video, routine.moves),
  };
}

/**
 * The organiser changes the name, date, routine or parts. A new routine drops the parts unless new
 * ones come with it; parts are checked against the routine they will split.
 */
export async function updateGroup(deps: Deps, organiser: Actor, groupId: number, input: UpdateGroupRequest) {
  const { group } = await organiserOf(deps.db, groupId, organiser);
  checkEventDate(input.event_date);
  const newRoutine =
    input.reference_video_id !== undefined && input.reference_video_id !== group.referenceVideoId
      ? await routineFor(deps, organiser, input.reference_video_id)
      : undefined;
  let parts: UpdateGroupRequest["parts"];
  if (input.parts !== undefined) {
    const routine = newRoutine ?? (await routineSeenBy(deps, group, organiser));
    parts = checkedParts(input.parts, routine?.moves ?? null);
  } else if (newRoutine) parts = [];
  await repo.updateGroup(deps.db, groupId, {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.event_date === undefined ? {} : { eventDate: input.event_date }),
    ...(newRoutine ? { referenceVideoId: newRoutine.video.id } : {}),
    ...(parts === undefined ? {} : { parts }),
  });
  return groupAsSeenBy(deps.db, groupId, organiser.id);
}

/** The organiser deletes the group (members, invitations and reminders with it; transfers stay in the ledger). */
export async function deleteGroup(db: Queryable, organiser: Actor, groupId: number): Promise<void> {
  await organiserOf(db, groupId, organiser);
  await repo.deleteGroup(db, groupId);
}

// The invite link ---------------------------------------------------------------------------------

/** A new link (the old one stops working) or none (the link ends): the organiser's. */
export async function setInviteLink(db: Queryable, organiser: Actor, groupId: number, on: boolean): Promise<Group> {
  await organiserOf(db, groupId, organiser);
  await repo.setInviteCode(db, groupId, on ? newInviteCode() : null);
  return groupAsSeenBy(db, groupId, organiser.id);
}

/** The group an invite code opens; 404 for a wrong or ended code, and for someone the organiser removed. */
async function invitedTo(db: Queryable, code: string, user: { id: number }) {
  const group = await repo.findByInviteCode(db, code);
  const membership = group && (await repo.membershipOf(db, group.id, user.id));
  if (!group || !mayJoinAgain(membership)) throw new HttpError(404, GROUP_MESSAGES.inviteNotFound);
  return { group, membership };
}

/** What an invite link joins, before joining: the group's name and date, its organiser's first name, its size. */
export async function previewInvite(db: Queryable, user: Actor, code: string): Promise<InvitePreviewResponse> {
  const { group, membership } = await invitedTo(db, code, user);
  const listing = await repo.inviteListing(db, group.id);
  if (!listing) throw new HttpError(404, GROUP_MESSAGES.inviteNotFound);
  return {
    invite: {
      name: group.name,
      event_date: group.eventDate,
      organiser_name: nameShownTo("member", listing),
      member_count: listing.memberCount,
      group_id: membership ? group.id : null,
    },
  };
}

/**
 * Joins a group by its invite code (an account is needed: the route is signed in). Joining again is
 * harmless (the group as it is); a removed member is not let back in (404, as for a wrong code). At
 * most GROUP_LIMITS.maxMembers: the count is taken under a lock on the group's row, so concurrent
 * joins cannot overfill it. The organiser is told who joined.
 */
export async function joinGroup(db: Db, user: Actor, code: string): Promise<Group> {
  const { group } = await invitedTo(db, code, user);
  await db.transaction(async (tx) => {
    const locked = await repo.lockGroup(tx, group.id);
    // The link ended (or changed) while this request was on its way.
    if (!locked || locked.inviteCode !== code) throw new HttpError(404, GROUP_MESSAGES.inviteNotFound);
    const membership = await repo.membershipOf(tx, group.id, user.id);
    if (membership) {
      if (!mayJoinAgain(membership)) throw new HttpError(404, GROUP_MESSAGES.inviteNotFound);
      return;
    }
    if ((await repo.countActiveMembers(tx, group.id)) >= GROUP_LIMITS.maxMembers)
      throw new HttpError(409, GROUP_MESSAGES.groupFull);
    await repo.insertMember(tx, { groupId: group.id, userId: user.id, role: "member" });
    await notify(tx, {
      userId: group.organiserId,
      actorId: user.id,
      type: "system",
      title: GROUP_MESSAGES.joinedTitle(group.name),
      message: GROUP_MESSAGES.joinedMessage(nameShownTo("organiser", user), group.name),
      link: NOTIFICATION_LINKS.group(group.id),
    });
  });
  return groupAsSeenBy(db, group.id, user.id);
}

/**
 * DELETE of a member: a member leaving (their row goes; the link lets them back), or the organiser
 * removing one (kept as removed: the link does not). From then on they see nothing of the group.
 */
export async function takeOut(db: Queryable, actor: Actor, groupId: number, targetUserId: number) {
  const { membership } = await memberOf(db, groupId, actor);
  const self = targetUserId === actor.id;
  if (!mayTakeOut({ userId: actor.id, role: membership.role }, targetUserId)) {
    if (self) throw new HttpError(409, GROUP_MESSAGES.organiserCannotLeave);
    throw new HttpError(403, GROUP_MESSAGES.organiserOnly);
  }
  const done = self
    ? await repo.deleteMember(db, groupId, actor.id)
    : await repo.markRemoved(db, groupId, targetUserId);
  if (!done) throw new HttpError(404, GROUP_MESSAGES.memberNotFound);
  return self ? "left" : "removed";
}

/** An active member of the group (for what the organiser does to one); 404 for anyone else. */
export async function activeMember(db: Queryable, groupId: number, userId: number): Promise<MemberWithUser> {
  const member = (await repo.activeMembersOf(db, groupId)).find((m) => m.userId === userId);
  if (!member) throw new HttpError(404, GROUP_MESSAGES.memberNotFound);
  return member;
}

// The board ---------------------------------------------------------------------------------------

/** The board's rows for `members`, from their takes and drills of the routine (see board.ts). */
export async function boardRows(deps: Deps, group: GroupRow, members: MemberWithUser[], viewer: Actor) {
  const routine = await routineSeenBy(deps, group, viewer);
  const moves = routine?.moves ?? null;
  const columns = columnsOf(group.parts, moves);
  const userIds = members.map((m) => m.userId);
  const videoId = group.referenceVideoId;
  const [takes, drills] =
    videoId === null
      ? [[], []]
      : await Promise.all([repo.countedTakesOn(deps.db, videoId, userIds), repo.drillsOn(deps.db, videoId, userIds)]);
  const takesBy = groupBy<Take>(takes);
  const drillsBy = groupBy<Drill>(drills);
  const now = new Date();
  const rows = members.map((m) => ({
    member: m,
    ...memberFigures(m.userId, columns, moves, takesBy.get(m.userId) ?? [], drillsBy.get(m.userId) ?? [], now),
  }));
  return { columns, rows, weakest: groupWeakMoves(moves, takesBy) };
}

function groupBy<T extends { userId: number }>(rows: readonly T[]): Map<number, T[]> {
  const by = new Map<number, T[]>();
  for (const row of rows) by.set(row.userId, [...(by.get(row.userId) ?? []), row]);
  return by;
}

/**
 * The board: the organiser sees every member's row, a member only their own (and the weakest moves
 * over what they see). Read from the comparisons and drills every time: nothing is copied.
 */
export async function groupBoard(deps: Deps, viewer: Actor, groupId: number, sort: BoardSort): Promise<BoardResponse> {
  const { group, membership } = await memberOf(deps.db, groupId, viewer);
  const members = (await repo.activeMembersOf(deps.db, groupId)).filter((m) =>
    seesBoardRowOf({ userId: viewer.id, role: membership.role }, m.userId),
  );
  const { columns, rows, weakest } = await boardRows(deps, group, members, viewer);
  const named = rows.map((r) => ({ ...r, name: nameShownTo(membership.role, r.member) }));
  return {
    group_id: group.id,
    event_date: group.eventDate,
    days_to_event: daysToEvent(group.eventDate, new Date()),
    sort,
    columns: columns.map((c) => ({ name: c.name, first_move: c.firstMove, last_move: c.lastMove })),
    members: sortRows(named, sort).map((r) => ({
      user_id: r.user_id,
      name: r.name,
      role: r.member.role,
      started: r.started,
      behind: r.behind,
      last_practised_at: r.last_practised_at,
      takes_this_week: r.takes_this_week,
      parts: r.parts,
      weakest_moves: r.weakest_moves,
    })),
    weakest_moves: weakest,
  };
}
