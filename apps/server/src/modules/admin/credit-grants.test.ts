import { randomUUID } from "node:crypto";
import { ADMIN_MESSAGES } from "@stepsync/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCreditGrants, creditTransactions, notifications, users } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";

/** POST /api/admin/users/{id}/credits: an admin gives a user credits (or takes some back). */

let t: TestApp;
let admin: { token: string; user: { id: number } };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signUp({ username: "Grant Admin" });
  await t.ctx.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
});
afterAll(() => t.close());

const grant = (userId: number, body: Record<string, unknown>, token = admin.token) =>
  t.call("POST", `/api/admin/users/${userId}/credits`, { body, token });

/** A signed-up user with `credits` left (the welcome credits spent or topped up in the database). */
async function dancer(credits: number) {
  const made = await t.signUp();
  await t.ctx.db.update(users).set({ credits }).where(eq(users.id, made.user.id));
  return made;
}

const balanceOf = async (userId: number) =>
  (await t.ctx.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]?.credits;
const ledgerOf = (userId: number) =>
  t.ctx.db
    .select({
      amount: creditTransactions.amount,
      type: creditTransactions.transactionType,
      line: creditTransactions.description,
    })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.transactionType, "other")));
const grantsTo = (userId: number) =>
  t.ctx.db
    .select({ adminId: adminCreditGrants.adminId, amount: adminCreditGrants.amount, reason: adminCreditGrants.reason })
    .from(adminCreditGrants)
    .where(eq(adminCreditGrants.userId, userId));

describe("an admin gives a user credits", () => {
  it("adds them with a ledger line, a notification and the grant's audit row; the user sees the new balance", async () => {
    const { user, token } = await dancer(0);
    const res = await grant(user.id, { amount: 5, reason: "Payments are not open yet", idempotency_key: randomUUID() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ADMIN_MESSAGES.creditsGranted(5, user.username, 5),
      user: { id: user.id, credits: 5 },
    });
    expect((await t.call("GET", "/api/credits/balance", { token })).json()).toEqual({ credits: 5 });
    expect(await ledgerOf(user.id)).toEqual([
      { amount: 5, type: "other", line: "Credits from StepSync: Payments are not open yet" },
    ]);
    const [note] = await t.ctx.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(note).toEqual({
      title: "Credits added",
      message: "StepSync added 5 credits to your account: Payments are not open yet",
    });
    expect(await grantsTo(user.id)).toEqual([
      { adminId: admin.user.id, amount: 5, reason: "Payments are not open yet" },
    ]);
    // User Management lists the balance.
    const listed = (
      await t.call("GET", `/api/admin/users?search=${encodeURIComponent(user.email)}`, { token: admin.token })
    ).json();
    expect(listed.users[0]).toMatchObject({ id: user.id, credits: 5 });
  });

  it("exactly once per idempotency key: 30 copies of one request at once add the credits once", async () => {
    const { user } = await dancer(0);
    const body = { amount: 4, reason: "Retried on a bad connection", idempotency_key: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 30 }, () => grant(user.id, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
    expect(new Set(answers.map((a) => a.json().user.credits))).toEqual(new Set([4]));
    expect(await balanceOf(user.id)).toBe(4);
    expect(await ledgerOf(user.id)).toHaveLength(1);
    expect(await grantsTo(user.id)).toHaveLength(1);
    // The key again for something else is refused, and changes nothing.
    const reused = await grant(user.id, { ...body, amount: 40 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ error: ADMIN_MESSAGES.grantKeyReused });
    expect(await balanceOf(user.id)).toBe(4);
  });

  it("takes credits back, never below zero: 20 take-backs of 1 at once from 12 leave 0, eight refused", async () => {
    const { user } = await dancer(12);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        grant(user.id, { amount: -1, reason: "Given twice by mistake", idempotency_key: randomUUID() }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(12);
    expect(codes.filter((c) => c === 409)).toHaveLength(8);
    expect(await balanceOf(user.id)).toBe(0);
    const ledger = await ledgerOf(user.id);
    expect(ledger).toHaveLength(12);
    expect(ledger[0]).toEqual({
      amount: -1,
      type: "other",
      line: "Credits taken back by StepSync: Given twice by mistake",
    });
    // A refused take-back leaves no audit row either: only what happened is recorded.
    expect(await grantsTo(user.id)).toHaveLength(12);
    const refused = await grant(user.id, {
      amount: -3,
      reason: "Given twice by mistake",
      idempotency_key: randomUUID(),
    });
    expect(refused.json()).toEqual({ error: ADMIN_MESSAGES.grantBelowZero(user.username, 0) });
  });

  it("is for admins only, for a user who exists, with an amount, a reason and a key", async () => {
    const { user, token } = await dancer(0);
    const body = { amount: 5, reason: "Because", idempotency_key: randomUUID() };
    expect((await t.call("POST", `/api/admin/users/${user.id}/credits`, { body })).statusCode).toBe(401);
    expect((await grant(user.id, body, token)).statusCode).toBe(403);
    const missing = await grant(987_654, body);
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: ADMIN_MESSAGES.userNotFound }]);
    for (const [bad, error] of [
      [{ ...body, amount: 0 }, ADMIN_MESSAGES.grantAmountInvalid],
      [{ ...body, amount: 2.5 }, ADMIN_MESSAGES.grantAmountInvalid],
      [{ ...body, amount: 5000 }, ADMIN_MESSAGES.grantAmountInvalid],
      [{ ...body, reason: "  " }, ADMIN_MESSAGES.grantReasonInvalid],
      [{ ...body, idempotency_key: "abc" }, ADMIN_MESSAGES.grantKeyInvalid],
    ] as const) {
      const res = await grant(user.id, bad);
      expect([res.statusCode, res.json()]).toEqual([400, { error }]);
    }
    expect(await balanceOf(user.id)).toBe(0);
  });
});
