/**
 * POST /api/groups/:id/credits: the organiser gives credits to a member through the credits area's
 * ledger, exactly once under retries and races, never below zero.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPARE_MESSAGES, GROUP_MESSAGES, type Group } from "@stepsync/contracts";
import { creditTransactions, groupCreditTransfers, users } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeLibraryVideo } from "../../test/factories.ts";
import { changeCredits } from "../credits/service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<TestApp["signUp"]>>;

async function account(fullName: string, confirmed = true): Promise<Account> {
  const signed = await t.signUp({ confirmed });
  await t.ctx.db.update(users).set({ fullName }).where(eq(users.id, signed.user.id));
  return signed;
}

/** A group of `organiser` with members who joined by its link. */
async function groupWith(organiser: Account, members: Account[]): Promise<Group> {
  const video = await makeLibraryVideo(t.ctx.db, { status: "approved" });
  const res = await t.call("POST", "/api/groups", {
    token: organiser.token,
    body: { name: "Sangeet", reference_video_id: video.id },
  });
  const group = res.json().group as Group;
  for (const m of members)
    await t.call("POST", "/api/groups/join", { token: m.token, body: { invite_code: group.invite_code } });
  return group;
}

const give = (token: string, groupId: number, body: Record<string, unknown>) =>
  t.call("POST", `/api/groups/${groupId}/credits`, { token, body });

async function balance(userId: number): Promise<number> {
  const [row] = await t.ctx.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits as number;
}

/** The ledger's lines of a user, oldest first, and their sum. */
async function ledger(userId: number) {
  const rows = await t.ctx.db
    .select({
      amount: creditTransactions.amount,
      type: creditTransactions.transactionType,
      text: creditTransactions.description,
    })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(creditTransactions.id);
  return { rows, sum: rows.reduce((s, r) => s + r.amount, 0) };
}

async function topUp(userId: number, credits: number) {
  await t.ctx.db.transaction((tx) => changeCredits(tx, userId, credits, "purchase", "Purchased credits (test)"));
}

describe("giving credits to a member", () => {
  it("moves them from the organiser's balance to the member's, a ledger line on each side, and tells the member", async () => {
    const organiser = await account("Asha Rao");
    const member = await account("Priya Sharma");
    const group = await groupWith(organiser, [member]);
    const res = await give(organiser.token, group.id, { user_id: member.user.id, credits: 3 });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: { balance: 7 } });
    expect([await balance(organiser.user.id), await balance(member.user.id)]).toEqual([7, 13]);
    expect((await ledger(organiser.user.id)).rows.at(-1)).toEqual({
      amount: -3,
      type: "other",
      text: 'Gave 3 credits to Priya (group "Sangeet")',
    });
    expect((await ledger(member.user.id)).rows.at(-1)).toEqual({
      amount: 3,
      type: "other",
      text: '3 credits from Asha (group "Sangeet")',
    });
    const inbox = (await t.call("GET", "/api/notifications", { token: member.token })).json();
    expect(inbox.notifications[0]).toMatchObject({
      title: GROUP_MESSAGES.creditsReceivedTitle,
      message: '3 credits from Asha (group "Sangeet")',
      link: `/groups/${group.id}`,
    });
    // The member's own balance route says it too.
    expect((await t.call("GET", "/api/credits/balance", { token: member.token })).json()).toEqual({ credits: 13 });
  });

  it("never below zero: 402 with the spec's text, and nothing changed", async () => {
    const organiser = await account("Asha Rao");
    const member = await account("Priya Sharma");
    const group = await groupWith(organiser, [member]);
    const res = await give(organiser.token, group.id, {
      user_id: member.user.id,
      credits: 11,
      idempotency_key: randomUUID(),
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 402,
      body: { error: COMPARE_MESSAGES.insufficientCredits },
    });
    expect([await balance(organiser.user.id), await balance(member.user.id)]).toEqual([10, 10]);
    expect((await ledger(organiser.user.id)).rows).toHaveLength(1);
    const transfers = await t.ctx.db
      .select()
      .from(groupCreditTransfers)
      .where(eq(groupCreditTransfers.fromUserId, organiser.user.id));
    expect(transfers).toEqual([]);
  });

  it("is exact under 50 concurrent transfers: 30 credits give 30, the other 20 are refused, balances and ledger agree", async () => {
    const organiser = await account("Asha Rao");
    const members = [await account("Priya S"), await account("Bela I"), await account("Chitra D")];
    const group = await groupWith(organiser, members);
    await topUp(organiser.user.id, 20);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        give(organiser.token, group.id, {
          user_id: (members[i % 3] as Account).user.id,
          credits: 1,
          idempotency_key: randomUUID(),
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 402)).toHaveLength(20);
    expect(await balance(organiser.user.id)).toBe(0);
    const received = await Promise.all(members.map((m) => balance(m.user.id)));
    expect(received.reduce((a, b) => a + b, 0)).toBe(30 + 30);
    // Every balance is its ledger's sum; each transfer has its two lines and its row.
    for (const user of [organiser, ...members])
      expect((await ledger(user.user.id)).sum).toBe(await balance(user.user.id));
    expect((await ledger(organiser.user.id)).rows.filter((r) => r.amount === -1)).toHaveLength(30);
    const [transfers] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int`, credits: sql<number>`sum(${groupCreditTransfers.credits})::int` })
      .from(groupCreditTransfers)
      .where(eq(groupCreditTransfers.fromUserId, organiser.user.id));
    expect(transfers).toEqual({ n: 30, credits: 30 });
  }, 60_000);

  it("exactly once per idempotency key: 50 copies of one request at once move the credits once", async () => {
    const organiser = await account("Asha Rao");
    const member = await account("Priya Sharma");
    const group = await groupWith(organiser, [member]);
    const body = { user_id: member.user.id, credits: 4, idempotency_key: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 50 }, () => give(organiser.token, group.id, body)));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`))).toEqual(new Set(['200 {"balance":6}']));
    expect([await balance(organiser.user.id), await balance(member.user.id)]).toEqual([6, 14]);
    expect((await ledger(member.user.id)).rows.map((r) => r.amount)).toEqual([10, 4]);
    // A retry later is the same transfer; the key with another amount or member is refused.
    expect((await give(organiser.token, group.id, body)).json()).toEqual({ balance: 6 });
    const reused = await give(organiser.token, group.id, { ...body, credits: 5 });
    expect({ status: reused.statusCode, body: reused.json() }).toEqual({
      status: 409,
      body: { error: GROUP_MESSAGES.idempotencyKeyReused },
    });
    expect(await balance(organiser.user.id)).toBe(6);
    // Without a key, each request is a transfer of its own.
    await give(organiser.token, group.id, { user_id: member.user.id, credits: 1 });
    await give(organiser.token, group.id, { user_id: member.user.id, credits: 1 });
    expect(await balance(member.user.id)).toBe(16);
  }, 60_000);

  it.each<[string, (m: { member: Account; organiser: Account }) => Record<string, unknown>, number, string]>([
    [
      "no whole number",
      ({ member }) => ({ user_id: member.user.id, credits: 1.5 }),
      400,
      GROUP_MESSAGES.creditsInvalid,
    ],
    ["zero", ({ member }) => ({ user_id: member.user.id, credits: 0 }), 400, GROUP_MESSAGES.creditsInvalid],
    [
      "too many at once",
      ({ member }) => ({ user_id: member.user.id, credits: 1001 }),
      400,
      GROUP_MESSAGES.creditsInvalid,
    ],
    [
      "a key too short",
      ({ member }) => ({ user_id: member.user.id, credits: 1, idempotency_key: "abc" }),
      400,
      GROUP_MESSAGES.idempotencyKeyInvalid,
    ],
    ["to oneself", ({ organiser }) => ({ user_id: organiser.user.id, credits: 1 }), 400, GROUP_MESSAGES.creditsToSelf],
    ["to someone not in the group", () => ({ user_id: 999_999, credits: 1 }), 404, GROUP_MESSAGES.memberNotFound],
  ])("%s: refused, nothing moves", async (_what, bodyOf, status, error) => {
    const organiser = await account("Asha Rao");
    const member = await account("Priya Sharma");
    const group = await groupWith(organiser, [member]);
    const res = await give(organiser.token, group.id, bodyOf({ member, organiser }));
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { error } });
    expect([await balance(organiser.user.id), await balance(member.user.id)]).toEqual([10, 10]);
  });

  it("a removed member gets nothing more (404); an organiser with an unconfirmed address gives nothing (403)", async () => {
    const organiser = await account("Asha Rao");
    const member = await account("Priya Sharma");
    const group = await groupWith(organiser, [member]);
    await t.call("DELETE", `/api/groups/${group.id}/members/${member.user.id}`, { token: organiser.token });
    const removed = await give(organiser.token, group.id, { user_id: member.user.id, credits: 1 });
    expect(removed.statusCode).toBe(404);

    const unconfirmed = await account("Nita K", false);
    const other = await account("Ravi P");
    const second = await groupWith(unconfirmed, [other]);
    const res = await give(unconfirmed.token, second.id, { user_id: other.user.id, credits: 5 });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 403,
      body: { error: COMPARE_MESSAGES.confirmEmailFirst },
    });
    expect([await balance(unconfirmed.user.id), await balance(other.user.id)]).toEqual([10, 10]);
    const lines = await t.ctx.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, other.user.id), eq(creditTransactions.transactionType, "other")));
    expect(lines).toEqual([]);
  });
});
