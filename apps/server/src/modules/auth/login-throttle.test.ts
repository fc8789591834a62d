import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@stepsync/contracts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { LOGIN_THROTTLE, LoginThrottle } from "./login-throttle.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A login from its own client address, as a guesser spreading over many would send it. */
const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: ip });

describe("wrong passwords for one account, from many addresses", () => {
  it(`hold its password sign-in after ${LOGIN_THROTTLE.FAILURES} (429, even with the right one); other accounts sign in`, async () => {
    await t.signUp({ email: "target@example.com", password: "right-one" });
    await t.signUp({ email: "bystander@example.com", password: "secret123" });
    for (let i = 0; i < LOGIN_THROTTLE.FAILURES; i++) {
      const res = await login("target@example.com", `guess-${i}`, `10.0.${i}.1`);
      expect(res.statusCode).toBe(401);
    }
    const held = await login("Target@Example.com", "right-one", "10.9.9.9");
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ error: MESSAGES.tooManyLoginFailures });
    expect((await login("bystander@example.com", "secret123", "10.0.0.1")).statusCode).toBe(200);
  });

  it("a right password clears the count; the hold ends with its window", () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < LOGIN_THROTTLE.FAILURES - 1; i++) throttle.failed("a@example.com");
    throttle.succeeded("a@example.com");
    throttle.failed("a@example.com");
    expect(() => throttle.check("a@example.com")).not.toThrow();
    for (let i = 0; i < LOGIN_THROTTLE.FAILURES; i++) throttle.failed("b@example.com");
    expect(() => throttle.check("b@example.com")).toThrow(MESSAGES.tooManyLoginFailures);
    now += LOGIN_THROTTLE.WINDOW_MS + 1;
    expect(() => throttle.check("b@example.com")).not.toThrow();
  });
});
