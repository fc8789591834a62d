import { BEHIND_AFTER_DAYS, type GroupRole } from "@stepsync/contracts";

/** A user's place in a group as stored: their role, and when the organiser removed them (null: still in). */
export type Membership = { role: GroupRole; removedAt: Date | null };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Who sees a group (its page, routine, members and board) and acts in it: its members and its
 * organiser, until they leave or are removed. Anyone else is told "not found", as for a group that
 * does not exist: a group's existence is its members' business.
 */
export function isInGroup(membership: Membership | undefined): membership is Membership {
  return !!membership && membership.removedAt === null;
}

/** Who changes the group, its link, invitations, members, reminders and credits: its organiser. */
export function canManageGroup(membership: Membership): boolean {
  return membership.role === "organiser";
}

/** Whose rows of the board a member sees: the organiser everyone's, a member only their own. */
export function seesBoardRowOf(viewer: { userId: number; role: GroupRole }, rowUserId: number): boolean {
  return viewer.role === "organiser" || viewer.userId === rowUserId;
}

/**
 * Who may leave or take someone out: a member themself (leaving), or the organiser (removing a
 * member). The organiser cannot leave their own group; they delete it instead.
 */
export function mayTakeOut(actor: { userId: number; role: GroupRole }, targetUserId: number): boolean {
  return actor.userId === targetUserId ? actor.role !== "organiser" : actor.role === "organiser";
}

/** A member removed by the organiser stays out: the invite link does not let them back in. */
export function mayJoinAgain(membership: Membership | undefined): boolean {
  return !membership || membership.removedAt === null;
}

/**
 * What may be a group's routine: an approved public library video, or a routine uploaded for a group
 * only by this organiser (a member of someone else's group cannot show its private routine to others).
 */
export function mayBeRoutineOf(
  video: { audience: "public" | "group"; contributorId: number | null },
  organiserId: number,
): boolean {
  return video.audience === "public" || video.contributorId === organiserId;
}

/**
 * Credits leave an account only once its address is proven (as for comparisons): otherwise made-up
 * accounts could pass their welcome credits on to one account through a group.
 */
export function mayGiveCredits(user: { emailVerifiedAt: Date | null }): boolean {
  return user.emailVerifiedAt !== null;
}

/** Uploading a routine for a group (stored and analysed) also needs a proven address. */
export function mayUploadRoutine(user: { emailVerifiedAt: Date | null }): boolean {
  return user.emailVerifiedAt !== null;
}

/**
 * The name members see of each other: the first name only (the first word of the full name, else of
 * the username). The organiser, who invited them, sees names in full.
 */
export function nameShownTo(viewerRole: GroupRole, user: { fullName: string | null; username: string }): string {
  const full = user.fullName?.trim() || user.username.trim();
  return viewerRole === "organiser" ? full : (full.split(/\s+/)[0] ?? full);
}

/** Behind: nothing practised yet, or nothing within BEHIND_AFTER_DAYS (the reminders' "behind"). */
export function isBehind(lastPractisedAt: Date | null, now: Date): boolean {
  return lastPractisedAt === null || now.getTime() - lastPractisedAt.getTime() > BEHIND_AFTER_DAYS * DAY_MS;
}

/** An event date may be today or later; yesterday too, wherever on Earth "today" still is. */
export function isEventDateAcceptable(eventDate: string, now: Date): boolean {
  return (
    Date.parse(`${eventDate}T00:00:00Z`) >= Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY_MS
  );
}
