import { ADMIN_MESSAGES, MESSAGES } from "@stepsync/contracts";
import { HttpError } from "../../http/errors.ts";

/** Admins cannot change their own role (so the last admin can never demote themselves) nor delete themselves. */
export function assertNotSelf(actorId: number, targetId: number, action: "change role" | "delete"): void {
  if (actorId !== targetId) return;
  throw new HttpError(409, action === "delete" ? ADMIN_MESSAGES.cannotDeleteSelf : ADMIN_MESSAGES.cannotChangeOwnRole);
}

/**
 * Under the admin lock (`admins`, read in the same transaction): refuses to take away the last
 * admin, then refuses an actor who is no longer an admin.
 */
export function assertAdminsRemain(admins: number[], actorId: number, losingAdmin: number | undefined): void {
  if (losingAdmin !== undefined && admins.includes(losingAdmin) && admins.length <= 1) {
    throw new HttpError(409, ADMIN_MESSAGES.lastAdmin);
  }
  if (!admins.includes(actorId)) throw new HttpError(403, MESSAGES.adminRequired);
}
