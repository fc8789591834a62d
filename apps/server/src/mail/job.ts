import type { AppContext } from "../context.ts";
import type { JobHandler, JobMap } from "../jobs/queue.ts";

/** The `email` job: delivers one queued mail; a throw (the SMTP server refused or is away) means "try again later". */
export function emailJobHandler(ctx: Pick<AppContext, "mailer">): JobHandler<JobMap["email"]> {
  return (mail) => ctx.mailer.send(mail);
}
