import type { FastifyBaseLogger } from "fastify";

/** Progress is written at most this often (and on every whole 5 %), to keep the database calm. */
const PROGRESS_EVERY_MS = 1000;

/**
 * An analysis' onProgress (0–100) that writes it through `write` at most once a second and on every
 * whole 5 %, never waiting for the write (a failed one is logged; the next one tries again).
 */
export function progressWriter(
  write: (percent: number) => Promise<void>,
  log: FastifyBaseLogger,
): (percent: number) => void {
  let lastWrite = 0;
  let lastPercent = -1;
  return (percent) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_EVERY_MS && Math.floor(percent / 5) === Math.floor(lastPercent / 5)) return;
    lastWrite = now;
    lastPercent = percent;
    write(percent).catch((err) => log.warn({ err }, "progress write failed"));
  };
}

/** Seconds since a running attempt started, to a tenth, for the time left; null when none runs. */
export function analysingSeconds(startedAt: Date | null, now = Date.now()): number | null {
  return startedAt ? Math.max(0, Math.round((now - startedAt.getTime()) / 100) / 10) : null;
}
