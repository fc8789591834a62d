import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { installErrorHandler } from "./http/errors.ts";
import { serveWebApp } from "./http/web-app.ts";
import { installRequestAuth } from "./auth/request-auth.ts";
import { createGoogleVerifier } from "./auth/google.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { localDiskStore } from "./storage/local-disk.ts";
import { authRoutes } from "./routes/auth/routes.ts";
import { profileRoutes } from "./routes/profile/routes.ts";
import { creditRoutes } from "./routes/credits/routes.ts";
import { comparisonRoutes } from "./routes/comparisons/routes.ts";
import { dashboardRoutes } from "./routes/dashboard/routes.ts";
import { progressRoutes } from "./routes/progress/routes.ts";
import { planRoutes } from "./routes/plans/routes.ts";
import { subscriptionRoutes } from "./routes/notifications/subscribe.ts";
import { paymentWebhookRoutes } from "./payments/webhook.ts";
import { seedCreditBundles } from "./payments/bundles.ts";
import { adminLogRoutes, logRoutes } from "./routes/logs/routes.ts";
import { systemRoutes } from "./routes/system/routes.ts";
import { ensureBootstrapAdmin } from "./cli/admin-account.ts";
import multipart from "@fastify/multipart";
import { shutdownPosePool } from "@stepsync/motion";
import { videoRoutes } from "./routes/videos/routes.ts";
import { inProcessQueue } from "./jobs/in-process-queue.ts";
import { pgBossQueue } from "./jobs/pg-boss-queue.ts";
import { JOB_NAMES, type JobQueue } from "./jobs/queue.ts";
import { comparisonJobHandler } from "./jobs/comparison-job.ts";
import { recoverStaleComparisons } from "./jobs/recovery.ts";
import { recoverPendingReferencePoses, referencePosesJobHandler } from "./jobs/reference-poses-job.ts";
import { libraryRoutes } from "./routes/library/routes.ts";
import { socialRoutes } from "./routes/social/routes.ts";
import { leaderboardRoutes } from "./routes/leaderboard/routes.ts";
import { LIMITS } from "@stepsync/contracts";
import { adminRoutes } from "./routes/admin/index.ts";
import { TrafficMetrics } from "./metrics/traffic.ts";
import { prometheusRoute } from "./metrics/prometheus.ts";

/** A job silent for this long (no progress written) is taken to be dead. */
const STALE_JOB_MS = 10 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;

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

/** Content Security Policy: our own code, plus the Google sign-in and Razorpay checkout scripts. */
const csp = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "https://accounts.google.com/gsi/client", "https://checkout.razorpay.com"],
  styleSrc: ["'self'", "'unsafe-inline'", "https://accounts.google.com/gsi/style"],
  imgSrc: ["'self'", "data:", "blob:", "https:"],
  mediaSrc: ["'self'", "blob:"],
  connectSrc: ["'self'", "https://accounts.google.com/gsi/", "https://lumberjack.razorpay.com"],
  frameSrc: ["https://accounts.google.com/gsi/", "https://api.razorpay.com", "https://checkout.razorpay.com"],
  fontSrc: ["'self'", "data:"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", 'req.headers["x-session-id"]'],
    },
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
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer:
      options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, log: app.log }),
    google: createGoogleVerifier(config.googleClientId, config.googleCertsUrl),
    storage: localDiskStore(config.uploadsDir),
    log: app.log,
  };
  if (config.bootstrapAdmin) await ensureBootstrapAdmin(ctx.db, config.bootstrapAdmin, app.log);

  await app.register(helmet, { contentSecurityPolicy: { directives: csp }, crossOriginEmbedderPolicy: false });
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
  installRequestAuth(app, ctx.db);
  const metrics = new TrafficMetrics(ctx.db, app.log);
  metrics.install(app);
  metrics.start();

  systemRoutes(app, ctx);
  authRoutes(app, ctx);
  profileRoutes(app, ctx);
  creditRoutes(app, ctx);
  comparisonRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  progressRoutes(app, ctx);
  planRoutes(app, ctx);
  subscriptionRoutes(app, ctx);
  paymentWebhookRoutes(app, ctx);
  logRoutes(app, ctx);
  adminLogRoutes(app, ctx);
  adminRoutes(app, ctx, metrics);
  prometheusRoute(app, ctx, metrics);

  const queue: JobQueue = config.databaseUrl
    ? pgBossQueue({
        connectionString: config.databaseUrl,
        concurrency: config.jobConcurrency,
        jobTimeoutSeconds: config.jobTimeoutSeconds,
        log: app.log,
      })
    : inProcessQueue({ concurrency: config.jobConcurrency, log: app.log });
  await queue.start();
  videoRoutes(app, ctx, queue);
  libraryRoutes(app, ctx, queue);
  socialRoutes(app, ctx);
  leaderboardRoutes(app, ctx);
  let sweeper: NodeJS.Timeout | undefined;
  if (config.roles.worker) {
    await queue.work(JOB_NAMES.comparison, comparisonJobHandler(ctx, queue));
    await queue.work(JOB_NAMES.referencePoses, referencePosesJobHandler(ctx));
    // pg-boss keeps its jobs across restarts; the in-process queue does not, so re-send what is pending.
    if (queue.kind === "in-process") await recoverPendingReferencePoses(ctx, queue);
    // In one process, whatever is still "processing" at start was cut off by the last stop.
    await recoverStaleComparisons(ctx.db, queue, queue.kind === "in-process" ? 0 : STALE_JOB_MS);
    sweeper = setInterval(() => {
      recoverStaleComparisons(ctx.db, queue, STALE_JOB_MS).catch((err) =>
        app.log.error({ err }, "recovery sweep failed"),
      );
    }, SWEEP_EVERY_MS);
    sweeper.unref();
  }
  await serveWebApp(app, config.webDist);

  app.addHook("onClose", async () => {
    clearInterval(sweeper);
    await metrics.stop();
    await queue.stop();
    await shutdownPosePool();
    if (!options.database) await database.close();
  });
  return { app, ctx, queue, metrics, routes };
}
