import type { ClientLogEntry } from "@stepsync/contracts";
import type { Queryable } from "../../db/client.ts";
import { type ClientLogRow, insertClientLogs, listClientLogs } from "./repository.ts";

/**
 * Keeps what the web app logged. The user is taken from the session, never from the client's
 * claim; the client's session id is cut to a short prefix (enough to group, useless as a token).
 */
export function keepClientLogs(
  db: Queryable,
  entries: ClientLogEntry[],
  from: { userId: number | null; userAgent: string | undefined },
): Promise<void> {
  return insertClientLogs(
    db,
    entries.map((e) => ({
      level: e.level,
      message: e.message,
      component: e.component ?? null,
      userId: from.userId,
      sessionId: e.sessionId ? e.sessionId.slice(0, 12) : null,
      userAgent: e.userAgent ?? from.userAgent?.slice(0, 500) ?? null,
      url: e.url ?? null,
      clientTimestamp: e.timestamp ?? null,
    })),
  );
}

export function clientLogPage(
  db: Queryable,
  level: ClientLogRow["level"] | undefined,
  page: number,
  limit: number,
): Promise<{ rows: ClientLogRow[]; total: number }> {
  return listClientLogs(db, level, { page, limit });
}
