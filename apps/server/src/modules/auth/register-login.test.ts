import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@stepsync/contracts";
import { startTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("POST /api/auth/register", () => {
  it("creates the account with 10 credits and an initial ledger row, and signs the user in", async () => {
    const res = await t.call("POST", "/api/auth/register", {
      body: { username: "Asha Rao", email: "Asha@Example.com", password: "secret123" },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      username: "Asha Rao",
      email: "asha@example.com",
      full_name: "Asha Rao",
      role: "user",
    });
    expect(body.token).toEqual(body.session_id);
    expect(new Date(body.session.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    expect(body.user).not.toHaveProperty("password_hash");
    expect(res.cookies.find((c) => c.name === "session_id")).toMatchObject({
      value: body.token,
      httpOnly: true,
      sameSite: "Lax",
    });

    const balance = await t.call("GET", "/api/credits/balance", { token: body.token });
    expect(balance.json()).toEqual({ credits: 10 });
    const tx = await t.call("GET", "/api/credits/transactions", { token: body.token });
    expect(tx.json().transactions).toEqual([expect.objectContaining({ transaction_type: "initial", amount: 10 })]);
  });

  it.each([
    [{ username: "", email: "a@b.co", password: "secret123" }, MESSAGES.nameRequired],
    [{ username: "   ", email: "a@b.co", password: "secret123" }, MESSAGES.nameRequired],
    [{ username: "A", email: "", password: "secret123" }, MESSAGES.emailRequired],
    [{ username: "A", email: "not-an-email", password: "secret123" }, MESSAGES.emailInvalid],
    [{ username: "A", email: "a@b.co", password: "" }, MESSAGES.passwordRequired],
    [{ username: "A", email: "a@b.co", password: "12345" }, MESSAGES.passwordTooShort],
    [{ email: "a@b.co", password: "secret123" }, MESSAGES.nameRequired],
  ])("refuses %j with '%s' and creates nothing", async (body, error) => {
    const res = await t.call("POST", "/api/auth/register", { body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
    const login = await t.call("POST", "/api/auth/login", { body: { email: "a@b.co", password: "secret123" } });
    expect(login.statusCode).toBe(401);
  });

  it("refuses a second account for the same e-mail, whatever its case", async () => {
    await t.signUp({ email: "twice@example.com" });
    const res = await t.call("POST", "/api/auth/register", {
      body: { username: "Other", email: "TWICE@example.com", password: "secret123" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: MESSAGES.emailTaken });
  });

  it("gives a second person with the same full name a distinct username", async () => {
    const first = await t.signUp({ username: "Priya Sharma" });
    const second = await t.signUp({ username: "Priya Sharma" });
    expect(first.user.username).toBe("Priya Sharma");
    expect(second.user.username).toBe("Priya Sharma 2");
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password and answers the session", async () => {
    await t.signUp({ email: "login@example.com", password: "rightpass" });
    const res = await t.call("POST", "/api/auth/login", {
      body: { email: " LOGIN@example.com ", password: "rightpass" },
    });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(user.email).toBe("login@example.com");
    const session = await t.call("GET", "/api/auth/session", { token });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe("login@example.com");
    expect(session.json().session.expires_at).toEqual(expect.any(String));
  });

  it("answers a wrong password and an unknown e-mail alike", async () => {
    await t.signUp({ email: "wrong@example.com", password: "rightpass" });
    const wrong = await t.call("POST", "/api/auth/login", {
      body: { email: "wrong@example.com", password: "nope-nope" },
    });
    const unknown = await t.call("POST", "/api/auth/login", {
      body: { email: "nobody@example.com", password: "nope-nope" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: MESSAGES.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([[{ email: "", password: "x" }], [{ email: "a@b.co", password: "" }], [{}]])(
    "asks for both fields when given %j",
    async (body) => {
      const res = await t.call("POST", "/api/auth/login", { body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MESSAGES.loginBothRequired });
    },
  );
});

describe("rate limit on the auth calls", () => {
  it("answers 429 with a readable error once the per-minute limit is used up", async () => {
    const limited = await startTestApp({ authRateLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.call("POST", "/api/auth/login", { body: { email: "x@y.zz", password: "whatever" } });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json()).toEqual({ error: MESSAGES.tooManyRequests });
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
