import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../context.ts";
import { JOB_NAMES } from "../jobs/queue.ts";
import type { Mail } from "./mailer.ts";

/**
 * Sends a mail without holding up the answer: it goes through the job queue, whose worker sends
 * it and tries again while the SMTP server fails (JOB_POLICY.email). A mail that cannot even be
 * queued is logged (with `what` it was), never shown to the one who asked.
 */
export async function sendMail(
  ctx: Pick<AppContext, "queue">,
  log: FastifyBaseLogger,
  mail: Mail,
  what: string,
): Promise<void> {
  await ctx.queue
    .send(JOB_NAMES.email, mail)
    .catch((err: unknown) => log.error({ err, to: mail.to }, `${what} failed`));
}
