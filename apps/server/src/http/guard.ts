import type { FastifyReply, FastifyRequest } from "fastify";
import { MESSAGES, type Role } from "@stepsync/contracts";
import { HttpError } from "./errors.ts";

/**
 * The guard every protected route uses. It reads only `request.auth`, which the auth area fills in
 * on every API request (modules/auth/request-auth.ts), so areas take their guard from here, not from
 * auth: cross-cutting, as errors are.
 */

/** The signed-in user of a guarded handler. */
export function currentUser(request: FastifyRequest): NonNullable<FastifyRequest["auth"]> {
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
