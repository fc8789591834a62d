import { GROUP_LIMITS, GROUP_MESSAGES } from "@stepsync/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import { HttpError } from "../../http/errors.ts";
import { sendMail } from "../../mail/send.ts";
import { invitationMail } from "./mails.ts";
import { nameShownTo } from "./policy.ts";
import * as repo from "./repository.ts";
import { type Actor, organiserOf } from "./service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The organiser mails the group's invite link to addresses, capped like every mail to an address
 * nobody has proven: GROUP_LIMITS.invitationsPerOrganiserPerDay per organiser (429 for a request
 * that would go past it, nothing sent) and GROUP_LIMITS.invitationsPerAddressPerDay per address from
 * anyone (those addresses are left out and named). The counts are taken under a lock on the
 * organiser's row, so concurrent requests cannot pass the cap together. Mails go after the commit,
 * through the mail queue.
 */
export async function inviteByEmail(
  ctx: Pick<AppContext, "db" | "queue" | "config">,
  log: FastifyBaseLogger,
  organiser: Actor,
  groupId: number,
  emails: string[],
): Promise<{ sent: number; skipped: string[] }> {
  const { group } = await organiserOf(ctx.db, groupId, organiser);
  if (!group.inviteCode) throw new HttpError(409, GROUP_MESSAGES.linkEnded);
  const code = group.inviteCode;
  const addresses = [...new Set(emails.map((e) => e.toLowerCase()))];
  const since = new Date(Date.now() - DAY_MS);
  const { toSend, skipped } = await ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, organiser.id);
    const sent = await repo.invitationsSentSince(tx, organiser.id, since);
    const received = await repo.invitationsToSince(tx, addresses, since);
    const skipped = addresses.filter((a) => (received.get(a) ?? 0) >= GROUP_LIMITS.invitationsPerAddressPerDay);
    const toSend = addresses.filter((a) => !skipped.includes(a));
    if (sent + toSend.length > GROUP_LIMITS.invitationsPerOrganiserPerDay)
      throw new HttpError(429, GROUP_MESSAGES.invitationsLimit);
    await repo.insertInvitations(
      tx,
      toSend.map((email) => ({ groupId, invitedBy: organiser.id, email })),
    );
    return { toSend, skipped };
  });
  const invite = { organiser: nameShownTo("member", organiser), group: group.name, code };
  for (const to of toSend)
    await sendMail(ctx, log, { to, ...invitationMail(ctx.config.publicUrl, invite) }, "group invitation mail");
  return { sent: toSend.length, skipped };
}
