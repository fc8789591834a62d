import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { comparisons, referenceVideos } from "../db/schema.ts";

/** Rows as stored, read back by tests that check what a call left behind; a missing row throws. */
export async function storedComparison(db: Db, id: number) {
  const [found] = await db.select().from(comparisons).where(eq(comparisons.id, id));
  if (!found) throw new Error(`no comparison ${id}`);
  return found;
}

export async function storedLibraryVideo(db: Db, id: number) {
  const [found] = await db.select().from(referenceVideos).where(eq(referenceVideos.id, id));
  if (!found) throw new Error(`no reference video ${id}`);
  return found;
}

/** A library video once its pose analysis has ended (done or failed), polled as the app would be. */
export async function libraryVideoAnalysed(db: Db, id: number, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await storedLibraryVideo(db, id);
    if (found.poseStatus !== "pending") return found;
    if (Date.now() > deadline) throw new Error(`poses of ${id} still pending`);
    await new Promise((res) => setTimeout(res, 200));
  }
}
