import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * SMTP when SMTP_URL is set (nothing of a mail is logged: it may hold a reset link). Without it,
 * mails are written to the outbox folder as .eml files and each is logged once, at warn, so someone
 * running StepSync locally sees that mail is not going out and can still follow a reset link.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await fileTransport.sendMail({ from: options.from, ...mail });
      await mkdir(options.outboxDir, { recursive: true });
      // Unique per mail: two mails in one millisecond must not overwrite each other.
      const name = `${Date.now()}-${randomBytes(4).toString("hex")}-${mail.to.replace(/[^a-z0-9@.]/gi, "_")}.eml`;
      const file = path.join(options.outboxDir, name);
      await writeFile(file, info.message as Buffer, { flag: "wx" });
      options.log.warn(
        { to: mail.to, subject: mail.subject, file, text: mail.text },
        "mail written to outbox (SMTP_URL not set)",
      );
    },
  };
}
