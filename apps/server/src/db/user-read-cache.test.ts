import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../test/app.ts";
import { makeComparison } from "../test/factories.ts";
import { sessions, users } from "./schema.ts";
import { UserReadCache } from "./user-read-cache.ts";

/** Polls `check` until it holds (a notice from another connection takes a moment), at most ~2 s. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe("UserReadCache", () => {
  const counting = () => {
    let loads = 0;
    return { load: async () => ({ userId: 7, n: ++loads }), loads: () => loads };
  };

  it("answers a user's read from memory until that user changes", async () => {
    const cache = new UserReadCache();
    cache.setLive(true);
    const { load, loads } = counting();
    await cache.read("k", load, (v) => v.userId);
    await cache.read("k", load, (v) => v.userId);
    expect(loads()).toBe(1);
    cache.userChanged(8);
    await cache.read("k", load, (v) => v.userId);
    expect(loads()).toBe(1);
    cache.userChanged(7);
    expect(await cache.read("k", load, (v) => v.userId)).toEqual({ userId: 7, n: 2 });
  });

  it("keeps nothing while it may miss changes (the feed is down) and forgets all when it is", async () => {
    const cache = new UserReadCache();
    const { load, loads } = counting();
    await cache.read("k", load, (v) => v.userId);
    await cache.read("k", load, (v) => v.userId);
    expect(loads()).toBe(2);
    cache.setLive(true);
    await cache.read("k", load, (v) => v.userId);
    cache.setLive(false);
    cache.setLive(true);
    await cache.read("k", load, (v) => v.userId);
    expect(loads()).toBe(4);
  });

  it("does not keep a read that was running when something changed, nor an answer without an owner", async () => {
    const cache = new UserReadCache();
    cache.setLive(true);
    let loads = 0;
    await cache.read(
      "k",
      async () => {
        loads += 1;
        cache.userChanged(99); // a change arrives while the query runs: its answer may predate it
        return { userId: 7 };
      },
      (v) => v.userId,
    );
    await cache.read(
      "k",
      async () => ({ userId: 7, again: ++loads }),
      (v) => v.userId,
    );
    expect(loads).toBe(2);
    await cache.read(
      "none",
      async () => undefined,
      () => undefined,
    );
    let missing = 0;
    await cache.read(
      "none",
      async () => ++missing,
      () => undefined,
    );
    expect(missing).toBe(1);
  });

  it("sends one query for a user's simultaneous misses, but a read after a change does not take its answer", async () => {
    const cache = new UserReadCache();
    cache.setLive(true);
    let loads = 0;
    let release = () => {};
    const slow = () =>
      new Promise<{ userId: number; n: number }>((r) => (release = () => r({ userId: 7, n: ++loads })));
    const first = [cache.read("k", slow, (v) => v.userId), cache.read("k", slow, (v) => v.userId)];
    const firstRelease = release;
    cache.userChanged(7); // a write lands while the query runs
    const after = cache.read("k", slow, (v) => v.userId);
    firstRelease();
    release();
    expect((await Promise.all(first)).map((v) => v.n)).toEqual([1, 1]);
    expect((await after).n).toBe(2);
  });
});

describe("cached sessions and dashboard numbers across two processes of one deployment", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({}, {}, a.database);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("a session ended through one process stops working in the other at once", async () => {
    const { token } = await a.signUp();
    expect((await a.call("GET", "/api/dashboard/stats", { token })).statusCode).toBe(200);
    expect((await a.call("GET", "/api/dashboard/stats", { token })).statusCode).toBe(200);
    expect((await b.call("POST", "/api/auth/logout", { token })).statusCode).toBe(200);
    expect(await eventually(async () => (await a.call("GET", "/api/auth/session", { token })).statusCode === 401)).toBe(
      true,
    );
  });

  it("a user changed outside any request (an admin, a worker) is read afresh", async () => {
    const { token, user } = await a.signUp();
    const before = await a.call("GET", "/api/dashboard/stats?timeframe=week", { token });
    expect(before.json()).toEqual({ activityStats: {}, credits: 10 });
    // What a worker does when an analysis finishes, and an admin's credit grant: straight to the database.
    await makeComparison(a.ctx.db, { userId: user.id, score: 80, activityType: "ballet" });
    await a.ctx.db.update(users).set({ credits: 25 }).where(eq(users.id, user.id));
    const fresh = (await eventually(async () => {
      const body = (await a.call("GET", "/api/dashboard/stats?timeframe=week", { token })).json();
      return body.credits === 25 && body.activityStats.ballet?.total === 1;
    })) as boolean;
    expect(fresh).toBe(true);
  });

  it("a session removed in the database by another process is refused, not served from memory", async () => {
    const { token, user } = await a.signUp();
    expect((await a.call("GET", "/api/auth/session", { token })).statusCode).toBe(200);
    await b.ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await eventually(async () => (await a.call("GET", "/api/auth/session", { token })).statusCode === 401)).toBe(
      true,
    );
  });

  it("a client sees its own write on its next read", async () => {
    const { token, user } = await a.signUp();
    const first = await a.call("GET", "/api/auth/session", { token });
    expect(first.json().user.username).not.toBe("Renamed Dancer");
    const saved = await a.call("PUT", "/api/profile", {
      token,
      body: { username: "Renamed Dancer", email: user.email },
    });
    expect(saved.statusCode).toBe(200);
    expect((await a.call("GET", "/api/auth/session", { token })).json().user.username).toBe("Renamed Dancer");
  });
});
