import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@stepsync/contracts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { startSmtpServer } from "../../test/smtp.ts";
import { SIGN_UP_NOTES_PER_DAY } from "./service.ts";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, publicUrl: "http://stepsync.test" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The mails to `to` once `count` have arrived (mail leaves through the job queue, after the answer). */
async function mailsTo(to: string, count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = smtp.inbox.filter((m) => m.to.includes(to));
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("POST /api/auth/register", () => {
  it("creates the account and mails its welcome link, answering 'check your e-mail' with no session; it logs in with 10 credits", async () => {
    const res = await t.call("POST", "/api/auth/register", {
      body: { username: "Asha Rao", email: "Asha@Example.com", password: "secret123" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: MESSAGES.signUpCheckEmail("asha@example.com") });
    expect(res.cookies).toEqual([]);
    const [welcome] = await mailsTo("asha@example.com", 1);
    expect(welcome?.text).toMatch(/verify-email\?token=/);

    const login = await t.call("POST", "/api/auth/login", {
      body: { email: "asha@example.com", password: "secret123" },
    });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.user).toMatchObject({
      username: "Asha Rao",
      email: "asha@example.com",
      full_name: "Asha Rao",
      role: "user",
      email_verified: false,
    });
    expect(body.token).toEqual(body.session_id);
    expect(new Date(body.session.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    expect(body.user).not.toHaveProperty("password_hash");
    expect(login.cookies.find((c) => c.name === "session_id")).toMatchObject({
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

  it(`answers a taken address exactly as a free one, creates nothing, and mails its owner a note (${SIGN_UP_NOTES_PER_DAY} a day at most) instead of a link`, async () => {
    await t.signUp({ username: "Owner", email: "twice@example.com", password: "owners-pass" });
    const free = await t.call("POST", "/api/auth/register", {
      body: { username: "Other", email: "free@example.com", password: "secret123" },
    });
    const answers = [];
    for (let i = 0; i < SIGN_UP_NOTES_PER_DAY + 1; i++) {
      const taken = await t.call("POST", "/api/auth/register", {
        body: { username: "Other", email: "TWICE@example.com", password: "secret123" },
      });
      answers.push([taken.statusCode, taken.body.replace("twice@", "free@"), taken.cookies.length]);
    }
    expect(answers).toEqual(Array(SIGN_UP_NOTES_PER_DAY + 1).fill([free.statusCode, free.body, 0]));
    // The owner's account is as it was; the new password opens nothing.
    expect(
      (await t.call("POST", "/api/auth/login", { body: { email: "twice@example.com", password: "owners-pass" } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.call("POST", "/api/auth/login", { body: { email: "twice@example.com", password: "secret123" } }))
        .statusCode,
    ).toBe(401);
    // The owner's own welcome mail, then the notes: no more than the cap, and no link in them.
    await mailsTo("twice@example.com", 1 + SIGN_UP_NOTES_PER_DAY);
    await new Promise((r) => setTimeout(r, 500));
    const [welcome, ...notes] = smtp.inbox.filter((m) => m.to.includes("twice@example.com"));
    expect(welcome?.text).toMatch(/verify-email/);
    expect(notes).toHaveLength(SIGN_UP_NOTES_PER_DAY);
    for (const note of notes) {
      expect(note.text).toContain("Hi Owner");
      expect(note.text).toContain("http://stepsync.test/login");
      expect(note.text).not.toMatch(/verify-email/);
    }
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
