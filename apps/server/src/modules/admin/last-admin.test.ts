import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN_MESSAGES, MESSAGES } from "@stepsync/contracts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { users } from "../../db/schema.ts";

/**
 * Two admins acting on each other at the same moment (on PostgreSQL, two connections) must never
 * leave the deployment without an admin.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Two fresh accounts that are the only admins. */
async function twoLoneAdmins() {
  await t.ctx.db.update(users).set({ role: "user" }).where(eq(users.role, "admin"));
  const a = await t.signUp();
  const b = await t.signUp();
  for (const who of [a, b]) await t.ctx.db.update(users).set({ role: "admin" }).where(eq(users.id, who.user.id));
  return [a, b] as const;
}

const adminCount = async () => (await t.ctx.db.select().from(users).where(eq(users.role, "admin"))).length;

/** The one that lost: refused as the last admin, or (if it arrived after the other's change) no longer allowed in. */
const losingAnswers = [ADMIN_MESSAGES.lastAdmin, MESSAGES.adminRequired, MESSAGES.authRequired];

async function race(kind: "demote" | "delete", trials: number) {
  let lastAdminAnswers = 0;
  for (let trial = 0; trial < trials; trial++) {
    const [a, b] = await twoLoneAdmins();
    const act = (by: typeof a, on: typeof b) =>
      kind === "demote"
        ? t.call("PUT", `/api/admin/users/${on.user.id}/role`, { token: by.token, body: { role: "user" } })
        : t.call("DELETE", `/api/admin/users/${on.user.id}`, { token: by.token });
    const answers = await Promise.all([act(a, b), act(b, a)]);
    expect(await adminCount(), `${kind} trial ${trial}`).toBe(1);
    const [won, lost] = answers[0].statusCode === 200 ? answers : [answers[1], answers[0]];
    expect(won?.statusCode).toBe(200);
    expect(lost?.statusCode).toBeGreaterThanOrEqual(400);
    expect(losingAnswers).toContain(lost?.json().error);
    if (lost?.json().error === ADMIN_MESSAGES.lastAdmin) lastAdminAnswers += 1;
  }
  return lastAdminAnswers;
}

it("keeps one admin when two admins demote each other at once", async () => {
  const refused = await race("demote", 10);
  console.log(`demote race: ${refused}/10 losers told "${ADMIN_MESSAGES.lastAdmin}"`);
});

it("keeps one admin when two admins delete each other at once", async () => {
  const refused = await race("delete", 5);
  console.log(`delete race: ${refused}/5 losers told "${ADMIN_MESSAGES.lastAdmin}"`);
});
