/** A named background job's handler. It handles its own failures; a throw means "try again later". */
export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * Every background job and what it carries: `send` and `work` are typed by it. Each area declares
 * its own job beside its handler (`declare module` on this file, as mail/job.ts does), so the queue
 * imports no area; JOB_NAMES and JOB_POLICY below must then name it, or nothing compiles.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the areas' declarations.
export interface JobMap {}
export type JobName = keyof JobMap;

export const JOB_NAMES = {
  comparison: "comparison",
  referencePoses: "reference-poses",
  rehearsal: "rehearsal",
  email: "email",
} as const satisfies Record<string, JobName>;

/**
 * How each job is run, read by both engines: how many attempts it gets (a failed one is tried
 * again after retryDelaySeconds, doubling each time) and how long one attempt may take (unset:
 * JOB_TIMEOUT_MINUTES, the analysis bound).
 */
export type JobPolicy = { attempts: number; retryDelaySeconds: number; timeoutSeconds?: number };

export const JOB_POLICY: Record<JobName, JobPolicy> = {
  // Analysis is attempted once per send: its retries are ours (the heartbeat sweep, jobs/recovery.ts).
  comparison: { attempts: 1, retryDelaySeconds: 0 },
  "reference-poses": { attempts: 1, retryDelaySeconds: 0 },
  rehearsal: { attempts: 1, retryDelaySeconds: 0 },
  // A mail the SMTP server refused or could not take is tried again for about a quarter of an hour.
  email: { attempts: 10, retryDelaySeconds: 2, timeoutSeconds: 120 },
};

/** Every job, each once: what a worker must handle. */
export const ALL_JOBS: readonly JobName[] = Object.values(JOB_NAMES);

/**
 * The job queue, behind one interface with two engines: in-process (the embedded default: jobs run
 * in this process, whose analysis engine uses worker threads) and pg-boss on PostgreSQL, so any
 * number of worker processes on any number of machines share the work. Both run each job as
 * JOB_POLICY says. Analysis retries are ours (the heartbeat sweep, jobs/recovery.ts): after
 * LIMITS.analysisAttempts attempts a job is given up; JOB_TIMEOUT_MINUTES bounds one attempt
 * (jobs/heartbeat.ts), on both engines alike.
 */
export interface JobQueue {
  readonly kind: "in-process" | "pg-boss";
  start(): Promise<void>;
  /**
   * Queues a job. Among waiting jobs of one name, a higher `priority` runs first (default 0), and
   * jobs of equal priority in the order sent; `startAfterSeconds` holds it back that long: both
   * engines alike.
   */
  send<K extends JobName>(
    name: K,
    data: JobMap[K],
    options?: { priority?: number /** Not before this many seconds from now. */; startAfterSeconds?: number },
  ): Promise<void>;
  /** Starts taking jobs of this name (worker role only: see jobs/workers.ts). */
  work<K extends JobName>(name: K, handler: JobHandler<JobMap[K]>): Promise<void>;
  stop(): Promise<void>;
}
