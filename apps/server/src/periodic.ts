import type { FastifyBaseLogger } from "fastify";

/**
 * Runs a housekeeping task now and then every `everyMs` (the timer does not keep the process
 * alive); a failure is logged and the next round tries again. Answers the function that stops it.
 */
export async function startPeriodic(
  name: string,
  everyMs: number,
  task: () => Promise<number>,
  log: FastifyBaseLogger,
): Promise<() => void> {
  const round = async () => {
    try {
      const removed = await task();
      if (removed > 0) log.info({ removed }, name);
    } catch (err) {
      log.error({ err }, `${name} failed`);
    }
  };
  await round();
  const timer = setInterval(round, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
