import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { MESSAGES, updateProfileRequest, type Profile } from "@stepsync/contracts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { HttpError, parse } from "../../http/errors.ts";
import { currentUser, guard } from "../auth/request-auth.ts";
import { findUserByEmail, isUsernameTaken, type UserRow } from "../auth/service.ts";
import { toPublicUser } from "../auth/serialize.ts";
import type { AppContext } from "../../context.ts";
import { verifyPassword } from "../auth/passwords.ts";
import { mailConfirmation, pendingEmailOf } from "../auth/email-confirmation.ts";
import { overallStats } from "../comparisons/service.ts";

async function loadProfile(db: Db, user: UserRow): Promise<Profile> {
  const overall = await overallStats(db, user.id);
  return { ...toPublicUser(user, await pendingEmailOf(db, user)), credits: user.credits, stats: { overall } };
}

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.get("/api/profile", { preHandler: guard() }, async (request) => {
    return { profile: await loadProfile(db, currentUser(request).user) };
  });

  app.put("/api/profile", { preHandler: guard() }, async (request) => {
    const { user } = currentUser(request);
    const input = parse(updateProfileRequest, request.body);
    if (await isUsernameTaken(db, input.username, user.id)) throw new HttpError(409, MESSAGES.usernameTaken);
    const sameEmail = await findUserByEmail(db, input.email);
    if (sameEmail && sameEmail.id !== user.id) throw new HttpError(409, MESSAGES.emailTaken);
    // A new address needs the current password (a borrowed session must not take the account) and
    // takes effect only when its owner opens the link mailed to it (auth/email-confirmation.ts).
    const newEmail = input.email !== user.email.toLowerCase() ? input.email : null;
    if (newEmail && user.passwordHash) {
      if (!input.current_password) throw new HttpError(400, MESSAGES.currentPasswordRequired);
      if (!(await verifyPassword(user.passwordHash, input.current_password)))
        throw new HttpError(400, MESSAGES.currentPasswordWrong);
    }
    const [updated] = await db
      .update(users)
      .set({
        username: input.username,
        fullName: input.full_name,
        bio: input.bio,
        profileImage: input.profile_image,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw new HttpError(404, MESSAGES.profileLoadFailed);
    if (newEmail) await mailConfirmation(ctx, request.log, updated, newEmail);
    return {
      profile: await loadProfile(db, updated),
      message: newEmail ? MESSAGES.emailChangePending(newEmail) : MESSAGES.profileUpdated,
    };
  });
}
