import type { FastifyBaseLogger } from "fastify";
import { startPeriodic } from "../periodic.ts";
import type { BlobStore } from "./blob-store.ts";

/**
 * A half-written upload untouched this long is dead (a live one is written to every moment);
 * a crash or kill mid-upload leaves these, and nothing else would ever remove them.
 */
const STALE_PARTIAL_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Sweeps stale partial uploads now and then hourly; answers the function that stops it. */
export function startPartialSweep(store: BlobStore, log: FastifyBaseLogger): Promise<() => void> {
  return startPeriodic(
    "removed stale partial uploads",
    SWEEP_EVERY_MS,
    () => store.sweepPartials(STALE_PARTIAL_MS),
    log,
  );
}
