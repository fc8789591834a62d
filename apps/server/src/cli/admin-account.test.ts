import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema.ts";
import { quietLog, startTestApp, type TestApp } from "../test/app.ts";
import { ensureBootstrapAdmin } from "./admin-account.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * The session as the server answers it. The promotion is written as the command line writes it, past
 * the server's session cache: it counts once PostgreSQL's change notice arrives (USER_CHANGED in
 * db/user-read-cache.ts), a moment later on a busy machine (checked at once, it failed in a full run here).
 */
async function me(token: string) {
  return (await t.call("GET", "/api/auth/session", { token })).json().user as { role: string; email_verified: boolean };
}

describe("the ADMIN_EMAIL admin counts as confirmed: no banner asks to confirm an address no mail was sent to", () => {
  it("an account that signed up with that address unconfirmed, then promoted", async () => {
    const { token, user } = await t.signUp({ email: "boss@example.com", confirmed: false });
    expect((await me(token)).email_verified).toBe(false);
    await ensureBootstrapAdmin(t.ctx.db, { email: user.email, password: "a long admin password" }, quietLog);
    await expect.poll(() => me(token)).toMatchObject({ role: "admin", email_verified: true });
  });

  it("an admin made earlier whose address was never confirmed", async () => {
    const { token, user } = await t.signUp({ email: "old-admin@example.com", confirmed: false });
    await t.ctx.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    await ensureBootstrapAdmin(t.ctx.db, { email: user.email, password: "a long admin password" }, quietLog);
    await expect.poll(() => me(token)).toMatchObject({ role: "admin", email_verified: true });
  });
});
