import type { FastifyInstance } from "fastify";
import { appConfigResponse, healthResponse } from "@stepsync/contracts";
import { responds } from "../../http/responds.ts";
import type { AppContext } from "../../context.ts";
import { schemaProblem } from "../../db/health.ts";
import { diskProblem } from "../../storage/disk-space.ts";
import { paymentsConfigured } from "../../config.ts";

export function systemRoutes(app: FastifyInstance, { db, config, database }: AppContext): void {
  app.get("/api/health", responds(healthResponse), async (_request, reply) => {
    const problem = (await schemaProblem(db)) ?? (await diskProblem(config));
    if (problem) return reply.status(503).send({ status: "error", error: problem });
    return { status: "ok", database: database.kind };
  });

  /** What the web app needs to know about this deployment. */
  app.get("/api/config", responds(appConfigResponse), async () => ({
    google_client_id: config.googleClientId ?? null,
    support_email: config.supportEmail,
    // MAX_VIDEO_MB, so the upload screens check and state the limit this server applies.
    max_video_bytes: config.maxVideoBytes,
    // Buying works only with both Razorpay keys; until then Buy leads to /coming-soon and its date.
    payments_enabled: paymentsConfigured(config.razorpay),
    payments_release: config.paymentsRelease ?? null,
  }));
}
