import type { FastifyBaseLogger } from "fastify";
import type { GoogleVerifier } from "./modules/auth/google.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { UserReadCache } from "./db/user-read-cache.ts";
import type { JobQueue } from "./jobs/queue.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { BlobStore } from "./storage/blob-store.ts";

/** What route modules and jobs need, built once per app instance (no globals). */
export type AppContext = {
  config: Config;
  database: Database;
  db: Database["db"];
  mailer: Mailer;
  google: GoogleVerifier;
  storage: BlobStore;
  /** Background jobs (sent by the web role, taken by the worker role: jobs/workers.ts). */
  queue: JobQueue;
  /** Signed-in users' repeated reads (session, dashboard numbers), kept until the user changes. */
  reads: UserReadCache;
  log: FastifyBaseLogger;
};
