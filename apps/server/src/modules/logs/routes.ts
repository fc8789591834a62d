import type { FastifyInstance } from "fastify";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { clientLogRequest, LOG_LEVELS } from "@stepsync/contracts";
import { guard } from "../auth/request-auth.ts";
import { clientLogs } from "../../db/schema.ts";
import { parse } from "../../http/errors.ts";
import type { AppContext } from "../../context.ts";

/** Client log entries (fire and forget from the web app), kept for admins. Size and rate are bounded. */
export function logRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.post(
    "/api/logs",
    { bodyLimit: 256 * 1024, config: { rateLimit: { max: 60, timeWindow: "1 minute" } } },
    async (request, reply) => {
      const body = parse(clientLogRequest, request.body);
      const entries = "entries" in body ? body.entries : [body];
      if (entries.length > 0) {
        await db.insert(clientLogs).values(
          entries.map((e) => ({
            level: e.level,
            message: e.message,
            component: e.component ?? null,
            // The user is taken from the session, never from the client's claim.
            userId: request.auth?.user.id ?? null,
            sessionId: e.sessionId ? e.sessionId.slice(0, 12) : null,
            userAgent: e.userAgent ?? request.headers["user-agent"]?.slice(0, 500) ?? null,
            url: e.url ?? null,
            clientTimestamp: e.timestamp ?? null,
          })),
        );
      }
      return reply.status(204).send();
    },
  );
}

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  level: z.enum(LOG_LEVELS).optional(),
});

/** Admins read the client logs, newest first. */
export function adminLogRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get("/api/admin/client-logs", { preHandler: guard("admin") }, async (request) => {
    const { page, limit, level } = parse(listQuery, request.query);
    const where = level ? eq(clientLogs.level, level) : undefined;
    const rows = await db
      .select()
      .from(clientLogs)
      .where(where)
      .orderBy(desc(clientLogs.createdAt), desc(clientLogs.id))
      .limit(limit + 1)
      .offset((page - 1) * limit);
    return {
      logs: rows.slice(0, limit).map((r) => ({
        id: r.id,
        level: r.level,
        message: r.message,
        component: r.component,
        user_id: r.userId,
        user_agent: r.userAgent,
        url: r.url,
        timestamp: r.clientTimestamp,
        created_at: r.createdAt.toISOString(),
      })),
      pagination: { page, limit, has_more: rows.length > limit },
    };
  });
}
