import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MESSAGES } from "@stepsync/contracts";
import { passwordResetTokens } from "../../db/schema.ts";
import { hashToken } from "./tokens.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { startSmtpServer } from "../../test/smtp.ts";

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

/** The token in the reset link of a received mail. */
function tokenFromMail(text: string): string {
  const match = text.match(/http:\/\/stepsync\.test\/reset-password\?token=([A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error(`no reset link in mail:\n${text}`);
  return decodeURIComponent(match[1]);
}

describe("forgot → mail → reset", () => {
  it("mails a link over SMTP that resets the password exactly once and ends every session", async () => {
    const { token: oldSession } = await t.signUp({ username: "Mira", email: "mira@example.com", password: "oldpass1" });
    const res = await t.call("POST", "/api/auth/forgot-password", { body: { email: "Mira@Example.com" } });
    expect(res.statusCode).toBe(200);

    const mail = await smtp.waitFor("mira@example.com", /reset-password/);
    expect(mail.raw).toMatch(/Subject: Reset your StepSync password/);
    const token = tokenFromMail(mail.text);

    const valid = await t.call("POST", "/api/auth/validate-reset-token", { body: { token } });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ email: "mira@example.com", username: "Mira" });

    const reset = await t.call("POST", "/api/auth/reset-password", { body: { token, password: "NewPass#2024" } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(MESSAGES.passwordResetDone);

    // The old session is over, the old password no longer works, the new one does.
    expect((await t.call("GET", "/api/auth/session", { token: oldSession })).statusCode).toBe(401);
    expect(
      (await t.call("POST", "/api/auth/login", { body: { email: "mira@example.com", password: "oldpass1" } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.call("POST", "/api/auth/login", { body: { email: "mira@example.com", password: "NewPass#2024" } }))
        .statusCode,
    ).toBe(200);

    // Single use.
    const again = await t.call("POST", "/api/auth/reset-password", { body: { token, password: "Another#2025" } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: MESSAGES.invalidResetLink });
    expect((await t.call("POST", "/api/auth/validate-reset-token", { body: { token } })).statusCode).toBe(400);
  });

  it("answers an unknown e-mail exactly like a known one, and sends nothing", async () => {
    await t.signUp({ email: "known@example.com" });
    const known = await t.call("POST", "/api/auth/forgot-password", { body: { email: "known@example.com" } });
    const unknown = await t.call("POST", "/api/auth/forgot-password", { body: { email: "ghost@example.com" } });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await smtp.waitFor("known@example.com", /reset-password/);
    expect(smtp.inbox.some((m) => m.to.includes("ghost@example.com"))).toBe(false);
  });

  it("asks for an e-mail address when the field is blank", async () => {
    const res = await t.call("POST", "/api/auth/forgot-password", { body: { email: "   " } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MESSAGES.forgotEmailRequired });
  });

  it("refuses a link older than one hour", async () => {
    await t.signUp({ email: "late@example.com" });
    await t.call("POST", "/api/auth/forgot-password", { body: { email: "late@example.com" } });
    const token = tokenFromMail((await smtp.waitFor("late@example.com", /reset-password/)).text);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    const res = await t.call("POST", "/api/auth/validate-reset-token", { body: { token } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MESSAGES.invalidResetLink });
    expect(
      (await t.call("POST", "/api/auth/reset-password", { body: { token, password: "Fresh#Pass1" } })).statusCode,
    ).toBe(400);
  });

  it("refuses a made-up token and a weak new password", async () => {
    const bogus = await t.call("POST", "/api/auth/validate-reset-token", { body: { token: "made-up" } });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json()).toEqual({ error: MESSAGES.invalidResetLink });
    await t.signUp({ email: "weak@example.com" });
    await t.call("POST", "/api/auth/forgot-password", { body: { email: "weak@example.com" } });
    const token = tokenFromMail((await smtp.waitFor("weak@example.com", /reset-password/)).text);
    const weak = await t.call("POST", "/api/auth/reset-password", { body: { token, password: "password" } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ error: MESSAGES.weakPassword });
    // The weak attempt did not use up the link.
    expect((await t.call("POST", "/api/auth/validate-reset-token", { body: { token } })).statusCode).toBe(200);
  });
});
