import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { openUserReadCache } from "./db/user-read-cache.ts";
import { installErrorHandler } from "./http/errors.ts";
import { OneLinePerRequest, TurnBatchedOutput } from "./http/log-output.ts";
import { installContractSerializer } from "./http/responds.ts";
import { rejectNulCharacters } from "./http/nul-guard.ts";
import { closeAfterUnreadBody } from "./http/unread-body.ts";
import { cutSlowBodies } from "./http/slow-body.ts";
import { installSecurityHeaders } from "./http/security-headers.ts";
import { serveWebApp } from "./http/web-app.ts";
import { installRequestAuth } from "./modules/auth/request-auth.ts";
import { createGoogleVerifier } from "./modules/auth/google.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { openStorage } from "./storage/open-storage.ts";
import { startPartialSweep } from "./storage/partial-sweep.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { profileRoutes } from "./modules/profile/routes.ts";
import { creditRoutes } from "./modules/credits/routes.ts";
import { comparisonRoutes } from "./modules/comparisons/routes.ts";
import { dashboardRoutes } from "./modules/dashboard/routes.ts";
import { progressRoutes } from "./modules/progress/routes.ts";
import { planRoutes } from "./modules/plans/routes.ts";
import { inboxRoutes, subscriptionRoutes } from "./modules/notifications/routes.ts";
import { checkoutRoutes } from "./payments/routes.ts";
import { paymentWebhookRoutes } from "./payments/webhook.ts";
import { seedCreditBundles } from "./payments/bundles.ts";
import { adminLogRoutes, logRoutes } from "./modules/logs/routes.ts";
import { systemRoutes } from "./modules/system/routes.ts";
import { ensureBootstrapAdmin } from "./cli/admin-account.ts";
import multipart from "@fastify/multipart";
import { shutdownPosePool } from "@stepsync/motion";
import { videoRoutes } from "./modules/videos/routes.ts";
import { inProcessQueue } from "./jobs/in-process-queue.ts";
import { pgBossQueue } from "./jobs/pg-boss-queue.ts";
import type { JobQueue } from "./jobs/queue.ts";
import { startWorkerRole } from "./worker-role.ts";
import { libraryRoutes } from "./modules/library/routes.ts";
import { socialRoutes } from "./modules/social/routes.ts";
import { leaderboardRoutes } from "./modules/leaderboard/routes.ts";
import { groupRoutes } from "./modules/groups/routes.ts";
import { rehearsalRoutes } from "./modules/rehearsals/routes.ts";
import { LIMITS } from "@stepsync/contracts";
import { adminRoutes } from "./modules/admin/index.ts";
import { TrafficMetrics } from "./metrics/traffic.ts";
import { PrometheusMetrics, prometheusRoute } from "./metrics/prometheus.ts";
import { startPeriodic } from "./periodic.ts";
import { purgeExpiredSessions } from "./modules/auth/sessions.ts";
import { purgeWindows } from "./db/window-counter.ts";
import { pruneOldViews } from "./modules/library/service.ts";
import { expireStalePurchases } from "./payments/service.ts";

/** A job silent for this long (no progress written) is taken to be dead. */

export type BuildOptions = {
  /** An already open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  mailer?: Mailer;
  /** Skip migrations (the caller already ran them). */
  skipMigrations?: boolean;
};

export type App = {
  app: FastifyInstance;
  ctx: AppContext;
  queue: JobQueue;
  metrics: TrafficMetrics;
  /** Every route registered (method and URL pattern), e.g. to check that each admin route is guarded. */
  routes: { method: string; url: string }[];
};

let stdoutLog: TurnBatchedOutput | undefined;
/** One for the process: tests build many apps in one. */
function logDestination(): TurnBatchedOutput {
  stdoutLog ??= new TurnBatchedOutput();
  return stdoutLog;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", 'req.headers["x-session-id"]'],
      stream: logDestination(),
    },
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  const routes: App["routes"] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  const database = options.database ?? (await openDatabase(config));
  if (!options.skipMigrations) await database.migrate();
  await seedCreditBundles(database.db);
  const queue: JobQueue = config.databaseUrl
    ? pgBossQueue({
        connectionString: config.databaseUrl,
        concurrency: config.jobConcurrency,
        jobTimeoutSeconds: config.jobTimeoutSeconds,
        log: app.log,
      })
    : inProcessQueue({ concurrency: config.jobConcurrency, log: app.log });
  await queue.start();
  const reads = await openUserReadCache(database);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer:
      options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, log: app.log }),
    google: createGoogleVerifier(config.googleClientId, config.googleCertsUrl),
    storage: openStorage(config),
    queue,
    reads: reads.cache,
    log: app.log,
  };
  if (config.bootstrapAdmin) await ensureBootstrapAdmin(ctx.db, config.bootstrapAdmin, app.log);
  const stopPartialSweep = await startPartialSweep(ctx.storage, app.log);
  const stopSessionPurge = await startPeriodic(
    "removed expired sessions",
    60 * 60 * 1000,
    () => purgeExpiredSessions(ctx.db),
    app.log,
  );
  const stopWindowPurge = await startPeriodic(
    "removed past limit windows",
    60 * 60 * 1000,
    () => purgeWindows(ctx.db),
    app.log,
  );
  const stopViewPrune = await startPeriodic(
    "removed past days' view records",
    60 * 60 * 1000,
    () => pruneOldViews(ctx.db),
    app.log,
  );
  const stopPurchaseExpiry = await startPeriodic(
    "expired abandoned checkouts",
    10 * 60 * 1000,
    () => expireStalePurchases(ctx.db),
    app.log,
  );

  installSecurityHeaders(app);
  // Cross-origin requests are refused unless CORS_ORIGINS names the origins allowed to call the API.
  if (config.corsOrigins.length > 0) await app.register(cors, { origin: config.corsOrigins, credentials: true });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    // Our own check (storage, while streaming) refuses at exactly 500 MB; this is the backstop.
    limits: {
      fileSize: Math.max(config.maxVideoBytes, LIMITS.maxThumbnailBytes) + 1024 * 1024,
      files: 3,
      fields: 20,
      fieldSize: 10_000,
    },
  });
  installErrorHandler(app);
  installContractSerializer(app);
  rejectNulCharacters(app);
  closeAfterUnreadBody(app);
  cutSlowBodies(app, config.slowBody);
  installRequestAuth(app, ctx.db, ctx.reads, [config.publicUrl, ...config.corsOrigins]);
  const metrics = new TrafficMetrics(ctx.db, app.log);
  metrics.install(app);
  metrics.start();
  // Only kept (and its process metrics collected) when something may scrape it.
  const prometheus = config.metricsToken ? new PrometheusMetrics(ctx.db) : undefined;
  prometheus?.install(app);

  systemRoutes(app, ctx);
  authRoutes(app, ctx);
  profileRoutes(app, ctx);
  creditRoutes(app, ctx);
  checkoutRoutes(app, ctx);
  comparisonRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  progressRoutes(app, ctx);
  planRoutes(app, ctx);
  subscriptionRoutes(app, ctx);
  inboxRoutes(app, ctx);
  paymentWebhookRoutes(app, ctx);
  logRoutes(app, ctx);
  adminLogRoutes(app, ctx);
  adminRoutes(app, ctx, metrics);
  prometheusRoute(app, ctx, prometheus);

  videoRoutes(app, ctx);
  libraryRoutes(app, ctx);
  socialRoutes(app, ctx);
  leaderboardRoutes(app, ctx);
  groupRoutes(app, ctx);
  rehearsalRoutes(app, ctx);
  const stopRecovery = config.roles.worker ? await startWorkerRole(ctx) : () => {};
  await serveWebApp(app, config.webDist);

  app.addHook("onClose", async () => {
    stopRecovery();
    stopPartialSweep();
    stopSessionPurge();
    stopWindowPurge();
    stopPurchaseExpiry();
    stopViewPrune();
    await metrics.stop();
    await queue.stop();
    await reads.stop();
    await shutdownPosePool();
    if (!options.database) await database.close();
  });
  return { app, ctx, queue, metrics, routes };
}
