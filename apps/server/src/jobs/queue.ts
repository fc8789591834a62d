/** A named background job's handler. It handles its own failures; a throw means "try again later". */
export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * The job queue, behind one interface with two engines: in-process (the embedded default: jobs run
 * in this process, whose analysis engine uses worker threads) and pg-boss on PostgreSQL, so any
 * number of worker processes on any number of machines share the work.
 */
export interface JobQueue {
  readonly kind: "in-process" | "pg-boss";
  start(): Promise<void>;
  send<T extends object>(name: string, data: T): Promise<void>;
  /** Starts taking jobs of this name (worker role only). */
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  stop(): Promise<void>;
}

export const JOB_NAMES = { comparison: "comparison", referencePoses: "reference-poses" } as const;
