import {
  GROUP_LIMITS,
  GROUP_MESSAGES,
  type NudgeRequest,
  NOTIFICATION_LINKS,
  type NudgeResponse,
} from "@stepsync/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import { mailGroupReminder, type Notice, notify } from "../notifications/service.ts";
import { daysToEvent } from "./board.ts";
import { nameShownTo } from "./policy.ts";
import * as repo from "./repository.ts";
import { type Actor, boardRows, organiserOf } from "./service.ts";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The organiser reminds the group's members, all of them or those behind (the board's `behind`):
 * each gets a notification, and a mail unless they turned group reminder mails off (the mail's link
 * or the notifications page) or have no confirmed address. A member gets at most
 * GROUP_LIMITS.remindersPerMemberPerWeek reminders from a group within seven days; the rest are left
 * out and counted. Counted and recorded under a lock on the group's row, so two presses at once
 * cannot pass the cap together; mails go after the commit.
 */
export async function remindMembers(
  ctx: Pick<AppContext, "db" | "queue" | "config" | "storage" | "log">,
  log: FastifyBaseLogger,
  organiser: Actor,
  groupId: number,
  request: NudgeRequest,
): Promise<NudgeResponse> {
  const { group } = await organiserOf(ctx.db, groupId, organiser);
  const members = (await repo.activeMembersOf(ctx.db, groupId)).filter((m) => m.role === "member");
  const targets =
    request.to === "all"
      ? members.map((m) => m.userId)
      : (await boardRows(ctx, group, members, organiser)).rows.filter((r) => r.behind).map((r) => r.user_id);
  const from = nameShownTo("member", organiser);
  const notice: Notice = {
    type: "system",
    title: GROUP_MESSAGES.reminderTitle(group.name),
    message: request.message
      ? `${from}: ${request.message}`
      : GROUP_MESSAGES.reminderDefault(from, daysToEvent(group.eventDate, new Date())),
    link: NOTIFICATION_LINKS.group(group.id),
  };
  const reminded = await ctx.db.transaction(async (tx) => {
    await repo.lockGroup(tx, groupId);
    const had = await repo.remindersSince(tx, groupId, targets, new Date(Date.now() - WEEK_MS));
    const eligible = targets.filter((id) => (had.get(id) ?? 0) < GROUP_LIMITS.remindersPerMemberPerWeek);
    await repo.insertReminders(tx, groupId, eligible);
    for (const userId of eligible) await notify(tx, { ...notice, userId, actorId: organiser.id });
    return eligible;
  });
  let mailed = 0;
  for (const userId of reminded) if (await mailGroupReminder(ctx, log, userId, notice)) mailed += 1;
  const capped = targets.length - reminded.length;
  return { reminded: reminded.length, mailed, capped, message: GROUP_MESSAGES.nudgeResult(reminded.length, capped) };
}
