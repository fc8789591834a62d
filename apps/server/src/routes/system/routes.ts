import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";

export function systemRoutes(app: FastifyInstance, { db, config, database }: AppContext): void {
  app.get("/api/health", async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: "ok", database: database.kind };
    } catch {
      return reply.status(503).send({ status: "error", error: "Database unavailable" });
    }
  });

  /** What the web app needs to know about this deployment. */
  app.get("/api/config", async () => ({
    google_client_id: config.googleClientId ?? null,
    support_email: config.supportEmail,
  }));
}
