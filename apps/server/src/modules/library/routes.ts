import type { FastifyInstance } from "fastify";
import type { MultipartFile } from "@fastify/multipart";
import { and, asc, count, desc, eq, gte, ilike, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  ACTIVITY_TYPES,
  DIFFICULTIES,
  LIBRARY_MESSAGES,
  LIMITS,
  NEW_CONTRIBUTOR_DAYS,
  POPULAR_CONTRIBUTOR,
  SOCIAL_MESSAGES,
  UPLOAD_MESSAGES,
  commentSchema,
  libraryQuerySchema,
  parseTags,
  reviewSchema,
  rowId,
  videoEditSchema,
  type LibraryPage,
  type UploadReferenceResponse,
  type VideoComment,
} from "@stepsync/contracts";
import { follows, referenceVideos, users, videoComments, videoLikes, videoShares } from "../../db/schema.ts";
import { HttpError, parse } from "../../http/errors.ts";
import { currentUser, guard } from "../../auth/request-auth.ts";
import type { AppContext } from "../../context.ts";
import { JOB_NAMES } from "../../jobs/queue.ts";
import { storeUploadedVideo, type StoredVideo } from "../videos/upload.ts";
import { sendStoredFile } from "../videos/serve.ts";
import { notify } from "../social/notify.ts";
import { cardColumns, contributorJoin, toCard, toOwnCard } from "./serialize.ts";
import { storedImageMime, storeUploadedImage } from "./upload.ts";
import { pagination } from "../../http/paging.ts";
import { containsPattern } from "../../db/like.ts";
import { deleteLibraryVideo } from "./service.ts";

const idParam = z.object({ id: rowId(LIBRARY_MESSAGES.videoNotFound) });

const uploadFields = z.object({
  title: z
    .string({ error: UPLOAD_MESSAGES.enterTitle })
    .trim()
    .min(1, UPLOAD_MESSAGES.enterTitle)
    .max(200, LIBRARY_MESSAGES.titleTooLong),
  description: z.string().trim().max(5000, LIBRARY_MESSAGES.descriptionTooLong).default(""),
  category: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(ACTIVITY_TYPES, { error: LIBRARY_MESSAGES.unknownCategory }).default("contemporary"),
  ),
  difficulty: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(DIFFICULTIES, { error: LIBRARY_MESSAGES.unknownDifficulty }).default("beginner"),
  ),
  tags: z.string().optional(),
});

const adminListQuery = z.object({
  status: z.enum(["pending", "approved", "rejected", "all"]).default("pending"),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.adminPageSize),
});

const shareBody = z.object({ share_type: z.enum(["public"]).default("public") });

type RefRow = typeof referenceVideos.$inferSelect;

/** Approved videos are everyone's; pending and rejected ones only their contributor's and admins'. */
function canSee(video: RefRow, viewer: { id: number; role: string } | undefined): boolean {
  return video.status === "approved" || viewer?.role === "admin" || (!!viewer && viewer.id === video.contributorId);
}

export function libraryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { queue } = ctx;
  const { db, storage } = ctx;

  async function findVisible(id: number, viewer: { id: number; role: string } | undefined) {
    const [video] = await db.select().from(referenceVideos).where(eq(referenceVideos.id, id));
    if (!video || !canSee(video, viewer)) throw new HttpError(404, LIBRARY_MESSAGES.videoNotFound);
    return video;
  }

  async function card(id: number, viewerId: number | undefined) {
    const [row] = await db
      .select(cardColumns(viewerId))
      .from(referenceVideos)
      .leftJoin(users, contributorJoin)
      .where(eq(referenceVideos.id, id));
    if (!row) throw new HttpError(404, LIBRARY_MESSAGES.videoNotFound);
    return row;
  }

  /**
   * A contributor's (or admin's) upload: the same checks as the compare upload (type from the bytes,
   * size while streaming, ffprobe), duration from the file. Every upload starts pending; its poses
   * are computed in the background right away, and a thumbnail is made from the video there when
   * none is given (no ffmpeg decoding in the request).
   */
  app.post("/api/reference-videos", { preHandler: guard() }, async (request, reply) => {
    const { user } = currentUser(request);
    if (user.role !== "contributor" && user.role !== "admin")
      throw new HttpError(403, LIBRARY_MESSAGES.contributorsOnly);
    if (!request.isMultipart()) throw new HttpError(400, UPLOAD_MESSAGES.selectVideo);

    const fields: Record<string, string> = {};
    let video: StoredVideo | undefined;
    let thumbnailKey: string | undefined;
    const cleanup = async () => {
      if (video) await storage.delete(video.key);
      if (thumbnailKey) await storage.delete(thumbnailKey);
    };
    try {
      for await (const part of request.parts()) {
        if (part.type === "field") {
          if (typeof part.value === "string") fields[part.fieldname] = part.value;
          continue;
        }
        const file = part as MultipartFile;
        if (file.fieldname === "video" && !video) {
          video = await storeUploadedVideo(storage, file.file, user.id, "reference", ctx.config.maxVideoBytes);
        } else if (file.fieldname === "thumbnail" && !thumbnailKey) {
          ({ key: thumbnailKey } = await storeUploadedImage(storage, file.file, user.id, LIMITS.maxThumbnailBytes));
        } else {
          file.file.resume();
        }
      }
      if (!video) throw new HttpError(400, UPLOAD_MESSAGES.selectVideo);
      const input = parse(uploadFields, fields);
      const [row] = await db
        .insert(referenceVideos)
        .values({
          contributorId: user.id,
          title: input.title,
          description: input.description || null,
          category: input.category,
          difficulty: input.difficulty,
          tags: parseTags(input.tags),
          videoKey: video.key,
          thumbnailKey,
          mimeType: video.sniffed.mime,
          // Never the client's figure: what ffprobe read from the file.
          durationS: video.info.duration,
          status: "pending",
        })
        .returning({ id: referenceVideos.id });
      if (!row) throw new Error("reference video insert returned no row");
      await queue.send(JOB_NAMES.referencePoses, { referenceVideoId: row.id });
      const answer: UploadReferenceResponse = {
        video_id: row.id,
        status: "pending",
        message: LIBRARY_MESSAGES.uploadReceived,
      };
      return reply.status(201).send(answer);
    } catch (error) {
      await cleanup();
      throw error;
    }
  });

  /** The library: approved videos only, filtered, sorted and paged. */
  app.get("/api/reference-videos", async (request): Promise<LibraryPage> => {
    const q = parse(libraryQuerySchema, request.query);
    const viewerId = request.auth?.user.id;
    const contributor = referenceVideos.contributorId;
    const followerCount = sql<number>`(select count(*) from ${follows} where ${follows.followingId} = ${contributor})`;
    const contributorViews = sql<number>`(select coalesce(sum(r2.views), 0) from reference_videos r2 where r2.contributor_id = ${contributor} and r2.status = 'approved')`;
    const conditions: (SQL | undefined)[] = [
      eq(referenceVideos.status, "approved"),
      q.category ? eq(referenceVideos.category, q.category) : undefined,
      q.difficulty ? eq(referenceVideos.difficulty, q.difficulty) : undefined,
    ];
    if (q.search) {
      const pattern = containsPattern(q.search);
      conditions.push(
        or(
          ilike(referenceVideos.title, pattern),
          ilike(referenceVideos.description, pattern),
          sql`${referenceVideos.tags}::text ilike ${pattern}`,
        ),
      );
    }
    if (q.contributor_type === "verified") conditions.push(eq(users.verified, true));
    if (q.contributor_type === "new") {
      conditions.push(gte(users.createdAt, new Date(Date.now() - NEW_CONTRIBUTOR_DAYS * 24 * 60 * 60 * 1000)));
    }
    if (q.contributor_type === "popular") {
      conditions.push(
        sql`(${followerCount} >= ${POPULAR_CONTRIBUTOR.followers} or ${contributorViews} >= ${POPULAR_CONTRIBUTOR.views})`,
      );
    }
    const where = and(...conditions);
    const order =
      q.sort_by === "popular"
        ? [desc(referenceVideos.views)]
        : q.sort_by === "likes"
          ? [desc(referenceVideos.likesCount)]
          : q.sort_by === "contributors"
            ? [desc(followerCount), desc(contributorViews)]
            : [];
    const rows = await db
      .select(cardColumns(viewerId))
      .from(referenceVideos)
      .leftJoin(users, contributorJoin)
      .where(where)
      .orderBy(...order, desc(referenceVideos.createdAt), desc(referenceVideos.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const [total] = await db.select({ n: count() }).from(referenceVideos).leftJoin(users, contributorJoin).where(where);
    const n = Number(total?.n ?? 0);
    return {
      videos: rows.map(toCard),
      pagination: pagination(q.page, q.limit, n),
    };
  });

  /** A contributor's own uploads with their review and pose state (the contributor dashboard of #8). */
  app.get("/api/reference-videos/mine", { preHandler: guard() }, async (request) => {
    const { user } = currentUser(request);
    const rows = await db
      .select(cardColumns(user.id))
      .from(referenceVideos)
      .leftJoin(users, contributorJoin)
      .where(eq(referenceVideos.contributorId, user.id))
      .orderBy(desc(referenceVideos.createdAt), desc(referenceVideos.id));
    return { videos: rows.map(toOwnCard) };
  });

  /** One video; each fetch of an approved video by someone other than its contributor counts a view. */
  app.get("/api/reference-videos/:id", async (request) => {
    const { id } = parse(idParam, request.params);
    const viewer = request.auth?.user;
    const video = await findVisible(id, viewer);
    if (video.status === "approved" && viewer?.id !== video.contributorId) {
      await db
        .update(referenceVideos)
        .set({ views: sql`${referenceVideos.views} + 1` })
        .where(eq(referenceVideos.id, id));
    }
    const row = await card(id, viewer?.id);
    const own = viewer && (viewer.id === video.contributorId || viewer.role === "admin");
    return { video: own ? toOwnCard(row) : toCard(row) };
  });

  app.get("/api/reference-videos/:id/thumbnail", async (request, reply) => {
    const { id } = parse(idParam, request.params);
    const video = await findVisible(id, request.auth?.user);
    if (!video.thumbnailKey) throw new HttpError(404, "Thumbnail not found");
    return sendStoredFile(request, reply, storage, {
      key: video.thumbnailKey,
      mimeType: await storedImageMime(storage, video.thumbnailKey),
      isPublic: video.status === "approved",
    });
  });

  /** Its contributor (or an admin) edits the texts; the file stays. */
  app.put("/api/reference-videos/:id", { preHandler: guard() }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { user } = currentUser(request);
    const video = await findVisible(id, user);
    if (video.contributorId !== user.id && user.role !== "admin")
      throw new HttpError(404, LIBRARY_MESSAGES.videoNotFound);
    const input = parse(videoEditSchema, request.body);
    const tags =
      input.tags === undefined ? undefined : parseTags(Array.isArray(input.tags) ? input.tags.join(",") : input.tags);
    await db
      .update(referenceVideos)
      .set({
        title: input.title,
        description: input.description === undefined ? undefined : input.description || null,
        category: input.category,
        difficulty: input.difficulty,
        tags,
      })
      .where(eq(referenceVideos.id, id));
    return { video: toOwnCard(await card(id, user.id)) };
  });

  app.delete("/api/reference-videos/:id", { preHandler: guard() }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { user } = currentUser(request);
    const video = await findVisible(id, user);
    if (video.contributorId !== user.id && user.role !== "admin")
      throw new HttpError(404, LIBRARY_MESSAGES.videoNotFound);
    await deleteLibraryVideo(ctx, video.id);
    return { message: "Video deleted" };
  });

  /**
   * Like / unlike: one row per (user, video) under a unique index; the counter moves only when a row
   * was really added or removed, in the same transaction — exact however often and however
   * concurrently it is pressed.
   */
  app.post("/api/reference-videos/:id/like", { preHandler: guard() }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { user } = currentUser(request);
    const video = await findVisible(id, user);
    if (video.status !== "approved") throw new HttpError(404, LIBRARY_MESSAGES.videoNotFound);
    const likes = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(videoLikes)
        .values({ userId: user.id, videoId: id })
        .onConflictDoNothing()
        .returning({ id: videoLikes.id });
      if (inserted.length > 0) {
        const [row] = await tx
          .update(referenceVideos)
          .set({ likesCount: sql`${referenceVideos.likesCount} + 1` })
          .where(eq(referenceVideos.id, id))
          .returning({ likes: referenceVideos.likesCount });
        await notify(tx, {
          userId: video.contributorId,
          actorId: user.id,
          type: "like",
          title: SOCIAL_MESSAGES.newLikeTitle,
          message: SOCIAL_MESSAGES.newLike(user.username, video.title),
        });
        return row?.likes ?? 0;
      }
      const [row] = await tx
        .select({ likes: referenceVideos.likesCount })
        .from(referenceVideos)
        .where(eq(referenceVideos.id, id));
      return row?.likes ?? 0;
    });
    return { is_liked: true, likes_count: likes };
  });

  app.post("/api/reference-videos/:id/unlike", { preHandler: guard() }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { user } = currentUser(request);
    await findVisible(id, user);
    const likes = await db.transaction(async (tx) => {
      const removed = await tx
        .delete(videoLikes)
        .where(and(eq(videoLikes.userId, user.id), eq(videoLikes.videoId, id)))
        .returning({ id: videoLikes.id });
      if (removed.length > 0) {
        const [row] = await tx
          .update(referenceVideos)
          .set({ likesCount: sql`greatest(${referenceVideos.likesCount} - 1, 0)` })
          .where(eq(referenceVideos.id, id))
          .returning({ likes: referenceVideos.likesCount });
        return row?.likes ?? 0;
      }
      const [row] = await tx
        .select({ likes: referenceVideos.likesCount })
        .from(referenceVideos)
        .where(eq(referenceVideos.id, id));
      return row?.likes ?? 0;
    });
    return { is_liked: false, likes_count: likes };
  });

  /** Records a public share and answers the link to pass on. */
  app.post("/api/videos/:id/share", { preHandler: guard() }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { user } = currentUser(request);
    const video = await findVisible(id, user);
    if (video.status !== "approved") throw new HttpError(404, LIBRARY_MESSAGES.videoNotFound);
    const { share_type } = parse(shareBody, request.body ?? {});
    await db.insert(videoShares).values({ userId: user.id, videoId: id, shareType: share_type });
    return { share_url: `${ctx.config.publicUrl}/library?video=${id}`, message: SOCIAL_MESSAGES.shared };
  });

  // Comments --------------------------------------------------------------------------------------

  app.get("/api/reference-videos/:id/comments", async (request): Promise<{ comments: VideoComment[] }> => {
    const { id } = parse(idParam, request.params);
    await findVisible(id, request.auth?.user);
    const rows = await db
      .select({ c: videoComments, username: users.username, profileImage: users.profileImage })
      .from(videoComments)
      .innerJoin(users, eq(users.id, videoComments.userId))
      .where(eq(videoComments.videoId, id))
      .orderBy(asc(videoComments.createdAt), asc(videoComments.id))
      .limit(500);
    return {
      comments: rows.map((r) => ({
        id: r.c.id,
        video_id: r.c.videoId,
        user_id: r.c.userId,
        username: r.username,
        profile_image: r.profileImage,
        content: r.c.content,
        created_at: r.c.createdAt.toISOString(),
      })),
    };
  });

  app.post("/api/reference-videos/:id/comments", { preHandler: guard() }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    const { user } = currentUser(request);
    const video = await findVisible(id, user);
    if (video.status !== "approved") throw new HttpError(404, LIBRARY_MESSAGES.videoNotFound);
    const { content } = parse(commentSchema, request.body);
    const comment = await db.transaction(async (tx) => {
      const [row] = await tx.insert(videoComments).values({ videoId: id, userId: user.id, content }).returning();
      await notify(tx, {
        userId: video.contributorId,
        actorId: user.id,
        type: "comment",
        title: SOCIAL_MESSAGES.newCommentTitle,
        message: SOCIAL_MESSAGES.newComment(user.username, video.title),
      });
      return row;
    });
    if (!comment) throw new Error("comment insert returned no row");
    const answer: VideoComment = {
      id: comment.id,
      video_id: id,
      user_id: user.id,
      username: user.username,
      profile_image: user.profileImage,
      content: comment.content,
      created_at: comment.createdAt.toISOString(),
    };
    return reply.status(201).send({ comment: answer });
  });

  /** Its author deletes a comment (admins any); anyone else's is "not found". */
  app.delete("/api/comments/:id", { preHandler: guard() }, async (request) => {
    const { id } = parse(z.object({ id: rowId(SOCIAL_MESSAGES.commentNotFound) }), request.params);
    const { user } = currentUser(request);
    const removed = await db
      .delete(videoComments)
      .where(and(eq(videoComments.id, id), user.role === "admin" ? undefined : eq(videoComments.userId, user.id)))
      .returning({ id: videoComments.id });
    if (removed.length === 0) throw new HttpError(404, SOCIAL_MESSAGES.commentNotFound);
    return { message: "Comment deleted" };
  });

  // Review (admin) --------------------------------------------------------------------------------

  app.get("/api/admin/reference-videos", { preHandler: guard("admin") }, async (request) => {
    const q = parse(adminListQuery, request.query);
    const where = q.status === "all" ? undefined : eq(referenceVideos.status, q.status);
    const rows = await db
      .select(cardColumns(undefined))
      .from(referenceVideos)
      .leftJoin(users, contributorJoin)
      .where(where)
      .orderBy(asc(referenceVideos.createdAt), asc(referenceVideos.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const [total] = await db.select({ n: count() }).from(referenceVideos).where(where);
    const n = Number(total?.n ?? 0);
    return {
      videos: rows.map(toOwnCard),
      pagination: pagination(q.page, q.limit, n),
    };
  });

  /**
   * Approve or reject. A video whose poses could not be computed (no person found…) cannot be
   * approved: no comparison against it could ever work. Poses still being computed do not block
   * approval (comparisons fall back to analysing the reference themselves).
   */
  app.put("/api/admin/reference-videos/:id/review", { preHandler: guard("admin") }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { status, reason } = parse(reviewSchema, request.body);
    const [video] = await db.select().from(referenceVideos).where(eq(referenceVideos.id, id));
    if (!video) throw new HttpError(404, LIBRARY_MESSAGES.videoNotFound);
    if (status === "approved" && video.poseStatus === "failed") {
      throw new HttpError(
        409,
        `${LIBRARY_MESSAGES.cannotApproveNoPoses}${video.poseError ? ` (${video.poseError})` : ""}`,
      );
    }
    await db.transaction(async (tx) => {
      await tx
        .update(referenceVideos)
        .set({ status, reviewReason: status === "rejected" ? reason || null : null, reviewedAt: new Date() })
        .where(eq(referenceVideos.id, id));
      if (video.status !== status) {
        await notify(tx, {
          userId: video.contributorId,
          type: "system",
          title: status === "approved" ? LIBRARY_MESSAGES.approvedTitle : LIBRARY_MESSAGES.rejectedTitle,
          message:
            status === "approved"
              ? LIBRARY_MESSAGES.approvedMessage(video.title)
              : LIBRARY_MESSAGES.rejectedMessage(video.title, reason),
        });
      }
    });
    return { video: toOwnCard(await card(id, undefined)) };
  });
}
