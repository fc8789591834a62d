import PgBoss from "pg-boss";
import type { FastifyBaseLogger } from "fastify";
import type { JobQueue } from "./queue.ts";

/**
 * pg-boss keeps the jobs in PostgreSQL: a job survives restarts and is taken by whichever worker
 * process asks first. pg-boss expires a job whose worker died; our recovery sweep then retries or
 * refunds the comparison (recovery.ts), so retries are ours and pg-boss does not retry on its own.
 */
export function pgBossQueue(options: {
  connectionString: string;
  concurrency: number;
  jobTimeoutSeconds: number;
  log: FastifyBaseLogger;
}): JobQueue {
  const boss = new PgBoss({ connectionString: options.connectionString, schema: "pgboss" });
  boss.on("error", (err) => options.log.error({ err }, "pg-boss error"));
  const created = new Set<string>();
  async function ensureQueue(name: string) {
    if (created.has(name)) return;
    await boss.createQueue(name);
    created.add(name);
  }
  return {
    kind: "pg-boss",
    async start() {
      await boss.start();
    },
    async send(name, data) {
      await ensureQueue(name);
      await boss.send(name, data, { retryLimit: 0, expireInSeconds: options.jobTimeoutSeconds });
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
