import { z } from "zod";
import { ACTIVITY_TYPES } from "./constants.ts";
import { rowId } from "./ids.ts";
import { LIBRARY_MESSAGES } from "./library.ts";
import { UPLOAD_MESSAGES } from "./messages.ts";

/**
 * Groups (a sangeet): an organiser teaches one routine to a group who practise at home; their
 * comparisons, dance-alongs, practised parts and drills of the routine fill the group's board.
 *
 * POST /api/groups {name, event_date?, reference_video_id, parts?} → 201 {group}
 * GET /api/groups → {groups} (the viewer's)
 * GET /api/groups/:id → {group, members, routine}
 * PATCH /api/groups/:id {name?, event_date?, reference_video_id?, parts?} (organiser) → {group}
 * DELETE /api/groups/:id (organiser) → {message}
 * POST /api/groups/routine-videos (multipart: video, title, category?) → 201 a routine for a group only
 * GET /api/groups/invites/:code → {invite} (what joining would join); POST /api/groups/join {invite_code} → {group}
 * POST /api/groups/:id/invite-link (a new link) · DELETE /api/groups/:id/invite-link (ends it) → {group}
 * POST /api/groups/:id/invitations {emails} (organiser) → mails the link
 * DELETE /api/groups/:id/members/:user_id (the organiser removes; a member leaves) → {message}
 * GET /api/groups/:id/board?sort= → the board (the organiser every row, a member their own)
 * POST /api/groups/:id/nudges {to, message?} (organiser) → reminders, within the weekly cap
 * POST /api/groups/:id/credits {user_id, credits, idempotency_key?} (organiser) → {balance}
 *
 * Every /api/groups/:id… route answers 404 to anyone who is not a member (as for a missing group),
 * 401 signed out; what only the organiser may do answers a member 403.
 */

export const GROUP_LIMITS = {
  nameMax: 80,
  /** Members, the organiser included: a family and friends, and room to spare. */
  maxMembers: 50,
  /** Groups one account organises at once. */
  maxGroupsPerOrganiser: 20,
  maxParts: 12,
  partNameMax: 40,
  maxCreditsPerTransfer: 1000,
  idempotencyKeyMin: 8,
  idempotencyKeyMax: 100,
  /** Addresses one invitation request may name. */
  invitationsPerRequest: 20,
  /** Invitation mails an organiser sends within a day, all groups together. */
  invitationsPerOrganiserPerDay: 60,
  /** Invitation mails one address gets within a day, from anyone. */
  invitationsPerAddressPerDay: 3,
  /** Reminders a member gets from one group within seven days (notification and mail alike). */
  remindersPerMemberPerWeek: 2,
  reminderMessageMax: 300,
  /** Moves a member misses most, on their row. */
  memberWeakMoves: 3,
  /** The group's weakest moves. */
  groupWeakMoves: 5,
} as const;

export const GROUP_ROLES = ["organiser", "member"] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/**
 * Board orders. Members who have not started are first in every order; then "behind": the lowest
 * progress (mean best score over the parts, an unscored part as 0) first; "name": by name;
 * "best": the highest progress first; "recent": the most recently practised first.
 */
export const BOARD_SORTS = ["behind", "name", "best", "recent"] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];

/** Whom a reminder goes to: every member, or those behind (not started, or nothing practised in seven days). */
export const NUDGE_AUDIENCES = ["all", "behind"] as const;
export type NudgeAudience = (typeof NUDGE_AUDIENCES)[number];

/** A member counts as behind with no practice in this many days (or none at all). */
export const BEHIND_AFTER_DAYS = 7;

/** The part a routine without named parts has: all of it. */
export const WHOLE_ROUTINE_PART = "Whole routine";

export const GROUP_MESSAGES = {
  notFound: "Group not found",
  inviteNotFound: "This invite link is not valid or has ended.",
  organiserOnly: "Only the group's organiser can do this.",
  nameRequired: "Give your group a name",
  nameTooLong: `A group's name is at most ${GROUP_LIMITS.nameMax} characters`,
  eventDateInvalid: "The event date must be a date such as 2026-02-14",
  eventDatePast: "The event date has already passed",
  routineRequired: "Choose the group's routine: a library video or one you upload for the group",
  routineNotAvailable: "That routine is not available",
  tooManyGroups: `You already organise ${GROUP_LIMITS.maxGroupsPerOrganiser} groups. Delete one to start another.`,
  groupFull: `This group is full (${GROUP_LIMITS.maxMembers} members).`,
  organiserCannotLeave: "The organiser cannot leave their own group. Delete the group instead.",
  memberNotFound: "Member not found",
  removed: "Member removed",
  left: "You left the group",
  deleted: "Group deleted",
  joined: (name: string) => `You joined ${name}`,
  partsNeedMoves: "The routine's moves are not known yet: add its parts once its analysis is done.",
  partsTooMany: `A routine has at most ${GROUP_LIMITS.maxParts} parts`,
  partName: `A part's name is 1–${GROUP_LIMITS.partNameMax} characters, each name once`,
  partMoves: "A part is a run of moves: first_move and last_move are move numbers, first_move ≤ last_move",
  partsOrder: "Parts follow the routine's order and do not overlap",
  partPastEnd: (moves: number) => `The routine has ${moves} moves`,
  linkEnded: "The invite link has ended: make a new one before inviting people.",
  emailsRequired: `Give 1–${GROUP_LIMITS.invitationsPerRequest} e-mail addresses`,
  emailInvalid: (email: string) => `${email} is not an e-mail address`,
  invitationsLimit: `You can send ${GROUP_LIMITS.invitationsPerOrganiserPerDay} invitations a day. Please try again tomorrow, or share the invite link.`,
  invitationsSent: (sent: number) => `${sent} ${sent === 1 ? "invitation" : "invitations"} sent`,
  creditsInvalid: `Give a whole number of credits from 1 to ${GROUP_LIMITS.maxCreditsPerTransfer}`,
  creditsToSelf: "You cannot give credits to yourself",
  idempotencyKeyInvalid: `idempotency_key is ${GROUP_LIMITS.idempotencyKeyMin}–${GROUP_LIMITS.idempotencyKeyMax} characters`,
  idempotencyKeyReused: "This idempotency_key was already used for another transfer",
  /** The ledger lines of a transfer, on the giver's side and on the member's. */
  creditsGiven: (credits: number, to: string, group: string) =>
    `Gave ${credits} ${credits === 1 ? "credit" : "credits"} to ${to} (group "${group}")`,
  creditsReceived: (credits: number, from: string, group: string) =>
    `${credits} ${credits === 1 ? "credit" : "credits"} from ${from} (group "${group}")`,
  creditsReceivedTitle: "You were given credits",
  reminderMessageTooLong: `A reminder's message is at most ${GROUP_LIMITS.reminderMessageMax} characters`,
  reminderTitle: (group: string) => `Time to practise: ${group}`,
  reminderDefault: (organiser: string, daysToEvent: number | null) =>
    daysToEvent !== null && daysToEvent >= 0
      ? `${organiser} reminds you to practise the routine: ${daysToEvent === 0 ? "the event is today" : `${daysToEvent} ${daysToEvent === 1 ? "day" : "days"} to go`}.`
      : `${organiser} reminds you to practise the routine.`,
  nudgeResult: (reminded: number, capped: number) =>
    `${reminded} ${reminded === 1 ? "member" : "members"} reminded` +
    (capped > 0
      ? `; ${capped} already had ${GROUP_LIMITS.remindersPerMemberPerWeek} reminders this week and ${capped === 1 ? "was" : "were"} left out`
      : ""),
  joinedTitle: (group: string) => `New member in ${group}`,
  joinedMessage: (name: string, group: string) => `${name} joined ${group}.`,
  routineUploaded: "Routine uploaded. It is being analysed: practice counts once it is ready.",
  confirmEmailToUpload: "Confirm your e-mail address to upload a routine: open the link we sent you.",
} as const;

// Requests ----------------------------------------------------------------------------------------

const groupName = z
  .string({ error: GROUP_MESSAGES.nameRequired })
  .trim()
  .min(1, GROUP_MESSAGES.nameRequired)
  .max(GROUP_LIMITS.nameMax, GROUP_MESSAGES.nameTooLong);

/** A calendar date, YYYY-MM-DD (the event's day where it happens; no time of day, no zone). */
export const eventDate = z
  .string({ error: GROUP_MESSAGES.eventDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, GROUP_MESSAGES.eventDateInvalid)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, GROUP_MESSAGES.eventDateInvalid);

const moveNumber = z
  .number({ error: GROUP_MESSAGES.partMoves })
  .int(GROUP_MESSAGES.partMoves)
  .min(1, GROUP_MESSAGES.partMoves);

/** A named part: a run of the routine's moves, numbered from 1 (as the result and the board say them). */
export const groupPart = z.object({
  name: z
    .string({ error: GROUP_MESSAGES.partName })
    .trim()
    .min(1, GROUP_MESSAGES.partName)
    .max(GROUP_LIMITS.partNameMax, GROUP_MESSAGES.partName),
  first_move: moveNumber,
  last_move: moveNumber,
});
export type GroupPart = z.infer<typeof groupPart>;

const parts = z
  .array(groupPart, { error: GROUP_MESSAGES.partMoves })
  .max(GROUP_LIMITS.maxParts, GROUP_MESSAGES.partsTooMany);
const routineId = rowId(GROUP_MESSAGES.routineRequired);

export const createGroupRequest = z.object({
  name: groupName,
  event_date: eventDate.nullish(),
  reference_video_id: routineId,
  /** Absent or empty: one part, the whole routine. Needs the routine's moves (its analysis done). */
  parts: parts.optional(),
});
export type CreateGroupRequest = z.infer<typeof createGroupRequest>;

/** What the organiser changes; absent fields stay. A new routine drops the parts unless new ones come with it. */
export const updateGroupRequest = z.object({
  name: groupName.optional(),
  /** null clears the date. */
  event_date: eventDate.nullish(),
  reference_video_id: routineId.optional(),
  parts: parts.optional(),
});
export type UpdateGroupRequest = z.infer<typeof updateGroupRequest>;

export const joinGroupRequest = z.object({
  invite_code: z
    .string({ error: GROUP_MESSAGES.inviteNotFound })
    .trim()
    .min(1, GROUP_MESSAGES.inviteNotFound)
    .max(200, GROUP_MESSAGES.inviteNotFound),
});
export type JoinGroupRequest = z.infer<typeof joinGroupRequest>;

export const invitationsRequest = z.object({
  emails: z
    .array(z.string({ error: GROUP_MESSAGES.emailsRequired }).trim(), { error: GROUP_MESSAGES.emailsRequired })
    .min(1, GROUP_MESSAGES.emailsRequired)
    .max(GROUP_LIMITS.invitationsPerRequest, GROUP_MESSAGES.emailsRequired)
    .superRefine((emails, ctx) => {
      const bad = emails.find((e) => !z.email().safeParse(e).success);
      if (bad !== undefined) ctx.addIssue({ code: "custom", message: GROUP_MESSAGES.emailInvalid(bad) });
    }),
});
export type InvitationsRequest = z.infer<typeof invitationsRequest>;

export const nudgeRequest = z.object({
  to: z.enum(NUDGE_AUDIENCES).default("behind"),
  /** The organiser's own words; absent: a plain reminder with the countdown. */
  message: z.string().trim().max(GROUP_LIMITS.reminderMessageMax, GROUP_MESSAGES.reminderMessageTooLong).optional(),
});
export type NudgeRequest = z.infer<typeof nudgeRequest>;

export const giveCreditsRequest = z.object({
  user_id: rowId(GROUP_MESSAGES.memberNotFound),
  credits: z
    .number({ error: GROUP_MESSAGES.creditsInvalid })
    .int(GROUP_MESSAGES.creditsInvalid)
    .min(1, GROUP_MESSAGES.creditsInvalid)
    .max(GROUP_LIMITS.maxCreditsPerTransfer, GROUP_MESSAGES.creditsInvalid),
  /**
   * Chosen by the client once per transfer it means (a random id) and sent again with every retry:
   * the same key from the same giver is one transfer, however often and however concurrently it comes.
   */
  idempotency_key: z
    .string({ error: GROUP_MESSAGES.idempotencyKeyInvalid })
    .min(GROUP_LIMITS.idempotencyKeyMin, GROUP_MESSAGES.idempotencyKeyInvalid)
    .max(GROUP_LIMITS.idempotencyKeyMax, GROUP_MESSAGES.idempotencyKeyInvalid)
    .optional(),
});
export type GiveCreditsRequest = z.infer<typeof giveCreditsRequest>;

export const boardQuery = z.object({ sort: z.enum(BOARD_SORTS).default("behind") });

/** The fields of POST /api/groups/routine-videos besides the `video` file. */
export const routineUploadFields = z.object({
  title: z
    .string({ error: UPLOAD_MESSAGES.enterTitle })
    .trim()
    .min(1, UPLOAD_MESSAGES.enterTitle)
    .max(200, LIBRARY_MESSAGES.titleTooLong),
  category: z.preprocess((v) => (v === "" ? undefined : v), z.enum(ACTIVITY_TYPES).default("folk")),
});

// Answers -----------------------------------------------------------------------------------------

export const group = z.object({
  id: z.number().int(),
  name: z.string(),
  event_date: z.string().nullable(),
  /** Days from today (UTC) to the event: 0 on the day, negative after; null without a date. */
  days_to_event: z.number().int().nullable(),
  /** The viewer's role in it. */
  role: z.enum(GROUP_ROLES),
  organiser_name: z.string(),
  /** The invite link's code (/groups/join/<code>): the organiser's only; null for members and once ended. */
  invite_code: z.string().nullable(),
  member_count: z.number().int(),
  /** The routine (a library video); null when it was deleted. */
  reference_video_id: z.number().int().nullable(),
  /** The named parts; empty: one part, the whole routine. */
  parts: z.array(groupPart),
  created_at: z.string(),
});
export type Group = z.infer<typeof group>;
export const groupResponse = z.object({ group });
export type GroupResponse = z.infer<typeof groupResponse>;
export const groupsResponse = z.object({ groups: z.array(group) });
export type GroupsResponse = z.infer<typeof groupsResponse>;

export const groupMember = z.object({
  user_id: z.number().int(),
  /** First name only (the organiser sees the name in full). */
  name: z.string(),
  role: z.enum(GROUP_ROLES),
  joined_at: z.string(),
});
export type GroupMember = z.infer<typeof groupMember>;

/** One move of the routine, numbered from 1; `label` names it as a teacher counts ("8-count 2 · 5–6"). */
export const routineMove = z.object({
  move: z.number().int(),
  label: z.string(),
  start_s: z.number(),
  end_s: z.number(),
});
export type RoutineMove = z.infer<typeof routineMove>;

export const groupRoutine = z.object({
  reference_video_id: z.number().int(),
  title: z.string(),
  /** Uploaded for the group: only its members see it, never the library. */
  private: z.boolean(),
  category: z.string(),
  duration_s: z.number().nullable(),
  file_url: z.string(),
  thumbnail_url: z.string().nullable(),
  /** Its analysis: parts and per-move figures need "ready". */
  pose_status: z.enum(["pending", "ready", "failed"]),
  /** Null until its analysis is done. */
  moves: z.array(routineMove).nullable(),
});
export type GroupRoutine = z.infer<typeof groupRoutine>;

export const groupDetailResponse = z.object({
  group,
  members: z.array(groupMember),
  routine: groupRoutine.nullable(),
});
export type GroupDetailResponse = z.infer<typeof groupDetailResponse>;

/** GET /api/groups/invites/:code: what the link joins, before joining. */
export const invitePreviewResponse = z.object({
  invite: z.object({
    name: z.string(),
    event_date: z.string().nullable(),
    organiser_name: z.string(),
    member_count: z.number().int(),
    /** The viewer is in it already (GET /api/groups/:group_id then). */
    group_id: z.number().int().nullable(),
  }),
});
export type InvitePreviewResponse = z.infer<typeof invitePreviewResponse>;

export const boardPart = z.object({
  part: z.string(),
  /** The best score of a take covering the whole part; null before any. */
  best_score: z.number().nullable(),
  last_practised_at: z.string().nullable(),
  /** Takes and drills touching the part within the last seven days. */
  takes: z.number().int(),
});
export type BoardPart = z.infer<typeof boardPart>;

export const missedMove = z.object({
  move: z.number().int(),
  label: z.string(),
  /** Takes in which it was a miss. */
  misses: z.number().int(),
});
export type MissedMove = z.infer<typeof missedMove>;

export const boardRow = z.object({
  user_id: z.number().int(),
  name: z.string(),
  role: z.enum(GROUP_ROLES),
  /** Any take or drill of the routine. */
  started: z.boolean(),
  /** Not started, or nothing practised within BEHIND_AFTER_DAYS: the nudge's "behind". */
  behind: z.boolean(),
  last_practised_at: z.string().nullable(),
  takes_this_week: z.number().int(),
  /** One per column, in the columns' order. */
  parts: z.array(boardPart),
  /** The moves missed most, most first. */
  weakest_moves: z.array(missedMove),
});
export type BoardRow = z.infer<typeof boardRow>;

export const boardColumn = z.object({
  name: z.string(),
  /** Null for the whole routine while its moves are not known. */
  first_move: z.number().int().nullable(),
  last_move: z.number().int().nullable(),
});

export const boardResponse = z.object({
  group_id: z.number().int(),
  event_date: z.string().nullable(),
  days_to_event: z.number().int().nullable(),
  sort: z.enum(BOARD_SORTS),
  /** One per part (a routine without named parts: one, the whole routine). */
  columns: z.array(boardColumn),
  /** The organiser: every member; a member: their own row. */
  members: z.array(boardRow),
  /** Over the rows shown: the moves missed by most members, then most often. */
  weakest_moves: z.array(missedMove.extend({ members: z.number().int() })),
});
export type BoardResponse = z.infer<typeof boardResponse>;

export const giveCreditsResponse = z.object({
  /** The organiser's balance after the transfer. */
  balance: z.number().int(),
});
export type GiveCreditsResponse = z.infer<typeof giveCreditsResponse>;

export const invitationsResponse = z.object({
  sent: z.number().int(),
  /** Addresses left out: they had GROUP_LIMITS.invitationsPerAddressPerDay invitations today. */
  skipped: z.array(z.string()),
  message: z.string(),
});
export type InvitationsResponse = z.infer<typeof invitationsResponse>;

export const nudgeResponse = z.object({
  reminded: z.number().int(),
  /** Of those reminded, how many were mailed too (the others turned reminder mails off, or have no confirmed address). */
  mailed: z.number().int(),
  /** Left out: they had GROUP_LIMITS.remindersPerMemberPerWeek reminders from the group within seven days. */
  capped: z.number().int(),
  message: z.string(),
});
export type NudgeResponse = z.infer<typeof nudgeResponse>;

export const routineUploadResponse = z.object({
  video_id: z.number().int(),
  title: z.string(),
  pose_status: z.enum(["pending", "ready", "failed"]),
  message: z.string(),
});
export type RoutineUploadResponse = z.infer<typeof routineUploadResponse>;
