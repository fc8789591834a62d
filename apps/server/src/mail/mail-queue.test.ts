import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/app.ts";
import { startSmtpServer } from "../test/smtp.ts";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  // The SMTP server turns the first mail away, as a busy or restarting one does.
  smtp = await startSmtpServer({ refuse: 1 });
  t = await startTestApp({ smtpUrl: smtp.url, publicUrl: "http://stepsync.test" });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("mail through the job queue", () => {
  it("answers at once and still delivers a mail the SMTP server refused the first time", async () => {
    const res = await t.call("POST", "/api/auth/register", {
      body: { username: "Retry Rhea", email: "rhea@example.com", password: "secret123" },
    });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor("rhea@example.com", /verify-email\?token=/);
    expect(mail.text).toContain("Hi Retry Rhea");
    expect(smtp.refused).toEqual([["rhea@example.com"]]);
    expect(smtp.inbox.filter((m) => m.to.includes("rhea@example.com"))).toHaveLength(1);
  });
});
