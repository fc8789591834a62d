import { count, desc, eq } from "drizzle-orm";
import { offsetOf, type Page } from "../../db/page.ts";
import type { Queryable } from "../../db/client.ts";
import { clientLogs } from "../../db/schema.ts";

export type ClientLogRow = typeof clientLogs.$inferSelect;
export type NewClientLog = typeof clientLogs.$inferInsert;
type Level = ClientLogRow["level"];

export async function insertClientLogs(db: Queryable, rows: NewClientLog[]): Promise<void> {
  if (rows.length > 0) await db.insert(clientLogs).values(rows);
}

/** A page of client logs (optionally of one level), newest first, and how many there are in all. */
export async function listClientLogs(
  db: Queryable,
  level: Level | undefined,
  page: Page,
): Promise<{ rows: ClientLogRow[]; total: number }> {
  const where = level ? eq(clientLogs.level, level) : undefined;
  const rows = await db
    .select()
    .from(clientLogs)
    .where(where)
    .orderBy(desc(clientLogs.createdAt), desc(clientLogs.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(clientLogs).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}
