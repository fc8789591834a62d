import { readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "../test/smtp.ts";
import { createMailer } from "./mailer.ts";

/** A logger that keeps every line, with its level. */
function recordingLog() {
  const lines: Array<{ level: string; text: string }> = [];
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      lines.push({ level, text: JSON.stringify(args) });
  const log = {
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
    debug: at("debug"),
    trace: at("trace"),
    fatal: at("fatal"),
    child: () => log,
    level: "info",
  };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

const link = "https://stepsync.example/reset-password?token=SECRET-TOKEN-123";
const mail = { to: "asha@example.com", subject: "Reset your password", text: `Open ${link}` };

let outbox: string;
beforeAll(async () => {
  outbox = await mkdtemp(path.join(os.tmpdir(), "stepsync-mailer-"));
});
afterAll(async () => {
  await rm(outbox, { recursive: true, force: true });
});

describe("mailer", () => {
  it("through SMTP logs nothing of the mail: a reset link never reaches the logs", async () => {
    const smtp = await startSmtpServer();
    try {
      const { lines, log } = recordingLog();
      await createMailer({ smtpUrl: smtp.url, from: "StepSync <no-reply@stepsync.test>", outboxDir: outbox, log }).send(
        mail,
      );
      expect((await smtp.waitFor(mail.to)).text).toContain("SECRET-TOKEN-123");
      expect(lines.filter((l) => l.text.includes("SECRET-TOKEN-123"))).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it("to the outbox: every mail its own file, each logged once at warn (never at info)", async () => {
    const { lines, log } = recordingLog();
    const mailer = createMailer({ from: "StepSync <no-reply@stepsync.test>", outboxDir: outbox, log });
    await Promise.all([mailer.send(mail), mailer.send(mail), mailer.send(mail)]);
    expect(readdirSync(outbox).filter((f) => f.includes("asha@example.com"))).toHaveLength(3);
    const withLink = lines.filter((l) => l.text.includes("SECRET-TOKEN-123"));
    expect(withLink.map((l) => l.level)).toEqual(["warn", "warn", "warn"]);
  });
});
