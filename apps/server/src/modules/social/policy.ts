import { SOCIAL_MESSAGES } from "@stepsync/contracts";
import { HttpError } from "../../http/errors.ts";
import type { FriendRequestRow } from "./repository.ts";

/** Nobody follows or befriends themselves. */
export function isSelf(actorId: number, targetId: number): boolean {
  return actorId === targetId;
}

/**
 * Why a new friend request is refused while the pair has a live one (either direction is one
 * pair): already friends, already asked, or the other one asked first.
 */
export function refusalFor(live: FriendRequestRow, senderId: number): HttpError {
  if (live.status === "accepted") return new HttpError(400, SOCIAL_MESSAGES.alreadyFriends);
  if (live.senderId === senderId) return new HttpError(400, SOCIAL_MESSAGES.friendRequestExists);
  return new HttpError(400, SOCIAL_MESSAGES.friendRequestIncoming);
}
