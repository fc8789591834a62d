import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../test/utils";
import { logger } from "./logger";

describe("client log", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps at most 1000 entries in local storage, dropping the oldest", () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    mockFetch({ "POST /api/logs": { status: 204 } });
    for (let i = 0; i < 1005; i++) logger.info(`entry ${i}`);
    const stored = logger.readStored();
    expect(stored).toHaveLength(1000);
    expect(stored[0]?.message).toBe("entry 5");
    expect(stored.at(-1)?.message).toBe("entry 1004");
    expect(stored.at(-1)).toMatchObject({ level: "info" });
  });

  it("sends errors to /api/logs in one batch, fire and forget, and never retries a failure", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { calls } = mockFetch({ "POST /api/logs": { status: 500, body: {} } });
    logger.error("first", "test");
    logger.error("second", "test");
    logger.info("not sent");
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2500);
    expect(calls).toHaveLength(1);
    const body = calls[0]?.body as { entries: Array<{ message: string; level: string; component: string }> };
    expect(body.entries.map((e) => e.message)).toEqual(["first", "second"]);
    expect(body.entries[0]).toMatchObject({ level: "error", component: "test" });
    expect(calls[0]?.init?.credentials).toBe("include");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
  });
});
