import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@stepsync/contracts";
import { eq } from "drizzle-orm";
import { windowCounters } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { LOGIN_THROTTLE } from "./login-throttle.ts";

/** Two web processes of one deployment: their own memory, one database. */
let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  other = await startTestApp({}, {}, t.database);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** A login from its own client address, as a guesser spreading over many would send it. */
const login = (app: TestApp, email: string, password: string, ip: string) =>
  app.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: ip });

describe("wrong passwords for one account, from many addresses and processes", () => {
  it(`hold its password sign-in after ${LOGIN_THROTTLE.FAILURES}, counted across processes (429, even with the right one); other accounts sign in`, async () => {
    await t.signUp({ email: "target@example.com", password: "right-one" });
    await t.signUp({ email: "bystander@example.com", password: "secret123" });
    for (let i = 0; i < LOGIN_THROTTLE.FAILURES; i++) {
      // Half through each process: each alone has seen only 5.
      const res = await login(i % 2 ? other : t, "target@example.com", `guess-${i}`, `10.0.${i}.1`);
      expect(res.statusCode).toBe(401);
    }
    for (const app of [t, other]) {
      const held = await login(app, "Target@Example.com", "right-one", "10.9.9.9");
      expect(held.statusCode).toBe(429);
      expect(held.json()).toEqual({ error: MESSAGES.tooManyLoginFailures });
    }
    expect((await login(other, "bystander@example.com", "secret123", "10.0.0.1")).statusCode).toBe(200);
  });

  it("a wrong current password on the profile counts too, and the profile is held with the sign-in", async () => {
    const { token } = await t.signUp({ email: "profiled@example.com", password: "right-one" });
    const save = (app: TestApp, current: string) =>
      app.call("PUT", "/api/profile", {
        token,
        body: { username: "Profiled", email: "elsewhere@example.com", current_password: current },
      });
    for (let i = 0; i < LOGIN_THROTTLE.FAILURES - 1; i++) {
      const res = await save(i % 2 ? other : t, `guess-${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MESSAGES.currentPasswordWrong });
    }
    expect((await login(other, "profiled@example.com", "guess-last", "10.1.0.1")).statusCode).toBe(401);
    expect((await login(t, "profiled@example.com", "right-one", "10.1.0.2")).statusCode).toBe(429);
    const held = await save(other, "right-one");
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ error: MESSAGES.tooManyLoginFailures });
  });

  it("a right password clears the count; the hold ends with its window", async () => {
    await t.signUp({ email: "cleared@example.com", password: "right-one" });
    for (let i = 0; i < LOGIN_THROTTLE.FAILURES - 1; i++) await login(t, "cleared@example.com", "wrong", "10.2.0.1");
    expect((await login(other, "cleared@example.com", "right-one", "10.2.0.2")).statusCode).toBe(200);
    expect((await login(t, "cleared@example.com", "wrong", "10.2.0.1")).statusCode).toBe(401);
    expect((await login(t, "cleared@example.com", "right-one", "10.2.0.1")).statusCode).toBe(200);

    await t.signUp({ email: "waited@example.com", password: "right-one" });
    for (let i = 0; i < LOGIN_THROTTLE.FAILURES; i++) await login(t, "waited@example.com", "wrong", "10.3.0.1");
    expect((await login(t, "waited@example.com", "right-one", "10.3.0.1")).statusCode).toBe(429);
    // The window began 15 minutes and a second ago.
    await t.ctx.db
      .update(windowCounters)
      .set({ windowStart: new Date(Date.now() - LOGIN_THROTTLE.WINDOW_MS - 1000) })
      .where(eq(windowCounters.key, "login:waited@example.com"));
    expect((await login(other, "waited@example.com", "right-one", "10.3.0.1")).statusCode).toBe(200);
  });
});
