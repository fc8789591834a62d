import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@stepsync/contracts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { eq } from "drizzle-orm";
import { emailConfirmations } from "../../db/schema.ts";
import { CONFIRM_MAILS } from "./email-confirmation.ts";
import { startFakeGoogle } from "../../test/google.ts";
import { startSmtpServer } from "../../test/smtp.ts";

const clientId = "stepsync-test.apps.googleusercontent.com";
let t: TestApp;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  google = await startFakeGoogle(clientId);
  smtp = await startSmtpServer();
  t = await startTestApp({
    googleClientId: clientId,
    googleCertsUrl: google.certsUrl,
    smtpUrl: smtp.url,
    publicUrl: "http://stepsync.test",
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await google.close();
});

/** The token of the confirmation link in the latest mail to `to`. */
async function confirmToken(to: string): Promise<string> {
  await smtp.waitFor(to);
  const mails = smtp.inbox.filter((m) => m.to.includes(to));
  const text = mails[mails.length - 1]!.text;
  const match = text.match(/http:\/\/stepsync\.test\/verify-email\?token=([A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error(`no confirmation link in mail:\n${text}`);
  return decodeURIComponent(match[1]);
}

const json = (body: unknown) => ({ body });
const session = (token: string) => t.call("GET", "/api/auth/session", { token });
const login = (email: string, password: string) => t.call("POST", "/api/auth/login", json({ email, password }));
const googleLogin = (credential: string) => t.call("POST", "/api/auth/google-login", json({ credential }));

describe("Google sign-in cannot take over an account registered with someone else's address", () => {
  it("the welcome link opened signed out confirms nothing; the victim's Google sign-in removes the attacker's password and ends their sessions", async () => {
    // The attacker registers the victim's address with a password and keeps a session.
    const attacker = await t.signUp({ confirmed: false, email: "victim@gmail.com", password: "attacker1" });
    expect((await session(attacker.token)).json().user).toMatchObject({ email_verified: false, has_password: true });

    // The victim opens the welcome link that arrives, signed out: refused in words, the link kept.
    const link = await confirmToken("victim@gmail.com");
    const signedOut = await t.call("POST", "/api/auth/verify-email", json({ token: link }));
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: MESSAGES.confirmNeedsSignIn });
    expect((await session(attacker.token)).json().user.email_verified).toBe(false);

    // The victim signs up with Google: register says the account exists; login takes it over.
    const credential = google.idToken({ sub: "g-victim", email: "victim@gmail.com", name: "Victim" });
    expect((await t.call("POST", "/api/auth/google-register", json({ credential }))).statusCode).toBe(409);
    const taken = await googleLogin(credential);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({
      message: MESSAGES.googlePasswordRemoved,
      password_removed: true,
      user: { email: "victim@gmail.com", email_verified: true, has_password: false },
    });
    expect((await session(attacker.token)).statusCode).toBe(401);
    expect((await login("victim@gmail.com", "attacker1")).statusCode).toBe(401);
    // The attacker's link is void too, and the victim's next Google sign-in is a plain one.
    const stale = await t.call("POST", "/api/auth/verify-email", { token: attacker.token, body: { token: link } });
    expect(stale.json()).toEqual({ error: MESSAGES.invalidConfirmLink });
    const again = await googleLogin(credential);
    expect(again.json()).toMatchObject({ message: MESSAGES.loginSuccessful });
    expect(again.json()).not.toHaveProperty("password_removed");
  });

  it("the mailbox's owner can take the account back by resetting the password too (every session ends); Google then links", async () => {
    const attacker = await t.signUp({ confirmed: false, email: "owner@gmail.com", password: "attacker1" });
    await t.call("POST", "/api/auth/forgot-password", json({ email: "owner@gmail.com" }));
    const reset = await smtp.waitFor("owner@gmail.com", /reset-password/);
    const resetToken = decodeURIComponent(reset.text.match(/reset-password\?token=([A-Za-z0-9_%-]+)/)![1]!);
    const done = await t.call("POST", "/api/auth/reset-password", json({ token: resetToken, password: "owner123" }));
    expect(done.statusCode).toBe(200);
    expect((await session(attacker.token)).statusCode).toBe(401);
    expect((await login("owner@gmail.com", "attacker1")).statusCode).toBe(401);
    const linked = await googleLogin(google.idToken({ sub: "g-owner", email: "owner@gmail.com" }));
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({
      message: MESSAGES.loginSuccessful,
      user: { email_verified: true, has_password: true },
    });
    expect((await login("owner@gmail.com", "owner123")).statusCode).toBe(200);
  });

  it("the welcome link confirms for its own account, signed in, once (403 in another account); Google then links and the password stays", async () => {
    const { token } = await t.signUp({ confirmed: false, email: "asha@gmail.com", password: "secret123" });
    const link = await confirmToken("asha@gmail.com");
    const stranger = await t.signUp();
    const elsewhere = await t.call("POST", "/api/auth/verify-email", { token: stranger.token, body: { token: link } });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({ error: MESSAGES.confirmNeedsSignIn });

    const opened = await t.call("POST", "/api/auth/verify-email", { token, body: { token: link } });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ message: MESSAGES.emailConfirmed, user: { email_verified: true } });
    expect((await session(token)).json().user.email_verified).toBe(true);
    const again = await t.call("POST", "/api/auth/verify-email", { token, body: { token: link } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: MESSAGES.invalidConfirmLink });
    const resend = await t.call("POST", "/api/auth/resend-verification", { token });
    expect(resend.statusCode).toBe(400);
    expect(resend.json()).toEqual({ error: MESSAGES.emailAlreadyConfirmed });
    const credential = google.idToken({ sub: "g-asha", email: "asha@gmail.com" });
    const linked = await googleLogin(credential);
    expect(linked.json()).toMatchObject({ message: MESSAGES.loginSuccessful, user: { has_password: true } });
    // The password keeps working, and so does the session: both are the owner's.
    expect((await login("asha@gmail.com", "secret123")).statusCode).toBe(200);
    expect((await session(token)).statusCode).toBe(200);
  });

  it("resend mails a fresh link and voids the older one; made-up links are refused", async () => {
    const { token } = await t.signUp({ confirmed: false, email: "ravi@example.com" });
    const first = await confirmToken("ravi@example.com");
    const resend = await t.call("POST", "/api/auth/resend-verification", { token });
    expect(resend.json()).toEqual({ message: MESSAGES.confirmEmailSent("ravi@example.com") });
    const deadline = Date.now() + 5000;
    while (smtp.inbox.filter((m) => m.to.includes("ravi@example.com")).length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const second = await confirmToken("ravi@example.com");
    expect(second).not.toBe(first);
    const open = (body: object) => t.call("POST", "/api/auth/verify-email", { token, body });
    expect((await open({ token: first })).statusCode).toBe(400);
    for (const body of [{ token: "made-up-token-123" }, {}, { token: "" }]) {
      const res = await open(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MESSAGES.invalidConfirmLink });
    }
    expect((await open({ token: second })).statusCode).toBe(200);
    expect((await t.call("POST", "/api/auth/resend-verification")).statusCode).toBe(401);
  });

  it("an account made with Google starts confirmed", async () => {
    const credential = google.idToken({ sub: "g-new", email: "fresh@gmail.com", name: "Fresh" });
    const created = await t.call("POST", "/api/auth/google-register", json({ credential }));
    expect(created.json().user).toMatchObject({ email_verified: true, has_password: false, pending_email: null });
  });
});

describe("changing the e-mail address", () => {
  const profile = (token: string, body: Record<string, unknown>) => t.call("PUT", "/api/profile", { token, body });

  it("needs the current password and takes effect when the new address opens its link; other sessions end", async () => {
    const { token } = await t.signUp({
      confirmed: false,
      username: "Neha",
      email: "neha@example.com",
      password: "secret123",
    });
    const { token: otherDevice } = (await login("neha@example.com", "secret123")).json();

    const without = await profile(token, { username: "Neha", email: "neha.new@example.com" });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({ error: MESSAGES.currentPasswordRequired });
    const wrong = await profile(token, { username: "Neha", email: "neha.new@example.com", current_password: "guess" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: MESSAGES.currentPasswordWrong });

    const asked = await profile(token, {
      username: "Neha",
      email: "Neha.New@example.com",
      current_password: "secret123",
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(MESSAGES.emailChangePending("neha.new@example.com"));
    expect(asked.json().profile).toMatchObject({ email: "neha@example.com", pending_email: "neha.new@example.com" });
    // Nothing changed yet: the old address still signs in, and the sign-in answer shows the user as
    // the session does, the address awaiting confirmation included (no second trip needed).
    const signedIn = await login("neha@example.com", "secret123");
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email: "neha@example.com", pending_email: "neha.new@example.com" });
    expect(signedIn.json().user).toEqual((await session(signedIn.json().token)).json().user);

    const link = await confirmToken("neha.new@example.com");
    const opened = await t.call("POST", "/api/auth/verify-email", { token, body: { token: link } });
    expect(opened.json()).toMatchObject({
      message: MESSAGES.emailChanged("neha.new@example.com"),
      user: { email: "neha.new@example.com", email_verified: true, pending_email: null },
    });
    // The session that opened the link stays; the others end.
    expect((await session(token)).statusCode).toBe(200);
    expect((await session(otherDevice)).statusCode).toBe(401);
    expect((await login("neha@example.com", "secret123")).statusCode).toBe(401);
    expect((await login("neha.new@example.com", "secret123")).statusCode).toBe(200);
    // The old address hears of it, with a way back.
    const notice = await smtp.waitFor("neha@example.com", /was changed/);
    expect(notice.raw).toMatch(/^Subject: Your StepSync e-mail address was changed/m);
    expect(notice.text).toContain("changed from this one to neha.new@example.com");
    expect(notice.text).toContain("http://stepsync.test/forgot-password");
  });

  it("someone who types your address into their account cannot take it, nor your Google sign-in, when you open the link", async () => {
    // Mallory asks to change her account's address to Vera's; the link goes to Vera's mailbox.
    const mallory = await t.signUp({
      confirmed: false,
      username: "Mallory",
      email: "mallory@example.com",
      password: "secret123",
    });
    await profile(mallory.token, { username: "Mallory", email: "vera@gmail.com", current_password: "secret123" });
    const link = await confirmToken("vera@gmail.com");

    // Vera opens it signed out: refused, the link unused, nothing changes.
    const signedOut = await t.call("POST", "/api/auth/verify-email", json({ token: link }));
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: MESSAGES.confirmChangeNeedsSignIn });
    expect((await session(mallory.token)).json().user).toMatchObject({ email: "mallory@example.com" });

    // Vera signs up with Google: her own new account, not Mallory's.
    const credential = google.idToken({ sub: "g-vera", email: "vera@gmail.com", name: "Vera" });
    const vera = await t.call("POST", "/api/auth/google-register", json({ credential }));
    expect(vera.statusCode).toBe(201);
    expect(vera.json().user.id).not.toBe(mallory.user.id);
    expect(vera.json().user).toMatchObject({ email: "vera@gmail.com", email_verified: true });

    // Opened again while signed in to Vera's account: refused too (403), still nothing changes.
    const asVera = await t.call("POST", "/api/auth/verify-email", { token: vera.json().token, body: { token: link } });
    expect(asVera.statusCode).toBe(403);
    expect(asVera.json()).toEqual({ error: MESSAGES.confirmChangeNeedsSignIn });
    expect((await session(mallory.token)).json().user).toMatchObject({ email: "mallory@example.com" });
    expect((await googleLogin(credential)).json().user.id).toBe(vera.json().user.id);
  });

  it("an address taken meanwhile is refused when the link is opened (409), and nothing changes", async () => {
    const { token } = await t.signUp({
      confirmed: false,
      username: "Omar",
      email: "omar@example.com",
      password: "secret123",
    });
    await profile(token, { username: "Omar", email: "wanted@example.com", current_password: "secret123" });
    const link = await confirmToken("wanted@example.com");
    await t.signUp({ confirmed: false, email: "wanted@example.com" });
    const opened = await t.call("POST", "/api/auth/verify-email", { token, body: { token: link } });
    expect(opened.statusCode).toBe(409);
    expect(opened.json()).toEqual({ error: MESSAGES.emailTaken });
    expect((await session(token)).json().user.email).toBe("omar@example.com");
  });

  it("other profile fields save as before, without a password", async () => {
    const { token } = await t.signUp({ confirmed: false, username: "Plain", email: "plain@example.com" });
    const saved = await profile(token, { username: "Plain", email: "plain@example.com", bio: "Salsa on Sundays." });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: MESSAGES.profileUpdated, profile: { bio: "Salsa on Sundays." } });
  });
});

describe("PUT /api/profile is no e-mail cannon and no address oracle", () => {
  const profile = (token: string, body: Record<string, unknown>) => t.call("PUT", "/api/profile", { token, body });
  const change = (token: string, username: string, email: string) =>
    profile(token, { username, email, current_password: "secret123" });

  it("answers a registered address exactly as a free one; its owner gets a notice, not a link", async () => {
    await t.signUp({ confirmed: false, username: "Owner", email: "owner@example.com", password: "secret123" });
    const prober = await t.signUp({
      confirmed: false,
      username: "Prober",
      email: "prober@example.com",
      password: "secret123",
    });
    const taken = await change(prober.token, "Prober", "owner@example.com");
    const free = await change(prober.token, "Prober", "nobody-yet@example.com");
    expect([taken.statusCode, free.statusCode]).toEqual([200, 200]);
    const blank = (res: typeof taken, email: string) => JSON.stringify(res.json()).replaceAll(email, "ADDRESS");
    expect(blank(taken, "owner@example.com")).toBe(blank(free, "nobody-yet@example.com"));

    const notice = await smtp.waitFor("owner@example.com", /already yours/);
    expect(notice.raw).toMatch(/^Subject: Someone tried to use your e-mail address on StepSync/m);
    expect(notice.text).not.toMatch(/verify-email/);
    expect(notice.text).toContain("Hi Owner,");
  });

  it(`mails at most ${CONFIRM_MAILS.PER_ACCOUNT} links an hour per account and ${CONFIRM_MAILS.PER_ADDRESS} per address; past that 429, and nothing of that save is kept`, async () => {
    const bomber = await t.signUp({
      confirmed: false,
      username: "Bomber",
      email: "bomber@example.com",
      password: "secret123",
    });
    // Sign-up's own link counts: PER_ACCOUNT − 1 more go out.
    for (let i = 1; i < CONFIRM_MAILS.PER_ACCOUNT; i++)
      expect((await change(bomber.token, "Bomber", `target${i}@example.com`)).statusCode).toBe(200);
    const refused = await change(bomber.token, "Bomber Renamed", "target-last@example.com");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: MESSAGES.confirmMailsLimit });
    expect((await session(bomber.token)).json().user.username).toBe("Bomber");

    // Many accounts, one inbox.
    const accounts = await Promise.all(
      Array.from({ length: CONFIRM_MAILS.PER_ADDRESS + 1 }, (_, i) =>
        t.signUp({ confirmed: false, username: `Flood ${i}`, email: `flood${i}@example.com`, password: "secret123" }),
      ),
    );
    const answers = [];
    for (const [i, a] of accounts.entries())
      answers.push((await change(a.token, `Flood ${i}`, "inbox@example.com")).statusCode);
    expect(answers).toEqual([...Array(CONFIRM_MAILS.PER_ADDRESS).fill(200), 429]);
    // Links made (each is one mail), and the mails as they arrive (pg-boss delivers about one a second).
    const links = await t.ctx.db
      .select()
      .from(emailConfirmations)
      .where(eq(emailConfirmations.email, "inbox@example.com"));
    expect(links).toHaveLength(CONFIRM_MAILS.PER_ADDRESS);
    const delivered = () => smtp.inbox.filter((m) => m.to.includes("inbox@example.com")).length;
    await expect.poll(delivered, { timeout: 60_000, interval: 250 }).toBe(CONFIRM_MAILS.PER_ADDRESS);
  }, 90_000);

  it("is rate-limited per client like sign-in (AUTH_RATE_LIMIT a minute): 429 past it", async () => {
    const limited = await startTestApp({}, { AUTH_RATE_LIMIT: "3" });
    try {
      const { token, user } = await limited.signUp({ confirmed: false });
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await limited.call("PUT", "/api/profile", { token, body: { username: `Saver ${i}`, email: user.email } }))
            .statusCode,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
