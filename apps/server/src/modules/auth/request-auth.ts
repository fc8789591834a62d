import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MESSAGES, type Role } from "@stepsync/contracts";
import type { Queryable } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import { type Authenticated, findSession, touchSession } from "./sessions.ts";

export const SESSION_COOKIE = "session_id";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user and session, when the request carries a live token. */
    auth: Authenticated | undefined;
  }
}

/** The token of a request: bearer header first, then X-Session-ID, then the session_id cookie. */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith("bearer ")) {
    const token = header.slice(7).trim();
    if (token && token !== "null" && token !== "undefined") return token;
  }
  const sessionHeader = request.headers["x-session-id"];
  if (typeof sessionHeader === "string" && sessionHeader && sessionHeader !== "null") return sessionHeader;
  return request.cookies[SESSION_COOKIE] || undefined;
}

const TOUCH_EVERY_MS = 60_000;

/** Resolves `request.auth` on every API request; public routes simply ignore it. */
export function installRequestAuth(app: FastifyInstance, db: Queryable): void {
  app.decorateRequest("auth", undefined);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const token = requestToken(request);
    if (!token || token.length > 200) return;
    request.auth = await findSession(db, token);
    // lastSeenAt feeds "active users"; writing it at most once a minute keeps reads cheap.
    const session = request.auth?.session;
    if (session && Date.now() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(db, session.id);
  });
}

/** The signed-in user of a guarded handler. */
export function currentUser(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new HttpError(401, MESSAGES.authRequired);
  return request.auth;
}

/**
 * The one guard for every protected route: 401 when signed out, 403 when signed in without one of
 * the roles. Use as `preHandler: guard()` (any signed-in user) or `guard("admin")`.
 */
export function guard(...roles: Role[]) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const { user } = currentUser(request);
    if (roles.length > 0 && !roles.includes(user.role)) {
      throw new HttpError(
        403,
        roles.includes("admin") && roles.length === 1 ? MESSAGES.adminRequired : MESSAGES.forbidden,
      );
    }
  };
}
