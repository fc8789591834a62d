import path from "node:path";
import { z } from "zod";
import type { S3Settings } from "./storage/s3.ts";

/**
 * Every setting, read once from the environment and validated. The README's settings table
 * documents each variable; keep the two in step.
 */
const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: optionalString,
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString,
  WEB_DIST: optionalString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ROLES: z.string().default("web,worker"),
  TRUST_PROXY: bool.default(false),
  COOKIE_SECURE: optionalString,
  CORS_ORIGINS: optionalString,
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  SESSION_DAYS: z.coerce.number().min(0.01).default(7),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("StepSync <no-reply@stepsync.local>"),
  SUPPORT_EMAIL: z.string().default("support@stepsync.app"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CERTS_URL: optionalString,
  ADMIN_EMAIL: optionalString,
  MAX_VIDEO_MB: z.coerce.number().min(1).default(500),
  MIN_FREE_DISK_MB: z.coerce.number().min(0).default(100),
  UPLOAD_IDLE_SECONDS: z.coerce.number().min(1).default(30),
  UPLOAD_MIN_KB_PER_S: z.coerce.number().min(0).default(8),
  UPLOADS_PER_ACCOUNT: z.coerce.number().int().min(1).default(2),
  UPLOADS_PER_ADDRESS: z.coerce.number().int().min(1).default(6),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  JOB_TIMEOUT_MINUTES: z.coerce.number().min(1).default(30),
  ADMIN_PASSWORD: optionalString,
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  METRICS_TOKEN: optionalString,
  RAZORPAY_API_URL: z.string().url().default("https://api.razorpay.com"),
  PAYMENTS_RELEASE: optionalString,
  STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
});

export type Config = {
  port: number;
  host: string;
  /** Base URL used in e-mailed links; defaults to http://localhost:PORT. */
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL URL; when absent the embedded PGlite database under dataDir/db is used. */
  databaseUrl: string | undefined;
  /** PGlite data directory, or "memory://" for a throwaway database (tests). */
  pgliteDir: string;
  uploadsDir: string;
  /** Where uploads, thumbnails and recordings live: uploadsDir here, or an S3 bucket all processes share. */
  storage: { kind: "local" } | { kind: "s3"; s3: S3Settings; cacheDir: string };
  outboxDir: string;
  /** Folder of the built web app; undefined when there is none to serve. */
  webDist: string | undefined;
  logLevel: string;
  roles: { web: boolean; worker: boolean };
  trustProxy: boolean;
  /** undefined = decide per request (Secure when the request came over HTTPS). */
  cookieSecure: boolean | undefined;
  corsOrigins: string[];
  authRateLimitPerMinute: number;
  sessionMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  googleClientId: string | undefined;
  googleCertsUrl: string | undefined;
  bootstrapAdmin: { email: string; password: string } | undefined;
  /** Largest accepted video upload, bytes (spec: 500 MB). */
  maxVideoBytes: number;
  /** Below this much free space in DATA_DIR uploads are refused (507) and health reports it. */
  minFreeDiskBytes: number;
  /**
   * A request body (an upload, mostly) is cut off with 408 when no byte of it arrives for `idleMs`
   * while the server reads, or when it arrives slower than `minBytesPerSecond` after `idleMs` of grace.
   */
  slowBody: { idleMs: number; minBytesPerSecond: number };
  /** Video uploads one account, and one client address, may have in flight at once (429 beyond). */
  uploadsInFlight: { perAccount: number; perAddress: number };
  /** Jobs of each kind one process runs at once (each analysis already uses every core for pose inference). */
  jobConcurrency: number;
  jobTimeoutSeconds: number;
  /** Bearer token of GET /metrics (Prometheus); the endpoint is off (404) while unset. */
  metricsToken: string | undefined;
  /**
   * When online payments are expected, as /coming-soon words it ("March 2027"); undefined: no date is
   * promised. Only shown while payments are not configured.
   */
  paymentsRelease: string | undefined;
  /** Razorpay; payments are configured when key id and key secret are both set. */
  razorpay: {
    keyId: string | undefined;
    keySecret: string | undefined;
    webhookSecret: string | undefined;
    /** Base URL of Razorpay's REST API (tests point it at a local fake). */
    apiUrl: string;
  };
};

const repoRoot = path.resolve(import.meta.dirname, "../../..");

/** Packs can be bought only with both Razorpay keys (createPaymentProvider gives no provider otherwise). */
export function paymentsConfigured(razorpay: Config["razorpay"]): boolean {
  return Boolean(razorpay.keyId && razorpay.keySecret);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid settings: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(repoRoot, e.DATA_DIR);
  const roles = new Set(e.ROLES.split(",").map((r) => r.trim()));
  const defaultDist = path.join(repoRoot, "apps/web/dist");
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, "db"),
    uploadsDir: path.join(dataDir, "uploads"),
    storage:
      e.STORAGE === "s3"
        ? {
            kind: "s3",
            s3: {
              bucket: e.S3_BUCKET ?? "",
              region: e.S3_REGION,
              endpoint: e.S3_ENDPOINT?.replace(/\/$/, ""),
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            },
            cacheDir: path.join(dataDir, "cache", "s3"),
          }
        : { kind: "local" },
    outboxDir: path.join(dataDir, "outbox"),
    webDist: e.WEB_DIST ? path.resolve(repoRoot, e.WEB_DIST) : defaultDist,
    logLevel: e.LOG_LEVEL,
    roles: { web: roles.has("web"), worker: roles.has("worker") },
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE === undefined ? undefined : ["true", "1", "yes"].includes(e.COOKIE_SECURE),
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(",").map((o) => o.trim()) : [],
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT,
    sessionMs: e.SESSION_DAYS * 24 * 60 * 60 * 1000,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleCertsUrl: e.GOOGLE_CERTS_URL,
    bootstrapAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    maxVideoBytes: Math.round(e.MAX_VIDEO_MB * 1024 * 1024),
    minFreeDiskBytes: Math.round(e.MIN_FREE_DISK_MB * 1024 * 1024),
    slowBody: { idleMs: e.UPLOAD_IDLE_SECONDS * 1000, minBytesPerSecond: e.UPLOAD_MIN_KB_PER_S * 1024 },
    uploadsInFlight: { perAccount: e.UPLOADS_PER_ACCOUNT, perAddress: e.UPLOADS_PER_ADDRESS },
    jobConcurrency: e.JOB_CONCURRENCY,
    jobTimeoutSeconds: e.JOB_TIMEOUT_MINUTES * 60,
    metricsToken: e.METRICS_TOKEN,
    paymentsRelease: e.PAYMENTS_RELEASE,
    razorpay: {
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: e.RAZORPAY_API_URL.replace(/\/$/, ""),
    },
  };
  if (e.STORAGE === "s3" && !e.S3_BUCKET) throw new Error("Invalid settings: STORAGE=s3 needs S3_BUCKET");
  if (!config.roles.web && !config.roles.worker)
    throw new Error("Invalid settings: ROLES must name web, worker or both");
  if (!config.databaseUrl && !(config.roles.web && config.roles.worker)) {
    // Without PostgreSQL the job queue lives in one process, so that process must do both.
    throw new Error("Invalid settings: ROLES=web or ROLES=worker alone needs DATABASE_URL (PostgreSQL)");
  }
  return { ...config, ...overrides };
}
