import type { FastifyInstance } from "fastify";
import { responds } from "../../http/responds.ts";
import { MESSAGES, profileResponse, updateProfileRequest, updateProfileResponse } from "@stepsync/contracts";
import { parse } from "../../http/errors.ts";
import { currentUser, guard } from "../../http/guard.ts";
import type { AppContext } from "../../context.ts";
import { loadProfile, updateProfile } from "./service.ts";

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.get("/api/profile", { preHandler: guard(), ...responds(profileResponse) }, async (request) => {
    return { profile: await loadProfile(db, currentUser(request).user) };
  });

  // Rate-limited like sign-in: each save with a new address mails someone.
  const limited = { config: { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: "1 minute" } } };
  app.put("/api/profile", { preHandler: guard(), ...limited, ...responds(updateProfileResponse) }, async (request) => {
    const { user } = currentUser(request);
    const input = parse(updateProfileRequest, request.body);
    const { user: updated, newEmail } = await updateProfile(ctx, request.log, user, input);
    return {
      profile: await loadProfile(db, updated),
      message: newEmail ? MESSAGES.emailChangePending(newEmail) : MESSAGES.profileUpdated,
    };
  });
}
