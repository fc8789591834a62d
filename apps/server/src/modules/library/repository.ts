import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { referenceVideos } from "../../db/schema.ts";

export type LibraryVideoRow = typeof referenceVideos.$inferSelect;

/** Deletes one library video's row (its likes, shares and comments cascade); undefined when there was none. */
export async function deleteVideoRow(q: Queryable, id: number): Promise<LibraryVideoRow | undefined> {
  const [row] = await q.delete(referenceVideos).where(eq(referenceVideos.id, id)).returning();
  return row;
}

/** Deletes every library video of a contributor (cascading as above); answers the deleted rows. */
export async function deleteVideoRowsOf(q: Queryable, contributorId: number): Promise<LibraryVideoRow[]> {
  return q.delete(referenceVideos).where(eq(referenceVideos.contributorId, contributorId)).returning();
}
