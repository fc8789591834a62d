import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../context.ts";
import type { Mail } from "./mailer.ts";

/**
 * Sends a mail without holding up the answer: a failure is logged (with `what` it was), never
 * shown to the one who asked.
 */
export async function sendMail(
  ctx: Pick<AppContext, "mailer">,
  log: FastifyBaseLogger,
  mail: Mail,
  what: string,
): Promise<void> {
  ctx.mailer.send(mail).catch((err: unknown) => log.error({ err, to: mail.to }, `${what} failed`));
}
