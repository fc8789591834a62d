import type { FastifyInstance } from "fastify";
import { and, desc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { COMPARE_MESSAGES, comparisonListQuery, rowId } from "@stepsync/contracts";
import type { Db } from "../../db/client.ts";
import { comparisons, videos } from "../../db/schema.ts";
import { HttpError, parse } from "../../http/errors.ts";
import { currentUser, guard } from "../auth/request-auth.ts";
import type { AppContext } from "../../context.ts";
import { historyStats } from "./stats.ts";
import { toComparisonDetail, toComparisonSummary } from "./serialize.ts";
import { pagination } from "../../http/paging.ts";

export function comparisonRoutes(app: FastifyInstance, { db, storage }: AppContext): void {
  app.get("/api/comparisons", { preHandler: guard() }, async (request) => {
    const { user } = currentUser(request);
    const { page, limit, activity_type } = parse(comparisonListQuery, request.query);
    const where = and(
      eq(comparisons.userId, user.id),
      activity_type ? eq(comparisons.activityType, activity_type) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(comparisons)
        .where(where)
        .orderBy(desc(comparisons.createdAt), desc(comparisons.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ total: sql<number>`count(*)::int` }).from(comparisons).where(where),
    ]);
    const total = count?.total ?? 0;
    return {
      comparisons: rows.map(toComparisonSummary),
      pagination: pagination(page, limit, total),
    };
  });

  app.get("/api/comparisons/stats", { preHandler: guard() }, async (request) => {
    return historyStats(db, currentUser(request).user.id);
  });

  app.get("/api/comparisons/processing-status", { preHandler: guard() }, async (request) => {
    const rows = await db
      .select({
        id: comparisons.id,
        progress: comparisons.progress,
        attempt: comparisons.attempts,
        created_at: comparisons.createdAt,
      })
      .from(comparisons)
      .where(and(eq(comparisons.userId, currentUser(request).user.id), eq(comparisons.status, "processing")))
      .orderBy(desc(comparisons.createdAt));
    return {
      processing_comparisons: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    };
  });

  /** One comparison with its full result; someone else's answers 404 like a missing one. */
  app.get("/api/comparisons/:id", { preHandler: guard() }, async (request) => {
    const { id } = parse(idParam, request.params);
    const row = await ownComparison(db, currentUser(request).user.id, id);
    return { comparison: toComparisonDetail(row) };
  });

  /** Deletes a comparison and the uploaded files no other comparison uses. */
  app.delete("/api/comparisons/:id", { preHandler: guard() }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { user } = currentUser(request);
    const row = await ownComparison(db, user.id, id);
    const orphanKeys = await db.transaction(async (tx) => {
      await tx.delete(comparisons).where(eq(comparisons.id, row.id));
      const keys: string[] = [];
      for (const videoId of [row.userVideoId, row.referenceUploadId]) {
        if (!videoId) continue;
        const [stillUsed] = await tx
          .select({ id: comparisons.id })
          .from(comparisons)
          .where(or(eq(comparisons.userVideoId, videoId), eq(comparisons.referenceUploadId, videoId)))
          .limit(1);
        if (stillUsed) continue;
        const [gone] = await tx.delete(videos).where(eq(videos.id, videoId)).returning({ key: videos.storageKey });
        if (gone) keys.push(gone.key);
      }
      return keys;
    });
    // Files go after the rows are gone: a failed file removal leaves an orphan file, never a broken comparison.
    await Promise.all(orphanKeys.map((key) => storage.delete(key)));
    return { message: "Comparison deleted" };
  });
}

const idParam = z.object({ id: rowId() });

async function ownComparison(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(comparisons)
    .where(and(eq(comparisons.id, id), eq(comparisons.userId, userId)));
  if (!row) throw new HttpError(404, COMPARE_MESSAGES.comparisonNotFound(id));
  return row;
}
