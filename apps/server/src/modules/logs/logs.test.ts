import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("POST /api/logs", () => {
  it("stores an entry and a batch, attributing them to the signed-in user, for admins to read", async () => {
    const { token, user } = await t.signUp();
    const one = await t.call("POST", "/api/logs", {
      token,
      body: { level: "error", message: "Player failed", component: "Compare", url: "/compare", userId: 999 },
    });
    expect(one.statusCode).toBe(204);
    const batch = await t.call("POST", "/api/logs", {
      body: {
        entries: [
          { level: "info", message: "a" },
          { level: "warn", message: "b" },
        ],
      },
    });
    expect(batch.statusCode).toBe(204);

    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    const list = await t.call("GET", "/api/admin/client-logs?level=error", { token });
    expect(list.json().logs).toEqual([
      expect.objectContaining({ level: "error", message: "Player failed", component: "Compare", user_id: user.id }),
    ]);
    expect((await t.call("GET", "/api/admin/client-logs", { token })).json().logs).toHaveLength(3);
  });

  it.each([
    [{ level: "loud", message: "x" }],
    [{ level: "info" }],
    [{ level: "info", message: "x".repeat(5000) }],
    [{ entries: Array.from({ length: 51 }, () => ({ level: "info", message: "x" })) }],
  ])("refuses a malformed entry %# with 400", async (body) => {
    const res = await t.call("POST", "/api/logs", { body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });
});
