import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export type ReceivedMail = { to: string[]; raw: string; text: string };

/** Decodes the quoted-printable and base64 parts of a plain-text mail well enough to read it. */
function readableText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const body = split === -1 ? raw : raw.slice(split).trimStart();
  if (/content-transfer-encoding:\s*quoted-printable/i.test(raw)) {
    return body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  if (/content-transfer-encoding:\s*base64/i.test(raw))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/**
 * A real SMTP server on loopback that keeps what it receives, for mail tests. With `refuse: n` it
 * answers the first n mails with a temporary failure (451), as a busy or restarting server does.
 */
export async function startSmtpServer(options: { refuse?: number } = {}) {
  const inbox: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const refused: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (refused.length < (options.refuse ?? 0)) {
          refused.push(session.envelope.rcptTo.map((r) => r.address));
          return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: readableText(raw) });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** The recipients of each mail refused (see `refuse`). */
    refused,
    /** Resolves with the first mail to `to` (whose text matches `about`, if given), waiting up to 10 s. */
    async waitFor(to: string, about?: RegExp): Promise<ReceivedMail> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = inbox.find((m) => m.to.includes(to) && (!about || about.test(m.text)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within 10 s`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
