import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { uploadSlots, videos } from "../../db/schema.ts";

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

/** Takes an upload slot (its row; whether it counts is decided by slotsAhead). Drops expired ones first. */
export async function insertUploadSlot(q: Queryable, userId: number, ip: string, expiresAt: Date): Promise<number> {
  await q.delete(uploadSlots).where(lt(uploadSlots.expiresAt, new Date()));
  const [row] = await q.insert(uploadSlots).values({ userId, ip, expiresAt }).returning({ id: uploadSlots.id });
  if (!row) throw new Error("upload slot insert returned no row");
  return row.id;
}

/** Live slots taken before `id` by the same account and by the same address. */
export async function slotsAhead(
  q: Queryable,
  id: number,
  userId: number,
  ip: string,
): Promise<{ account: number; address: number }> {
  const live = and(lt(uploadSlots.id, id), gt(uploadSlots.expiresAt, new Date()));
  const [row] = await q
    .select({
      account: sql<number>`count(*) filter (where ${uploadSlots.userId} = ${userId})`.mapWith(Number),
      address: sql<number>`count(*) filter (where ${uploadSlots.ip} = ${ip})`.mapWith(Number),
    })
    .from(uploadSlots)
    .where(and(live, or(eq(uploadSlots.userId, userId), eq(uploadSlots.ip, ip))));
  return { account: row?.account ?? 0, address: row?.address ?? 0 };
}

export async function renewUploadSlot(q: Queryable, id: number, expiresAt: Date): Promise<void> {
  await q.update(uploadSlots).set({ expiresAt }).where(eq(uploadSlots.id, id));
}

export async function deleteUploadSlot(q: Queryable, id: number): Promise<void> {
  await q.delete(uploadSlots).where(eq(uploadSlots.id, id));
}
