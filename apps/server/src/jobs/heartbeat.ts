import { LIMITS } from "@stepsync/contracts";
import type { FastifyBaseLogger } from "fastify";

/**
 * How a dead worker is told from a slow one. A running job writes a heartbeat every BEAT_EVERY_MS;
 * one silent for STALE_AFTER_MS has died (a crash, kill -9, a lost machine), and the sweep, every
 * SWEEP_EVERY_MS, sends it again: a dead worker's job is retried within about a minute. Queued
 * jobs have no heartbeat (null): they wait in the queue, which keeps them.
 */
export const BEAT_EVERY_MS = 10_000;
export const STALE_AFTER_MS = 45_000;
export const SWEEP_EVERY_MS = 15_000;

/** Attempts before a job that keeps crashing or dying is given up (a comparison then refunded). */
export const MAX_ATTEMPTS = LIMITS.analysisAttempts;

/**
 * Beats now and every BEAT_EVERY_MS until stopped, or until the job has run `limitMs`
 * (JOB_TIMEOUT_MINUTES): a job past its time limit goes quiet, and is retried like a dead one.
 * Answers the function that stops it.
 */
export function startHeartbeat(
  beat: () => Promise<unknown>,
  limitMs: number,
  log: FastifyBaseLogger,
  everyMs = BEAT_EVERY_MS,
): () => void {
  const started = Date.now();
  const timer = setInterval(() => {
    if (Date.now() - started >= limitMs) {
      log.warn({ limitMs }, "job over its time limit: no more heartbeats, the sweep will retry it");
      clearInterval(timer);
      return;
    }
    beat().catch((err: unknown) => log.warn({ err }, "heartbeat write failed"));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
