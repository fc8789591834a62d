/** Running jobs a few at a time, with a progress bar on stderr. */
import cliProgress from "cli-progress";

/** Runs `fn` over `items` with at most `limit` at once; never rejects (fn handles its own errors). */
export async function runLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

export interface Progress {
  tick(name: string): void;
  stop(): void;
}

/** A bar "label [####] 12/80 name" on stderr (a line every few seconds when stderr is not a terminal). */
export function progressBar(label: string, total: number): Progress {
  const bar = new cliProgress.SingleBar(
    {
      format: `${label.padEnd(7)} [{bar}] {value}/{total} {name}`,
      stream: process.stderr,
      noTTYOutput: !process.stderr.isTTY,
      notTTYSchedule: 10_000,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { name: "" });
  return {
    tick: (name) => bar.increment(1, { name }),
    stop: () => bar.stop(),
  };
}
