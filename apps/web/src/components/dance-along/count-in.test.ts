import { afterEach, describe, expect, it, vi } from "vitest";
import { countIn } from "./count-in";

afterEach(() => {
  vi.useRealTimers();
});

describe("count-in", () => {
  it("shows 3, 2, 1 a second apart and is done a second after 1", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const seen: number[] = [];
    const done = vi.fn();
    countIn(3, (n) => seen.push(n), done);
    expect(seen).toEqual([3]);
    await vi.advanceTimersByTimeAsync(999);
    expect(seen).toEqual([3]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([3, 2]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen).toEqual([3, 2, 1]);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("stops when cancelled", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const seen: number[] = [];
    const done = vi.fn();
    const cancel = countIn(3, (n) => seen.push(n), done);
    await vi.advanceTimersByTimeAsync(1_000);
    cancel();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seen).toEqual([3, 2]);
    expect(done).not.toHaveBeenCalled();
  });
});
