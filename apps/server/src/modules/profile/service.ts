import { MESSAGES, type Profile, type updateProfileRequest } from "@stepsync/contracts";
import type { z } from "zod";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import type { Queryable } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import { mailConfirmation, pendingEmailOf } from "../auth/email-confirmation.ts";
import { toPublicUser } from "../auth/serialize.ts";
import { findUserByEmail, isOwnPassword, isUsernameTaken, updateAccount, type UserRow } from "../auth/service.ts";
import { overallStats } from "../comparisons/service.ts";
import { emailChangeNeedsPassword } from "./policy.ts";

export async function loadProfile(db: Queryable, user: UserRow): Promise<Profile> {
  const overall = await overallStats(db, user.id);
  return {
    ...toPublicUser(user, await pendingEmailOf(db, user)),
    credits: user.credits,
    stats: { overall },
    verified: user.verified,
    social_links: user.socialLinks ?? {},
  };
}

/** The parsed profile form. */
export type ProfileChanges = z.output<typeof updateProfileRequest>;

/**
 * Saves the profile. A new address takes effect only when its owner opens the link mailed to it
 * (auth/email-confirmation.ts). Answers the account as saved and the new address waiting, if any.
 */
export async function updateProfile(
  ctx: Pick<AppContext, "db" | "queue" | "config">,
  log: FastifyBaseLogger,
  user: UserRow,
  input: ProfileChanges,
): Promise<{ user: UserRow; newEmail: string | null }> {
  const { db } = ctx;
  if (await isUsernameTaken(db, input.username, user.id)) throw new HttpError(409, MESSAGES.usernameTaken);
  const newEmail = input.email !== user.email.toLowerCase() ? input.email : null;
  if (newEmail && emailChangeNeedsPassword(user)) {
    if (!input.current_password) throw new HttpError(400, MESSAGES.currentPasswordRequired);
    if (!(await isOwnPassword(db, user, input.current_password)))
      throw new HttpError(400, MESSAGES.currentPasswordWrong);
  }
  // Taken or free, the answer is the same (no 409 to probe addresses with): mailConfirmation tells
  // the owner of a taken one instead, and opening a link for it would be refused (409).
  const owner = newEmail ? await findUserByEmail(db, newEmail) : undefined;
  // First the link (it may be refused: too many mails), so a refusal saves nothing.
  if (newEmail)
    await mailConfirmation(ctx, log, { ...user, username: input.username }, newEmail, { owner: owner ?? undefined });
  const updated = await updateAccount(db, user.id, {
    username: input.username,
    fullName: input.full_name,
    bio: input.bio,
    profileImage: input.profile_image,
    // Left out of the form: the links stay as they are.
    ...(input.social_links ? { socialLinks: input.social_links } : {}),
  });
  if (!updated) throw new HttpError(404, MESSAGES.profileLoadFailed);
  return { user: updated, newEmail };
}
