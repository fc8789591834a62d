import type { FastifyBaseLogger } from "fastify";
import { startPeriodic } from "../periodic.ts";
import type { BlobStore } from "./blob-store.ts";

/**
 * A half-written upload untouched this long is dead: a live one is written to every moment, and a
 * crash or kill mid-upload leaves these, which nothing else would ever remove. Swept when the
 * process starts (what a killed run left goes at once) and every STALE_PARTIAL_MS after.
 */
export const STALE_PARTIAL_MS = 5 * 60 * 1000;

/** Sweeps stale partial uploads now and then every STALE_PARTIAL_MS; answers the function that stops it. */
export function startPartialSweep(store: BlobStore, log: FastifyBaseLogger): Promise<() => void> {
  return startPeriodic(
    "removed stale partial uploads",
    STALE_PARTIAL_MS,
    () => store.sweepPartials(STALE_PARTIAL_MS),
    log,
  );
}
