import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";

/**
 * Who is viewing a library video, for "one view per viewer per day": a signed-in user by id, a visitor
 * by a hash of their address alone — the browser's name is the sender's to choose, and a script
 * rotating it would count as a new visitor every time (+200 views in 1.4 s). Visitors behind one
 * address share a view a day. The day is part of the hash, so no stored key links one visitor's
 * days together and no address is kept.
 */
export function viewerKeyOf(request: FastifyRequest, day: string): string {
  const user = request.auth?.user;
  if (user) return `u:${user.id}`;
  const who = `${day}|${request.ip}`;
  return `v:${createHash("sha256").update(who).digest("base64url").slice(0, 32)}`;
}

/** The UTC calendar day of `now` (YYYY-MM-DD): views are counted once per viewer within it. */
export function viewDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The viewer and day a view is counted under. */
export type ViewerOfDay = { key: string; day: string };

/** The request's viewer of today (`viewerKeyOf`, `viewDay`). */
export function viewerOfDay(request: FastifyRequest, now = new Date()): ViewerOfDay {
  const day = viewDay(now);
  return { key: viewerKeyOf(request, day), day };
}
