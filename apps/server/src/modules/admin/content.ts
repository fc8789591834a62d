import type { FastifyInstance } from "fastify";
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import {
  ADMIN_MESSAGES,
  type AdminComment,
  type AdminNotification,
  type AdminVideo,
  adminCommentsQuery,
  adminFeatureBody,
  adminNotificationsQuery,
  adminVideosQuery,
} from "@stepsync/contracts";
import { guard } from "../auth/request-auth.ts";
import type { AppContext } from "../../context.ts";
import { notifications, referenceVideos, users, videoComments } from "../../db/schema.ts";
import { HttpError, parse } from "../../http/errors.ts";
import { toCsv } from "./csv.ts";
import { pagination } from "../../http/paging.ts";
import { containsPattern } from "../../db/like.ts";
import { idParam } from "./params.ts";
import { deleteLibraryVideo } from "../library/service.ts";

type VideoRow = typeof referenceVideos.$inferSelect;
const toAdminVideo = (v: VideoRow, contributor: string | null): AdminVideo => ({
  id: v.id,
  title: v.title,
  category: v.category,
  difficulty: v.difficulty,
  thumbnail_path: v.thumbnailKey ? `/api/reference-videos/${v.id}/thumbnail` : null,
  contributor_username: contributor,
  views: v.views,
  likes: v.likesCount,
  usage_count: v.usageCount,
  is_featured: v.isFeatured,
  status: v.status,
  pose_status: v.poseStatus,
  pose_error: v.poseError,
  created_at: v.createdAt.toISOString(),
});

/** Library videos, comments and notifications as admins manage them. Review stays in routes/library. */
export function adminContentRoutes(app: FastifyInstance, { db, storage }: AppContext): void {
  const admin = { preHandler: guard("admin") };

  app.get("/api/admin/videos", admin, async (request) => {
    const q = parse(adminVideosQuery, request.query);
    const conditions: SQL[] = [];
    if (q.status) conditions.push(eq(referenceVideos.status, q.status));
    if (q.category) conditions.push(eq(referenceVideos.category, q.category));
    if (q.is_featured !== undefined) conditions.push(eq(referenceVideos.isFeatured, q.is_featured));
    if (q.search) {
      const like = containsPattern(q.search);
      const match = or(ilike(referenceVideos.title, like), ilike(users.username, like));
      if (match) conditions.push(match);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const rows = await db
      .select({ v: referenceVideos, contributor: users.username })
      .from(referenceVideos)
      .leftJoin(users, eq(users.id, referenceVideos.contributorId))
      .where(where)
      .orderBy(desc(referenceVideos.createdAt), desc(referenceVideos.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const [total] = await db
      .select({ n: count() })
      .from(referenceVideos)
      .leftJoin(users, eq(users.id, referenceVideos.contributorId))
      .where(where);
    return {
      videos: rows.map((r) => toAdminVideo(r.v, r.contributor)),
      pagination: pagination(q.page, q.limit, Number(total?.n ?? 0)),
    };
  });

  app.put("/api/admin/videos/:id/feature", admin, async (request) => {
    const { id } = parse(idParam, request.params);
    const { is_featured } = parse(adminFeatureBody, request.body);
    const [row] = await db
      .update(referenceVideos)
      .set({ isFeatured: is_featured })
      .where(eq(referenceVideos.id, id))
      .returning();
    if (!row) throw new HttpError(404, ADMIN_MESSAGES.videoNotFound);
    return {
      message: is_featured ? ADMIN_MESSAGES.videoFeatured : ADMIN_MESSAGES.videoUnfeatured,
      video: toAdminVideo(row, null),
    };
  });

  /** Deletes the library video (likes, shares, comments cascade) and then its files. */
  app.delete("/api/admin/videos/:id", admin, async (request) => {
    const { id } = parse(idParam, request.params);
    const row = await deleteLibraryVideo({ db, storage }, id);
    if (!row) throw new HttpError(404, ADMIN_MESSAGES.videoNotFound);
    return { message: ADMIN_MESSAGES.videoDeleted(row.title) };
  });

  app.get("/api/admin/export/videos", admin, async (_request, reply) => {
    const rows = await db
      .select({ v: referenceVideos, contributor: users.username })
      .from(referenceVideos)
      .leftJoin(users, eq(users.id, referenceVideos.contributorId))
      .orderBy(referenceVideos.id);
    const csv = toCsv(
      [
        "ID",
        "Title",
        "Category",
        "Difficulty",
        "Contributor",
        "Status",
        "Views",
        "Likes",
        "Usage Count",
        "Featured",
        "Created At",
      ],
      rows.map(({ v, contributor }) => [
        v.id,
        v.title,
        v.category,
        v.difficulty,
        contributor,
        v.status,
        v.views,
        v.likesCount,
        v.usageCount,
        v.isFeatured,
        v.createdAt,
      ]),
    );
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="videos_export.csv"')
      .header("cache-control", "no-store")
      .send(csv);
  });

  app.get("/api/admin/comments", admin, async (request) => {
    const q = parse(adminCommentsQuery, request.query);
    const conditions: SQL[] = [];
    if (q.video_id) conditions.push(eq(videoComments.videoId, q.video_id));
    if (q.user_id) conditions.push(eq(videoComments.userId, q.user_id));
    const where = conditions.length ? and(...conditions) : undefined;
    const rows = await db
      .select({ c: videoComments, username: users.username, email: users.email, title: referenceVideos.title })
      .from(videoComments)
      .innerJoin(users, eq(users.id, videoComments.userId))
      .innerJoin(referenceVideos, eq(referenceVideos.id, videoComments.videoId))
      .where(where)
      .orderBy(desc(videoComments.createdAt), desc(videoComments.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const [total] = await db.select({ n: count() }).from(videoComments).where(where);
    const comments: AdminComment[] = rows.map((r) => ({
      id: r.c.id,
      username: r.username,
      email: r.email,
      video_id: r.c.videoId,
      video_title: r.title,
      content: r.c.content,
      created_at: r.c.createdAt.toISOString(),
    }));
    return { comments, pagination: pagination(q.page, q.limit, Number(total?.n ?? 0)) };
  });

  app.delete("/api/admin/comments/:id", admin, async (request) => {
    const { id } = parse(idParam, request.params);
    const gone = await db.delete(videoComments).where(eq(videoComments.id, id)).returning({ id: videoComments.id });
    if (gone.length === 0) throw new HttpError(404, ADMIN_MESSAGES.commentNotFound);
    return { message: ADMIN_MESSAGES.commentDeleted };
  });

  app.get("/api/admin/notifications", admin, async (request) => {
    const q = parse(adminNotificationsQuery, request.query);
    const conditions: SQL[] = [];
    if (q.type) conditions.push(eq(notifications.type, q.type));
    if (q.is_read !== undefined) conditions.push(eq(notifications.isRead, q.is_read));
    const where = conditions.length ? and(...conditions) : undefined;
    const rows = await db
      .select({ n: notifications, username: users.username, email: users.email })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const [total] = await db.select({ n: count() }).from(notifications).where(where);
    const list: AdminNotification[] = rows.map((r) => ({
      id: r.n.id,
      username: r.username,
      email: r.email,
      type: r.n.type,
      title: r.n.title,
      message: r.n.message,
      is_read: r.n.isRead,
      created_at: r.n.createdAt.toISOString(),
    }));
    return { notifications: list, pagination: pagination(q.page, q.limit, Number(total?.n ?? 0)) };
  });

  app.delete("/api/admin/notifications/:id", admin, async (request) => {
    const { id } = parse(idParam, request.params);
    const gone = await db.delete(notifications).where(eq(notifications.id, id)).returning({ id: notifications.id });
    if (gone.length === 0) throw new HttpError(404, ADMIN_MESSAGES.notificationNotFound);
    return { message: ADMIN_MESSAGES.notificationDeleted };
  });
}
