import { afterEach, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import pg from "pg";
import { startTestApp, type TestApp } from "../../test/app.ts";

/** Health tells the truth about the database, and the app comes back by itself when connections drop. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

it("answers 503 with { error } once the database was recreated empty", async () => {
  t = await startTestApp();
  expect((await t.call("GET", "/api/health")).statusCode).toBe(200);
  // What a restored-empty (or wrongly pointed) database looks like: reachable, but no tables.
  for (const statement of ["drop schema public cascade", "create schema public", "drop schema drizzle cascade"]) {
    await t.ctx.db.execute(sql.raw(statement));
  }
  const res = await t.call("GET", "/api/health");
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ error: "Database unavailable" });
});

it("answers 503 when the database lacks this build's newest migration", async () => {
  t = await startTestApp();
  await t.ctx.db.execute(
    sql.raw(
      "delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)",
    ),
  );
  const res = await t.call("GET", "/api/health");
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ error: "Database schema is not up to date" });
});

it.runIf(process.env.TEST_DB === "postgres")(
  "serves the next calls after PostgreSQL ended every connection of the app",
  async () => {
    t = await startTestApp();
    const { token } = await t.signUp();
    // Warm the pool so that several idle connections are there to be killed.
    await Promise.all(Array.from({ length: 5 }, () => t!.call("GET", "/api/profile", { token })));
    const admin = new pg.Client({ connectionString: t.database.url! });
    await admin.connect();
    // A statement in flight when its session is ended gets the session's FATAL as its answer; the
    // calls right after may be sent on connections whose end has not reached the pool yet.
    const inFlight = t.ctx.db.execute(sql`select pg_sleep(0.3), 1 as one`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const killed = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    const racing = Array.from({ length: 4 }, () => t!.call("GET", "/api/profile", { token }));
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    expect((await inFlight).rows).toEqual([expect.objectContaining({ one: 1 })]);
    for (const res of await Promise.all(racing)) expect(res.statusCode, res.body).toBe(200);
    for (let i = 0; i < 3; i++) {
      const health = await t.call("GET", "/api/health");
      expect(health.statusCode, health.body).toBe(200);
      const profile = await t.call("GET", "/api/profile", { token });
      expect(profile.statusCode, profile.body).toBe(200);
    }
  },
);
