/** Seconds counted down before a dance-along take starts: 3, 2, 1, go. */
export const COUNT_IN_FROM = 3;

/**
 * Counts down from `from`, one step a second: onTick(from) at once, …, onTick(1), then onDone a
 * second later. Each step is timed from the start (not from the previous timer), so the count
 * does not drift on a busy page. Returns a function that cancels the count.
 */
export function countIn(from: number, onTick: (n: number) => void, onDone: () => void, stepMs = 1000): () => void {
  const start = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = (k: number) => {
    if (k < from) onTick(from - k);
    else return onDone();
    timer = setTimeout(() => step(k + 1), Math.max(0, start + (k + 1) * stepMs - performance.now()));
  };
  step(0);
  return () => clearTimeout(timer);
}
