import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { migrations, migrationsBefore, removeMigrationCopies } from "../test/migrations.ts";
import type { Db } from "./client.ts";
import * as schema from "./schema.ts";

afterAll(removeMigrationCopies);

/**
 * A comparison row as the code before 0010 wrote it: only the columns that existed then (the
 * factories write today's schema, whose later columns the old table does not have).
 */
async function oldComparison(
  db: Db,
  v: {
    userId: number;
    referenceTitle: string;
    referenceUploadId?: number;
    referenceVideoId?: number;
    parentComparisonId?: number;
  },
): Promise<{ id: number }> {
  const result = await db.execute(sql`
    insert into comparisons (user_id, activity_type, reference_upload_id, reference_video_id, reference_title, parent_comparison_id)
    values (${v.userId}, 'ballet', ${v.referenceUploadId ?? null}, ${v.referenceVideoId ?? null}, ${v.referenceTitle}, ${v.parentComparisonId ?? null})
    returning id`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows[0] as { id: number };
}

it("0010 clears the file-name titles old comparisons took from an uploaded reference; library titles stay", async () => {
  const client = new PGlite("memory://");
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: await migrationsBefore("0010_upload_titles") });

  // As the code before it stored them: an uploaded reference titled by its file name, a part of it
  // that copied the title, a library practice, and an upload whose title is not its file name.
  // Rows written with the columns of that time (today's factories write later ones too).
  const id = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Array<{ id: number }> }).rows[0] as { id: number };
  const userId = (
    await id(
      sql`insert into users (username, email, password_hash) values ('Old Timer', 'old@example.com', 'x') returning id`,
    )
  ).id;
  const upload = await id(sql`
    insert into videos (owner_id, kind, storage_key, original_name, mime_type, size_bytes)
    values (${userId}, 'user', 'videos/old.mp4', 'sample_fb_0.mp4', 'video/mp4', 4) returning id`);
  const library = await id(sql`
    insert into reference_videos (title, category, video_key) values ('Port de bras basics', 'ballet', 'library/old.mp4')
    returning id`);
  const fileTitled = await oldComparison(db, {
    userId,
    referenceUploadId: upload.id,
    referenceTitle: "sample_fb_0.mp4",
  });
  const part = await oldComparison(db, {
    userId,
    referenceUploadId: upload.id,
    referenceTitle: "sample_fb_0.mp4",
    parentComparisonId: fileTitled.id,
  });
  const practised = await oldComparison(db, {
    userId,
    referenceVideoId: library.id,
    referenceTitle: "Port de bras basics",
  });
  const named = await oldComparison(db, { userId, referenceUploadId: upload.id, referenceTitle: "Warm-up" });

  await migrate(db as never, { migrationsFolder: migrations });
  const title = async (id: number) =>
    (await db.select().from(schema.comparisons).where(eq(schema.comparisons.id, id)))[0]?.referenceTitle;
  expect(await title(fileTitled.id)).toBeNull();
  expect(await title(part.id)).toBeNull();
  expect(await title(practised.id)).toBe("Port de bras basics");
  expect(await title(named.id)).toBe("Warm-up");
  await client.close();
}, 60_000);
