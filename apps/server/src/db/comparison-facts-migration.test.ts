import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { migrations, migrationsBefore, removeMigrationCopies } from "../test/migrations.ts";
import type { Db } from "./client.ts";
import * as schema from "./schema.ts";

afterAll(removeMigrationCopies);

it("0018 moves same_performance and pose_source out of the stored results into their columns", async () => {
  const client = new PGlite("memory://");
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: await migrationsBefore("0018_comparison_facts") });
  const user = await db.execute(
    sql`insert into users (username, email, password_hash) values ('Old Timer', 'old@example.com', 'x') returning id`,
  );
  const userId = (user as unknown as { rows: Array<{ id: number }> }).rows[0]?.id;
  // As the analysis job stored them: the two flags beside the engine's figures.
  const stored = async (result: object | null) => {
    const r = await db.execute(sql`
      insert into comparisons (user_id, activity_type, status, overall_score, result)
      values (${userId}, 'ballet', 'completed', 80, ${result === null ? null : JSON.stringify(result)}::jsonb)
      returning id`);
    return (r as unknown as { rows: Array<{ id: number }> }).rows[0]?.id as number;
  };
  const copy = await stored({ overall_score: 99, same_performance: true, pose_source: "browser" });
  const danced = await stored({ overall_score: 72, same_performance: false, pose_source: "server" });
  const older = await stored({ overall_score: 64 });
  const running = await stored(null);

  await migrate(db as never, { migrationsFolder: migrations });
  const facts = async (id: number) => {
    const [row] = await db.select().from(schema.comparisons).where(eq(schema.comparisons.id, id));
    return { samePerformance: row?.samePerformance, poseSource: row?.poseSource, result: row?.result };
  };
  expect(await facts(copy)).toEqual({ samePerformance: true, poseSource: "browser", result: { overall_score: 99 } });
  expect(await facts(danced)).toEqual({ samePerformance: false, poseSource: "server", result: { overall_score: 72 } });
  // Never checked: nothing claimed either way.
  expect(await facts(older)).toEqual({ samePerformance: null, poseSource: null, result: { overall_score: 64 } });
  expect(await facts(running)).toEqual({ samePerformance: null, poseSource: null, result: null });
  await client.close();
}, 60_000);
