import type { FastifyInstance } from "fastify";
import {
  ADMIN_MESSAGES,
  type AdminComment,
  type AdminNotification,
  type AdminVideo,
  adminCommentsQuery,
  adminCommentsResponse,
  adminFeatureResponse,
  adminFeatureBody,
  adminNotificationsQuery,
  adminNotificationsResponse,
  adminVideosQuery,
  adminVideosResponse,
  messageResponse,
} from "@stepsync/contracts";
import { currentUser } from "../../http/guard.ts";
import type { AppContext } from "../../context.ts";
import { HttpError, parse } from "../../http/errors.ts";
import { toCsv } from "./csv.ts";
import { pagination } from "../../http/paging.ts";
import { idParam } from "./params.ts";
import { adminAnswers, adminOnly } from "./route-options.ts";
import {
  type LibraryVideoRow,
  allLibraryVideosWithContributor,
  deleteLibraryComment,
  deleteLibraryVideo,
  listCommentsWithContext,
  featureLibraryVideo,
  listLibraryVideosWithContributor,
} from "../library/service.ts";
import { libraryThumbnailUrl } from "../library/urls.ts";
import { deleteNotification, listNotificationsWithUser } from "../notifications/service.ts";

const toAdminVideo = (v: LibraryVideoRow, contributor: string | null): AdminVideo => ({
  id: v.id,
  title: v.title,
  category: v.category,
  difficulty: v.difficulty,
  thumbnail_path: v.thumbnailKey ? libraryThumbnailUrl(v.id) : null,
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

/** Library videos, comments and notifications as admins manage them. Review stays in modules/library. */
export function adminContentRoutes(app: FastifyInstance, { db, storage }: AppContext): void {
  app.get("/api/admin/videos", adminAnswers(adminVideosResponse), async (request) => {
    const q = parse(adminVideosQuery, request.query);
    const { rows, total } = await listLibraryVideosWithContributor(db, q, q);
    return {
      videos: rows.map((r) => toAdminVideo(r.v, r.contributor)),
      pagination: pagination(q.page, q.limit, total),
    };
  });

  app.put("/api/admin/videos/:id/feature", adminAnswers(adminFeatureResponse), async (request) => {
    const { id } = parse(idParam, request.params);
    const { is_featured } = parse(adminFeatureBody, request.body);
    // Only approved videos can be featured: the library service refuses the rest with a 400.
    const row = await featureLibraryVideo(db, id, is_featured);
    if (!row) throw new HttpError(404, ADMIN_MESSAGES.videoNotFound);
    return {
      message: is_featured ? ADMIN_MESSAGES.videoFeatured : ADMIN_MESSAGES.videoUnfeatured,
      video: toAdminVideo(row, null),
    };
  });

  /** Deletes the library video (likes, shares, comments cascade) and then its files. */
  app.delete("/api/admin/videos/:id", adminAnswers(messageResponse), async (request) => {
    const { id } = parse(idParam, request.params);
    const row = await deleteLibraryVideo({ db, storage }, id);
    if (!row) throw new HttpError(404, ADMIN_MESSAGES.videoNotFound);
    return { message: ADMIN_MESSAGES.videoDeleted(row.title) };
  });

  app.get("/api/admin/export/videos", adminOnly, async (_request, reply) => {
    const rows = await allLibraryVideosWithContributor(db);
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

  app.get("/api/admin/comments", adminAnswers(adminCommentsResponse), async (request) => {
    const q = parse(adminCommentsQuery, request.query);
    const { rows, total } = await listCommentsWithContext(db, q, q);
    const comments: AdminComment[] = rows.map((r) => ({
      id: r.c.id,
      username: r.username,
      email: r.email,
      video_id: r.c.videoId,
      video_title: r.title,
      content: r.c.content,
      created_at: r.c.createdAt.toISOString(),
    }));
    return { comments, pagination: pagination(q.page, q.limit, total) };
  });

  app.delete("/api/admin/comments/:id", adminAnswers(messageResponse), async (request) => {
    const { id } = parse(idParam, request.params);
    if (!(await deleteLibraryComment(db, id, currentUser(request).user)))
      throw new HttpError(404, ADMIN_MESSAGES.commentNotFound);
    return { message: ADMIN_MESSAGES.commentDeleted };
  });

  app.get("/api/admin/notifications", adminAnswers(adminNotificationsResponse), async (request) => {
    const q = parse(adminNotificationsQuery, request.query);
    const { rows, total } = await listNotificationsWithUser(db, q, q);
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
    return { notifications: list, pagination: pagination(q.page, q.limit, total) };
  });

  app.delete("/api/admin/notifications/:id", adminAnswers(messageResponse), async (request) => {
    const { id } = parse(idParam, request.params);
    if (!(await deleteNotification(db, id))) throw new HttpError(404, ADMIN_MESSAGES.notificationNotFound);
    return { message: ADMIN_MESSAGES.notificationDeleted };
  });
}
