/**
 * Which jobs a recovery sweep takes back: those whose heartbeat went silent for `staleMs`, and
 * (`queued`) those never started, only right after an in-process queue restarted and lost them.
 * Each area sweeps its own table (its job's lifecycle); jobs/workers.ts runs them all.
 */
export type Sweep = { staleMs: number; queued?: boolean };

/** An area's sweep: sends its silent jobs again (or gives them up); answers how many it took. */
export type Recovery = (sweep: Sweep) => Promise<number>;
