import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getProcessingStatus } from "../../api/comparisons";
import { mockFetch } from "../../test/utils";
import { useProcessingPolling } from "./polling";

describe("history processing poll", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("polls every 3 s while active, stops and reloads when none remain, and is silent on errors", async () => {
    let answers = [
      { status: 500, body: { error: "boom" } },
      { status: 200, body: { processing_comparisons: [{ id: 4, progress: 40, created_at: "2025-01-01T00:00:00Z" }] } },
      { status: 200, body: { processing_comparisons: [] } },
    ];
    const net = mockFetch({
      "GET /api/comparisons/processing-status": () => {
        const [next, ...rest] = answers;
        answers = rest.length ? rest : answers;
        return next ?? { body: { processing_comparisons: [] } };
      },
    });
    const onUpdate = vi.fn();
    const onNoneLeft = vi.fn();
    renderHook(() => useProcessingPolling({ active: true, fetchStatus: getProcessingStatus, onUpdate, onNoneLeft }));
    await vi.advanceTimersByTimeAsync(2999);
    expect(net.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1); // 3 s: error, silent
    expect(onUpdate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000); // 6 s: one still processing
    expect(onUpdate).toHaveBeenLastCalledWith([{ id: 4, progress: 40, created_at: "2025-01-01T00:00:00Z" }]);
    expect(onNoneLeft).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000); // 9 s: none left
    expect(onNoneLeft).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(9000);
    expect(net.calls).toHaveLength(3);
  });

  it("does not poll while nothing is processing", async () => {
    const net = mockFetch({});
    renderHook(() =>
      useProcessingPolling({ active: false, fetchStatus: getProcessingStatus, onUpdate: vi.fn(), onNoneLeft: vi.fn() }),
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(net.calls).toHaveLength(0);
  });
});
