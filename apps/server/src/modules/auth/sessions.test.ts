import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MESSAGES } from "@stepsync/contracts";
import { sessions } from "../../db/schema.ts";
import { hashToken } from "./tokens.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("session token transports", () => {
  it("accepts the token as bearer, as X-Session-ID and as the session_id cookie", async () => {
    const { token, user } = await t.signUp();
    const viaBearer = await t.call("GET", "/api/auth/session", { headers: { authorization: `Bearer ${token}` } });
    const viaHeader = await t.call("GET", "/api/auth/session", { headers: { "x-session-id": token } });
    const viaCookie = await t.call("GET", "/api/auth/session", { headers: { cookie: `session_id=${token}` } });
    for (const res of [viaBearer, viaHeader, viaCookie]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().user.id).toBe(user.id);
    }
  });

  it("answers 401 'Authentication required' without a token or with a made-up one", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Bearer made-up" },
      { "x-session-id": "nope" },
      { cookie: "session_id=zzz" },
    ];
    for (const headers of attempts) {
      const res = await t.call("GET", "/api/auth/session", { headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MESSAGES.authRequired });
    }
  });

  it("stores only a hash of the token", async () => {
    const { token } = await t.signUp();
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const all = await t.database.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(all.some((r) => r.h === token)).toBe(false);
  });
});

describe("expiry and extension", () => {
  it("refuses an expired session and extends a live one to a full lifetime", async () => {
    const { token } = await t.signUp();
    const tokenHash = hashToken(token);
    // Nearly expired: extension gives it a full 7 days again.
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.tokenHash, tokenHash));
    const extended = await t.call("POST", "/api/auth/session/extend", { token });
    expect(extended.statusCode).toBe(200);
    const expiresAt = new Date(extended.json().session.expires_at).getTime();
    expect(expiresAt).toBeGreaterThan(Date.now() + 7 * 24 * 3600_000 - 60_000);
    const session = await t.call("GET", "/api/auth/session", { token });
    expect(new Date(session.json().session.expires_at).getTime()).toBe(expiresAt);

    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash));
    // Written behind the server's back: its cached session goes when PostgreSQL's change notice
    // arrives (USER_CHANGED in db/user-read-cache.ts), a moment later on a busy machine.
    await expect.poll(async () => (await t.call("GET", "/api/auth/session", { token })).statusCode).toBe(401);
    expect((await t.call("POST", "/api/auth/session/extend", { token })).statusCode).toBe(401);
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the session at once and clears the cookie, leaving the user's other sessions alone", async () => {
    const { token } = await t.signUp({ email: "two-devices@example.com", password: "secret123" });
    const other = (
      await t.call("POST", "/api/auth/login", { body: { email: "two-devices@example.com", password: "secret123" } })
    ).json().token;
    const res = await t.call("POST", "/api/auth/logout", { token });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === "session_id");
    expect(cleared?.value).toBe("");
    expect((await t.call("GET", "/api/auth/session", { token })).statusCode).toBe(401);
    expect((await t.call("GET", "/api/profile", { token })).statusCode).toBe(401);
    expect((await t.call("GET", "/api/auth/session", { token: other })).statusCode).toBe(200);
  });

  it("answers calmly when nobody is signed in", async () => {
    expect((await t.call("POST", "/api/auth/logout")).statusCode).toBe(200);
  });
});

describe("role guard", () => {
  it("refuses an admin call with 401 signed out and 403 'Admin access required' for a user or contributor", async () => {
    const signedOut = await t.call("GET", "/api/admin/client-logs");
    expect(signedOut.statusCode).toBe(401);
    const { token, user } = await t.signUp();
    const asUser = await t.call("GET", "/api/admin/client-logs", { token });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({ error: MESSAGES.adminRequired });
    const { users } = await import("../../db/schema.ts");
    await t.database.db.update(users).set({ role: "contributor" }).where(eq(users.id, user.id));
    expect((await t.call("GET", "/api/admin/client-logs", { token })).statusCode).toBe(403);
    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    // Written behind the server's back after it cached the contributor's session: the promotion counts
    // once PostgreSQL's change notice arrives (USER_CHANGED), a moment later on a busy machine.
    await expect.poll(async () => (await t.call("GET", "/api/admin/client-logs", { token })).statusCode).toBe(200);
  });
});

describe("expired sessions", () => {
  it("are deleted at start (and hourly); live ones stay", async () => {
    const { token: live } = await t.signUp();
    const { token: old } = await t.signUp();
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.tokenHash, hashToken(old)));
    // Another process of the same deployment starting up.
    const next = await startTestApp({}, {}, t.database);
    try {
      const left = await t.ctx.db.select({ hash: sessions.tokenHash }).from(sessions);
      expect(left.map((r) => r.hash)).toContain(hashToken(live));
      expect(left.map((r) => r.hash)).not.toContain(hashToken(old));
      expect((await t.call("GET", "/api/auth/session", { token: live })).statusCode).toBe(200);
    } finally {
      await next.close();
    }
  });
});
