import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { videos } from "../../db/schema.ts";

export type UploadRow = typeof videos.$inferSelect;

export async function findUpload(q: Queryable, id: number): Promise<UploadRow | undefined> {
  const [row] = await q.select().from(videos).where(eq(videos.id, id));
  return row;
}

export async function insertUpload(q: Queryable, values: typeof videos.$inferInsert): Promise<number> {
  const [row] = await q.insert(videos).values(values).returning({ id: videos.id });
  if (!row) throw new Error("video insert returned no row");
  return row.id;
}

/** Deletes an upload's row; answers its storage key (undefined when there was none). */
export async function deleteUploadRow(q: Queryable, id: number): Promise<string | undefined> {
  const [gone] = await q.delete(videos).where(eq(videos.id, id)).returning({ key: videos.storageKey });
  return gone?.key;
}
