import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  comparisons,
  follows,
  notifications,
  purchases,
  referenceVideos,
  videoComments,
  videoLikes,
  videos,
} from "../db/schema.ts";

/**
 * Rows as the app would have stored them, for tests that need data in place rather than the calls
 * that make it: pass what the test is about, the rest gets a plain default.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
let serial = 0;
const next = () => {
  serial += 1;
  return serial;
};

export async function makeUpload(
  db: Db,
  values: { ownerId: number } & Partial<typeof videos.$inferInsert>,
): Promise<typeof videos.$inferSelect> {
  const [row] = await db
    .insert(videos)
    .values({ kind: "user", storageKey: `videos/test-${next()}.mp4`, mimeType: "video/mp4", sizeBytes: 4, ...values })
    .returning();
  return row as typeof videos.$inferSelect;
}

export async function makeLibraryVideo(
  db: Db,
  values: Partial<typeof referenceVideos.$inferInsert> = {},
): Promise<typeof referenceVideos.$inferSelect> {
  const n = next();
  const [row] = await db
    .insert(referenceVideos)
    .values({ title: `Routine ${n}`, category: "ballet", videoKey: `library/test-${n}.mp4`, ...values })
    .returning();
  return row as typeof referenceVideos.$inferSelect;
}

/** A comparison; `daysAgo` dates it back, `score` makes it one completed (when created) with that overall score. */
export async function makeComparison(
  db: Db,
  values: { userId: number; score?: number; daysAgo?: number } & Partial<typeof comparisons.$inferInsert>,
): Promise<typeof comparisons.$inferSelect> {
  const { score, daysAgo, ...rest } = values;
  const createdAt = daysAgo === undefined ? rest.createdAt : new Date(Date.now() - daysAgo * DAY_MS);
  const completedAt = createdAt ?? new Date();
  const completed =
    score === undefined ? {} : { status: "completed" as const, progress: 100, overallScore: score, completedAt };
  const [row] = await db
    .insert(comparisons)
    .values({
      activityType: "ballet",
      status: "processing",
      ...completed,
      ...(createdAt ? { createdAt } : {}),
      ...rest,
    })
    .returning();
  return row as typeof comparisons.$inferSelect;
}

export async function makeComment(db: Db, values: { userId: number; videoId: number; content?: string }) {
  const [row] = await db
    .insert(videoComments)
    .values({ content: `Comment ${next()}`, ...values })
    .returning();
  return row as typeof videoComments.$inferSelect;
}

/** A like, counted on the video as liking it in the app would. */
export async function makeLike(db: Db, values: { userId: number; videoId: number }) {
  const [row] = await db.insert(videoLikes).values(values).returning();
  await db
    .update(referenceVideos)
    .set({ likesCount: sql`${referenceVideos.likesCount} + 1` })
    .where(eq(referenceVideos.id, values.videoId));
  return row as typeof videoLikes.$inferSelect;
}

export async function makeFollow(db: Db, values: { followerId: number; followingId: number }) {
  const [row] = await db.insert(follows).values(values).returning();
  return row as typeof follows.$inferSelect;
}

export async function makeNotification(
  db: Db,
  values: { userId: number } & Partial<typeof notifications.$inferInsert>,
): Promise<typeof notifications.$inferSelect> {
  const [row] = await db
    .insert(notifications)
    .values({ type: "system", title: "Notice", message: "Something happened", ...values })
    .returning();
  return row as typeof notifications.$inferSelect;
}

export async function makePurchase(
  db: Db,
  values: { userId: number } & Partial<typeof purchases.$inferInsert>,
): Promise<typeof purchases.$inferSelect> {
  const [row] = await db
    .insert(purchases)
    .values({ creditsAmount: 10, amountPaise: 9900, ...values })
    .returning();
  return row as typeof purchases.$inferSelect;
}
