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

async function me(token: string) {
  return (await t.call("GET", "/api/auth/session", { token })).json().user as { role: string; email_verified: boolean };
}

describe("the ADMIN_EMAIL admin counts as confirmed: no banner asks to confirm an address no mail was sent to", () => {
  it("an account that signed up with that address unconfirmed, then promoted", async () => {
    const { token, user } = await t.signUp({ email: "boss@example.com", confirmed: false });
    expect((await me(token)).email_verified).toBe(false);
    await ensureBootstrapAdmin(t.ctx.db, { email: user.email, password: "a long admin password" }, quietLog);
    expect(await me(token)).toMatchObject({ role: "admin", email_verified: true });
  });

  it("an admin made earlier whose address was never confirmed", async () => {
    const { token, user } = await t.signUp({ email: "old-admin@example.com", confirmed: false });
    await t.ctx.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    await ensureBootstrapAdmin(t.ctx.db, { email: user.email, password: "a long admin password" }, quietLog);
    expect(await me(token)).toMatchObject({ role: "admin", email_verified: true });
  });
});
