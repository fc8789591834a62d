import { COMPARE_MESSAGES, GROUP_MESSAGES, type GiveCreditsRequest, NOTIFICATION_LINKS } from "@stepsync/contracts";
import type { Db } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import { changeCredits, currentBalance } from "../credits/service.ts";
import { notify } from "../notifications/service.ts";
import { mayGiveCredits, nameShownTo } from "./policy.ts";
import * as repo from "./repository.ts";
import { type Actor, activeMember, organiserOf } from "./service.ts";

/**
 * The organiser gives credits from their balance to a member: through the credits area's ledger
 * (one owner for money), one transaction holds the transfer's row, the giver's spend (a conditional
 * update: never below zero, 402 and nothing changed when the balance is short), the member's credit,
 * a ledger line on each side and the member's notification.
 *
 * Exactly once: the giver's idempotency key is unique per giver, and its row is written first, so a
 * retry or a concurrent copy of the request waits for the first to commit, then finds the key taken
 * and changes nothing (the same key with another member or amount: 409). Answers the giver's balance.
 */
export async function giveCredits(db: Db, organiser: Actor, groupId: number, input: GiveCreditsRequest) {
  const { group } = await organiserOf(db, groupId, organiser);
  if (!mayGiveCredits(organiser)) throw new HttpError(403, COMPARE_MESSAGES.confirmEmailFirst);
  if (input.user_id === organiser.id) throw new HttpError(400, GROUP_MESSAGES.creditsToSelf);
  const member = await activeMember(db, groupId, input.user_id);
  const key = input.idempotency_key ?? null;
  return db.transaction(async (tx) => {
    const transfer = await repo.insertTransfer(tx, {
      groupId,
      fromUserId: organiser.id,
      toUserId: member.userId,
      credits: input.credits,
      idempotencyKey: key,
    });
    if (!transfer) {
      const earlier = key === null ? undefined : await repo.findTransferByKey(tx, organiser.id, key);
      if (earlier && (earlier.toUserId !== member.userId || earlier.credits !== input.credits))
        throw new HttpError(409, GROUP_MESSAGES.idempotencyKeyReused);
      return { balance: (await currentBalance(tx, organiser.id)) ?? 0 };
    }
    const to = nameShownTo("member", member);
    const from = nameShownTo("member", organiser);
    const given = GROUP_MESSAGES.creditsGiven(input.credits, to, group.name);
    if (!(await changeCredits(tx, organiser.id, -input.credits, "other", given)))
      throw new HttpError(402, COMPARE_MESSAGES.insufficientCredits);
    const received = GROUP_MESSAGES.creditsReceived(input.credits, from, group.name);
    await changeCredits(tx, member.userId, input.credits, "other", received);
    await notify(tx, {
      userId: member.userId,
      actorId: organiser.id,
      type: "system",
      title: GROUP_MESSAGES.creditsReceivedTitle,
      message: received,
      link: NOTIFICATION_LINKS.group(groupId),
    });
    return { balance: (await currentBalance(tx, organiser.id)) ?? 0 };
  });
}
