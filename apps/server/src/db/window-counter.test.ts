import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/database.ts";
import type { Database } from "./client.ts";
import { addToWindow, clearWindow, countInWindow, MAX_WINDOW_MS, purgeWindows } from "./window-counter.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * MINUTE);

describe("events counted in a window, in the database", () => {
  it("counts within the window from the first event, starts again once it is over, clears and purges", async () => {
    const { db } = database;
    expect(await countInWindow(db, "k", 10 * MINUTE, at(0))).toBe(0);
    expect(await addToWindow(db, "k", 10 * MINUTE, at(0))).toBe(1);
    expect(await addToWindow(db, "k", 10 * MINUTE, at(5))).toBe(2);
    expect(await countInWindow(db, "k", 10 * MINUTE, at(9))).toBe(2);
    expect(await countInWindow(db, "k", 10 * MINUTE, at(10))).toBe(0);
    expect(await addToWindow(db, "k", 10 * MINUTE, at(10))).toBe(1);
    expect(await addToWindow(db, "other", 10 * MINUTE, at(10))).toBe(1);
    await clearWindow(db, "other");
    expect(await countInWindow(db, "other", 10 * MINUTE, at(10))).toBe(0);
    expect(await purgeWindows(db, new Date(at(10).getTime() + MAX_WINDOW_MS - MINUTE))).toBe(0);
    expect(await purgeWindows(db, new Date(at(10).getTime() + MAX_WINDOW_MS + MINUTE))).toBe(1);
    expect(await countInWindow(db, "k", MAX_WINDOW_MS, at(11))).toBe(0);
  });

  it("counts every one of many events at once", async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => addToWindow(database.db, "burst", MINUTE)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
