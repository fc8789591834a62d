import type { FastifyBaseLogger } from "fastify";
import { isMotionError } from "@stepsync/motion";
import { MAX_ATTEMPTS, startHeartbeat } from "./heartbeat.ts";
import type { Recovery, Sweep } from "./recovery.ts";

/**
 * The one lifecycle of an analysis job (a comparison, a library video's poses), written once:
 * claim → attempts → heartbeat → work → the input's fault or a crash → fail, send again or give up.
 * Each job says what each step means for its rows (an `AnalysisJob`), as outline's BaseTask has
 * `perform` and `onFailed` and PeerTube a failure handler per job type. Every state change is the
 * area's own (its service and repository); this file only orders them.
 */

/** Thrown by `perform` when the input is at fault (say, a video gone): told as `reason`, never retried. */
export class InputFault extends Error {}

/** How the job's rows are taken back when their worker died: what recovery (and the job) need. */
export type AnalysisStates = {
  /** For logs: "comparison", "reference poses". */
  what: string;
  /** Takes the rows whose job went silent (each by exactly one sweeping process). */
  takeSilent(sweep: Sweep): Promise<Array<{ id: number; attempts: number }>>;
  /** Sends the job again, held back `startAfterSeconds` when given. */
  send(id: number, startAfterSeconds?: number): Promise<void>;
  /** After MAX_ATTEMPTS attempts (it kept dying): given up with a reason for whoever waits on it. */
  giveUp(id: number): Promise<void>;
};

export type AnalysisJob<Row extends { attempts: number }, Done> = AnalysisStates & {
  /**
   * Whether the row's user has another of these being analysed now: one analysis per user at a time,
   * so a free worker goes to another user instead of to the same user's next upload.
   */
  ownerBusy?(id: number): Promise<boolean>;
  /** Takes the job: counts the attempt and marks it alive; undefined when no longer waiting (done, deleted). */
  claim(id: number): Promise<Row | undefined>;
  /** The running job's sign of life (jobs/heartbeat.ts). */
  beat(id: number): Promise<void>;
  /** The work, under the heartbeat. An InputFault or the engine's complaint about the input is the input's fault. */
  perform(row: Row, id: number): Promise<Done>;
  /** Keeps what `perform` made, once the heartbeat stopped; a failure here is left to the recovery sweep. */
  keep?(done: Done, id: number): Promise<void>;
  /** The input is at fault (no person found, unreadable, gone): `reason` is told, and it is not retried. */
  onInputFault(id: number, reason: string): Promise<void>;
  /** A crash, our fault (logged): `lastAttempt` when no attempt is left. */
  onCrash(id: number, lastAttempt: boolean, error: unknown): Promise<void>;
};

/** A job whose user has another analysis running is looked at again this much later (seconds). */
const OWNER_BUSY_AGAIN_S = 3;

/** The reason an error puts on the input, or undefined when it is a crash. */
function inputFault(error: unknown): string | undefined {
  if (error instanceof InputFault) return error.message;
  if (isMotionError(error) && error.code !== "INTERNAL") return error.message;
  return undefined;
}

/** Runs one attempt of `job` for row `id`, every step in the one order. */
export function runAnalysis<Row extends { attempts: number }, Done>(
  job: AnalysisJob<Row, Done>,
  deps: { log: FastifyBaseLogger; jobTimeoutSeconds: number },
): (id: number) => Promise<void> {
  return async (id) => {
    if (await job.ownerBusy?.(id)) {
      await job.send(id, OWNER_BUSY_AGAIN_S);
      return;
    }
    const row = await job.claim(id);
    if (!row) return; // finished, failed or deleted meanwhile
    if (row.attempts > MAX_ATTEMPTS) {
      await job.giveUp(id);
      return;
    }
    const stopBeating = startHeartbeat(() => job.beat(id), deps.jobTimeoutSeconds * 1000, deps.log);
    let done: Done;
    try {
      done = await job.perform(row, id);
    } catch (error) {
      const reason = inputFault(error);
      if (reason !== undefined) {
        await job.onInputFault(id, reason);
        return;
      }
      deps.log.error({ err: error, id, attempt: row.attempts }, `${job.what} analysis crashed`);
      await job.onCrash(id, row.attempts >= MAX_ATTEMPTS, error);
      return;
    } finally {
      stopBeating();
    }
    await job.keep?.(done, id);
  };
}

/**
 * Finds the job's rows whose heartbeat went silent (a crash, a kill, a lost worker, a job past
 * JOB_TIMEOUT_MINUTES) and sends them again, or after MAX_ATTEMPTS gives them up. Several processes
 * may sweep at once: each row is taken by the one update that clears its heartbeat.
 */
export function recoverAnalysis(states: AnalysisStates): Recovery {
  return async (sweep) => {
    const taken = await states.takeSilent(sweep);
    for (const row of taken) {
      if (row.attempts >= MAX_ATTEMPTS) await states.giveUp(row.id);
      else await states.send(row.id);
    }
    return taken.length;
  };
}
