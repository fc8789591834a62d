import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { clientLogRequest, clientLogsResponse, LOG_LEVELS, type LogLevel } from "@stepsync/contracts";
import { guard } from "../../http/guard.ts";
import { parse } from "../../http/errors.ts";
import { pagination } from "../../http/paging.ts";
import { responds } from "../../http/responds.ts";
import type { AppContext } from "../../context.ts";
import { clientLogPage, keepClientLogs } from "./service.ts";

/** Client log entries (fire and forget from the web app), kept for admins. Size and rate are bounded. */
export function logRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.post(
    "/api/logs",
    { bodyLimit: 256 * 1024, config: { rateLimit: { max: 60, timeWindow: "1 minute" } } },
    async (request, reply) => {
      const body = parse(clientLogRequest, request.body);
      await keepClientLogs(db, "entries" in body ? body.entries : [body], {
        userId: request.auth?.user.id ?? null,
        userAgent: request.headers["user-agent"],
      });
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
  app.get(
    "/api/admin/client-logs",
    { preHandler: guard("admin"), ...responds(clientLogsResponse) },
    async (request) => {
      const { page, limit, level } = parse(listQuery, request.query);
      const { rows, total } = await clientLogPage(db, level, page, limit);
      return {
        logs: rows.map((r) => ({
          id: r.id,
          level: r.level as LogLevel,
          message: r.message,
          component: r.component,
          user_id: r.userId,
          user_agent: r.userAgent,
          url: r.url,
          timestamp: r.clientTimestamp,
          created_at: r.createdAt.toISOString(),
        })),
        pagination: pagination(page, limit, total),
      };
    },
  );
}
