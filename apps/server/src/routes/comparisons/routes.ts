import type { FastifyInstance } from "fastify";
import { and, desc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { COMPARE_MESSAGES, comparisonListQuery, type ComparisonSummary } from "@stepsync/contracts";
import type { Db } from "../../db/client.ts";
import { comparisons, videos } from "../../db/schema.ts";
import { HttpError, parse } from "../../http/errors.ts";
import { currentUser, guard } from "../../auth/request-auth.ts";
import type { AppContext } from "../../context.ts";
import { historyStats } from "./stats.ts";
import { libraryVideoUrl, userVideoUrl } from "../videos/urls.ts";

/** Where the player fetches the reference: the uploaded file, or the library video. */
export function referenceUrlOf(row: typeof comparisons.$inferSelect): string | null {
  if (row.referenceUploadId) return userVideoUrl(row.referenceUploadId);
  if (row.referenceVideoId) return libraryVideoUrl(row.referenceVideoId);
  return null;
}

export function toComparisonSummary(row: typeof comparisons.$inferSelect): ComparisonSummary {
  return {
    id: row.id,
    activity_type: row.activityType,
    status: row.status,
    progress: row.progress,
    error: row.error,
    overall_score: row.overallScore,
    reference_title: row.referenceTitle,
    contributor_name: row.contributorName,
    thumbnail_path: row.thumbnailPath,
    reference_video_path: referenceUrlOf(row),
    user_video_path: row.userVideoId ? userVideoUrl(row.userVideoId) : null,
    reference_video_id: row.referenceVideoId,
    created_at: row.createdAt.toISOString(),
  };
}

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
      pagination: { page, limit, total, has_more: page * limit < total },
    };
  });

  app.get("/api/comparisons/stats", { preHandler: guard() }, async (request) => {
    return historyStats(db, currentUser(request).user.id);
  });

  app.get("/api/comparisons/processing-status", { preHandler: guard() }, async (request) => {
    const rows = await db
      .select({ id: comparisons.id, progress: comparisons.progress, created_at: comparisons.createdAt })
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

const idParam = z.object({ id: z.coerce.number().int().positive() });

async function ownComparison(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(comparisons)
    .where(and(eq(comparisons.id, id), eq(comparisons.userId, userId)));
  if (!row) throw new HttpError(404, COMPARE_MESSAGES.comparisonNotFound(id));
  return row;
}

/** The stored engine result, reshaped into the fields the spec's result view reads. */
export function toComparisonDetail(row: typeof comparisons.$inferSelect) {
  const result = (row.result ?? null) as (Record<string, unknown> & { alignment?: Record<string, unknown> }) | null;
  const referenceUrl = referenceUrlOf(row);
  const userUrl = row.userVideoId ? userVideoUrl(row.userVideoId) : null;
  return {
    ...toComparisonSummary(row),
    completed_at: row.completedAt?.toISOString() ?? null,
    results: result
      ? {
          sections: result.sections,
          categories: result.categories,
          overallFeedback: result.overallFeedback,
          jointSpecificFeedback: result.jointSpecificFeedback,
          problematicJoints: result.problematicJoints,
        }
      : null,
    alignment_info: result?.alignment ?? null,
    tracks: result?.tracks ?? null,
    aligned_videos: {
      reference_url: referenceUrl,
      user_url: userUrl,
      sync_quality: result?.alignment?.sync_quality ?? null,
      segment_duration: result?.alignment?.segment_duration ?? null,
    },
    reference_url: referenceUrl,
    user_url: userUrl,
  };
}
