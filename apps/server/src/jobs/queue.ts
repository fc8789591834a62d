/** A named background job's handler. It handles its own failures; a throw means "try again later". */
export type JobHandler<T> = (data: T) => Promise<void>;

/** Every background job and what it carries: `send` and `work` are typed by it. */
export type JobMap = {
  comparison: { comparisonId: number };
  "reference-poses": { referenceVideoId: number };
};
export type JobName = keyof JobMap;

export const JOB_NAMES = { comparison: "comparison", referencePoses: "reference-poses" } as const satisfies Record<
  string,
  JobName
>;

/** Every job, each once: what a worker must handle. */
export const ALL_JOBS: readonly JobName[] = Object.values(JOB_NAMES);

/**
 * The job queue, behind one interface with two engines: in-process (the embedded default: jobs run
 * in this process, whose analysis engine uses worker threads) and pg-boss on PostgreSQL, so any
 * number of worker processes on any number of machines share the work. Retries are ours (the
 * heartbeat sweep, jobs/recovery.ts), after LIMITS.analysisAttempts attempts a job is given up;
 * JOB_TIMEOUT_MINUTES bounds one attempt (jobs/heartbeat.ts), on both engines alike.
 */
export interface JobQueue {
  readonly kind: "in-process" | "pg-boss";
  start(): Promise<void>;
  send<K extends JobName>(name: K, data: JobMap[K]): Promise<void>;
  /** Starts taking jobs of this name (worker role only: see jobs/workers.ts). */
  work<K extends JobName>(name: K, handler: JobHandler<JobMap[K]>): Promise<void>;
  stop(): Promise<void>;
}
