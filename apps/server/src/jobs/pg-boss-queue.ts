import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import { JOB_POLICY, type JobQueue } from "./queue.ts";

/**
 * pg-boss keeps the jobs in PostgreSQL: a job survives restarts and is taken by whichever worker
 * process asks first. Attempts, retry delays and timeouts are JOB_POLICY's: pg-boss expires an
 * attempt that outlasts its timeout (a worker that died) and retries a job while attempts remain.
 * Analysis jobs get one attempt each: our recovery sweep then retries or refunds them (recovery.ts).
 */
const FINISHED_JOB_KEPT_SECONDS = 15 * 60;

/** Other processes may create the same queue at the same moment: PostgreSQL then reports a deadlock
 * or a duplicate key to one of them, which is harmless, so that one tries again, waiting longer each
 * time and at random (on a loaded machine the same processes kept colliding five times running). */
const CREATE_ATTEMPTS = 10;
const CREATE_CONFLICT_CODES = new Set(["40P01", "23505"]);

async function createQueue(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name);
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= CREATE_ATTEMPTS || !code || !CREATE_CONFLICT_CODES.has(code)) throw err;
      const wait = Math.min(1000, 25 * 2 ** attempt);
      await new Promise((resolve) => setTimeout(resolve, wait * (0.5 + Math.random() / 2)));
    }
  }
}

export function pgBossQueue(options: {
  connectionString: string;
  concurrency: number;
  jobTimeoutSeconds: number;
  log: FastifyBaseLogger;
}): JobQueue {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: "pgboss",
    // Finished jobs are kept only briefly: mail jobs carry live reset and confirmation links, and our
    // own tables already record what analyses did (pg-boss would keep them for days).
    archiveCompletedAfterSeconds: FINISHED_JOB_KEPT_SECONDS,
    archiveFailedAfterSeconds: FINISHED_JOB_KEPT_SECONDS,
    deleteAfterSeconds: FINISHED_JOB_KEPT_SECONDS,
  });
  // pg-boss attaches its pg client to connection errors: log what went wrong, not the client.
  boss.on("error", (err: Error & { code?: string }) =>
    options.log.error({ err: { message: err.message, code: err.code, stack: err.stack } }, "pg-boss error"),
  );
  // One creation per queue name in this process: concurrent sends wait on the same promise.
  const creating = new Map<string, Promise<void>>();
  function ensureQueue(name: string): Promise<void> {
    let pending = creating.get(name);
    if (!pending) {
      pending = createQueue(boss, name);
      creating.set(name, pending);
      pending.catch(() => creating.delete(name));
    }
    return pending;
  }
  return {
    kind: "pg-boss",
    async start() {
      await boss.start();
    },
    async send(name, data, sendOptions) {
      await ensureQueue(name);
      const policy = JOB_POLICY[name];
      await boss.send(name, data, {
        // pg-boss fetches the highest priority first, then the oldest.
        priority: sendOptions?.priority ?? 0,
        ...(sendOptions?.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        retryLimit: policy.attempts - 1,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.retryDelaySeconds > 0,
        expireInSeconds: policy.timeoutSeconds ?? options.jobTimeoutSeconds,
      });
    },
    async work(name, handler) {
      await ensureQueue(name);
      for (let i = 0; i < options.concurrency; i++) {
        await boss.work<object>(name, { batchSize: 1, pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) await handler(job.data as never);
        });
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}
