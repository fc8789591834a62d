import type { AppContext } from "../context.ts";
import type { JobHandler, JobMap } from "../jobs/queue.ts";
import type { Mail } from "./mailer.ts";

declare module "../jobs/queue.ts" {
  interface JobMap {
    /** A mail to deliver (mail/send.ts queues it, the worker sends it here). */
    email: Mail;
  }
}

/** The `email` job: delivers one queued mail; a throw (the SMTP server refused or is away) means "try again later". */
export function emailJobHandler(ctx: Pick<AppContext, "mailer">): JobHandler<JobMap["email"]> {
  return (mail) => ctx.mailer.send(mail);
}
