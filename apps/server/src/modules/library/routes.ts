import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  ACTIVITY_TYPES,
  DIFFICULTIES,
  LIBRARY_MESSAGES,
  LIMITS,
  SOCIAL_MESSAGES,
  UPLOAD_MESSAGES,
  commentSchema,
  libraryQuerySchema,
  parseTags,
  reviewSchema,
  rowId,
  videoEditSchema,
  commentResponse,
  commentsResponse,
  libraryPageResponse,
  likeResponse,
  messageResponse,
  myVideosResponse,
  ownReferenceVideoResponse,
  referenceVideoResponse,
  reviewQueueResponse,
  shareResponse,
  uploadReferenceResponse,
  type UploadReferenceResponse,
} from "@stepsync/contracts";
import { HttpError, parse } from "../../http/errors.ts";
import { responds } from "../../http/responds.ts";
import { readMultipart } from "../../http/multipart.ts";
import { assertRoomForUpload } from "../../storage/disk-space.ts";
import { currentUser, guard } from "../../http/guard.ts";
import type { AppContext } from "../../context.ts";
import { holdUploadSlot } from "../videos/in-flight.ts";
import { storeUploadedVideo, type StoredVideo } from "../videos/upload.ts";
import { sendStoredFile } from "../videos/serve.ts";
import { referenceAnalysisRoute } from "./analysis-route.ts";
import { toCard, toOwnCard, toVideoComment } from "./serialize.ts";
import { storedImageMime, storeUploadedImage } from "./upload.ts";
import { pagination } from "../../http/paging.ts";
import { canContribute, isPublicLibraryVideo } from "./policy.ts";
import { viewerOfDay } from "./views.ts";
import { mailReviewOutcome } from "../notifications/service.ts";
import {
  addLibraryVideo,
  commentOnLibraryVideo,
  countLibraryView,
  deleteLibraryComment,
  deleteOwnLibraryVideo,
  editLibraryVideo,
  libraryCard,
  libraryVideoComments,
  likeLibraryVideo,
  listApprovedCards,
  listCardsOf,
  listForReview,
  managedLibraryVideo,
  openLibraryVideoPage,
  reactableLibraryVideo,
  reviewLibraryVideo,
  shareLibraryVideo,
  unlikeLibraryVideo,
  visibleLibraryVideo,
} from "./service.ts";

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

export function libraryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, storage } = ctx;

  /**
   * A contributor's (or admin's) upload: the same checks as the compare upload (type from the bytes,
   * size while streaming, ffprobe), duration from the file. Every upload starts pending; its poses
   * are computed in the background right away, and a thumbnail is made from the video there when
   * none is given (no ffmpeg decoding in the request).
   */
  app.post(
    "/api/reference-videos",
    { preHandler: guard(), ...responds(uploadReferenceResponse, 201) },
    async (request, reply) => {
      const { user } = currentUser(request);
      if (!canContribute(user)) throw new HttpError(403, LIBRARY_MESSAGES.contributorsOnly);
      if (!request.isMultipart()) throw new HttpError(400, UPLOAD_MESSAGES.selectVideo);
      await assertRoomForUpload(ctx.config);
      await holdUploadSlot(ctx, request, reply);

      const fields: Record<string, string> = {};
      let video: StoredVideo | undefined;
      let thumbnailKey: string | undefined;
      const cleanup = async () => {
        if (video) await storage.delete(video.key);
        if (thumbnailKey) await storage.delete(thumbnailKey);
      };
      try {
        await readMultipart(request, fields, async (file) => {
          if (file.fieldname === "video" && !video) {
            video = await storeUploadedVideo(storage, file.file, user.id, "reference", ctx.config.maxVideoBytes);
          } else if (file.fieldname === "thumbnail" && !thumbnailKey) {
            ({ key: thumbnailKey } = await storeUploadedImage(storage, file.file, user.id, LIMITS.maxThumbnailBytes));
          } else {
            file.file.resume();
          }
        });
        if (!video) throw new HttpError(400, UPLOAD_MESSAGES.selectVideo);
        const input = parse(uploadFields, fields);
        const id = await addLibraryVideo(ctx, user.id, { ...input, tags: parseTags(input.tags) }, video, thumbnailKey);
        const answer: UploadReferenceResponse = {
          video_id: id,
          status: "pending",
          message: LIBRARY_MESSAGES.uploadReceived,
        };
        return reply.status(201).send(answer);
      } catch (error) {
        await cleanup();
        throw error;
      }
    },
  );

  /** The library: approved videos only, filtered, sorted and paged. */
  app.get("/api/reference-videos", responds(libraryPageResponse), async (request) => {
    const q = parse(libraryQuerySchema, request.query);
    const { rows, total } = await listApprovedCards(db, q, q, request.auth?.user.id);
    return { videos: rows.map(toCard), pagination: pagination(q.page, q.limit, total) };
  });

  /** A contributor's own uploads with their review and pose state (the contributor dashboard of #8). */
  app.get("/api/reference-videos/mine", { preHandler: guard(), ...responds(myVideosResponse) }, async (request) => {
    const { user } = currentUser(request);
    return { videos: (await listCardsOf(db, user.id)).map(toOwnCard) };
  });

  /** One video (a shared link): opening it counts a view, once per viewer per day. */
  app.get("/api/reference-videos/:id", responds(referenceVideoResponse), async (request) => {
    const { id } = parse(idParam, request.params);
    const { row, own } = await openLibraryVideoPage(db, id, request.auth?.user, viewerOfDay(request));
    return { video: own ? toOwnCard(row) : toCard(row) };
  });

  /**
   * A library video's file: public once approved; its contributor and admins may also see it while in
   * review. Playing it (practising, a shared link's player) counts a view, once per viewer per day. Only
   * the request for the file's start is a new playback: the player's later range requests (buffering,
   * seeking) write nothing.
   */
  app.get("/api/reference-videos/:id/file", async (request, reply) => {
    const { id } = parse(idParam, request.params);
    const video = await visibleLibraryVideo(db, id, request.auth?.user);
    const range = request.headers.range;
    if (!range || /^bytes=0-/.test(range)) {
      await countLibraryView(db, video, request.auth?.user, viewerOfDay(request));
    }
    return sendStoredFile(request, reply, storage, {
      key: video.videoKey,
      mimeType: video.mimeType,
      isPublic: isPublicLibraryVideo(video),
    });
  });

  referenceAnalysisRoute(app, ctx);

  app.get("/api/reference-videos/:id/thumbnail", async (request, reply) => {
    const { id } = parse(idParam, request.params);
    const video = await visibleLibraryVideo(db, id, request.auth?.user);
    if (!video.thumbnailKey) throw new HttpError(404, "Thumbnail not found");
    return sendStoredFile(request, reply, storage, {
      key: video.thumbnailKey,
      mimeType: await storedImageMime(storage, video.thumbnailKey),
      isPublic: isPublicLibraryVideo(video),
    });
  });

  /**
   * Its contributor (or an admin) edits the texts; the file stays. A contributor's edit of an approved
   * video waits for review: the answer shows the live texts and the edit under pending_edit.
   */
  app.put(
    "/api/reference-videos/:id",
    { preHandler: guard(), ...responds(ownReferenceVideoResponse) },
    async (request) => {
      const { id } = parse(idParam, request.params);
      const { user } = currentUser(request);
      const video = await managedLibraryVideo(db, id, user);
      const input = parse(videoEditSchema, request.body);
      const tags =
        input.tags === undefined ? undefined : parseTags(Array.isArray(input.tags) ? input.tags.join(",") : input.tags);
      await editLibraryVideo(
        db,
        video,
        {
          title: input.title,
          description: input.description === undefined ? undefined : input.description || null,
          category: input.category,
          difficulty: input.difficulty,
          tags,
        },
        user,
      );
      return { video: toOwnCard(await libraryCard(db, id, user.id)) };
    },
  );

  app.delete("/api/reference-videos/:id", { preHandler: guard(), ...responds(messageResponse) }, async (request) => {
    const { id } = parse(idParam, request.params);
    await deleteOwnLibraryVideo(ctx, id, currentUser(request).user);
    return { message: "Video deleted" };
  });

  app.post("/api/reference-videos/:id/like", { preHandler: guard(), ...responds(likeResponse) }, async (request) => {
    const { id } = parse(idParam, request.params);
    const likes = await likeLibraryVideo(db, id, currentUser(request).user);
    return { is_liked: true, likes_count: likes };
  });

  app.post("/api/reference-videos/:id/unlike", { preHandler: guard(), ...responds(likeResponse) }, async (request) => {
    const { id } = parse(idParam, request.params);
    const likes = await unlikeLibraryVideo(db, id, currentUser(request).user);
    return { is_liked: false, likes_count: likes };
  });

  /** Records a public share and answers the link to pass on. */
  app.post("/api/videos/:id/share", { preHandler: guard(), ...responds(shareResponse) }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { user } = currentUser(request);
    const video = await reactableLibraryVideo(db, id, user);
    const { share_type } = parse(shareBody, request.body ?? {});
    await shareLibraryVideo(db, video, user, share_type);
    return { share_url: `${ctx.config.publicUrl}/library?video=${id}`, message: SOCIAL_MESSAGES.shared };
  });

  // Comments --------------------------------------------------------------------------------------

  app.get("/api/reference-videos/:id/comments", responds(commentsResponse), async (request) => {
    const { id } = parse(idParam, request.params);
    const rows = await libraryVideoComments(db, id, request.auth?.user);
    return { comments: rows.map((r) => toVideoComment(r.c, r)) };
  });

  app.post(
    "/api/reference-videos/:id/comments",
    { preHandler: guard(), ...responds(commentResponse, 201) },
    async (request, reply) => {
      const { id } = parse(idParam, request.params);
      const { user } = currentUser(request);
      const video = await reactableLibraryVideo(db, id, user);
      const { content } = parse(commentSchema, request.body);
      const comment = await commentOnLibraryVideo(db, video, user, content);
      return reply.status(201).send({ comment: toVideoComment(comment, user) });
    },
  );

  /** Its author deletes a comment (admins any); anyone else's is "not found". */
  app.delete("/api/comments/:id", { preHandler: guard(), ...responds(messageResponse) }, async (request) => {
    const { id } = parse(z.object({ id: rowId(SOCIAL_MESSAGES.commentNotFound) }), request.params);
    if (!(await deleteLibraryComment(db, id, currentUser(request).user)))
      throw new HttpError(404, SOCIAL_MESSAGES.commentNotFound);
    return { message: "Comment deleted" };
  });

  // Review (admin) --------------------------------------------------------------------------------

  app.get(
    "/api/admin/reference-videos",
    { preHandler: guard("admin"), ...responds(reviewQueueResponse) },
    async (request) => {
      const q = parse(adminListQuery, request.query);
      const { rows, total } = await listForReview(db, q.status === "all" ? undefined : q.status, q);
      return { videos: rows.map(toOwnCard), pagination: pagination(q.page, q.limit, total) };
    },
  );

  /**
   * Approve or reject (a video whose poses failed cannot be approved: see the service); a rejection
   * needs a reason. For an approved video with an edit waiting, this decides the edit.
   */
  app.put(
    "/api/admin/reference-videos/:id/review",
    { preHandler: guard("admin"), ...responds(ownReferenceVideoResponse) },
    async (request) => {
      const { id } = parse(idParam, request.params);
      const { status, reason } = parse(reviewSchema, request.body);
      const outcome = await reviewLibraryVideo(db, id, status, reason);
      if (outcome) await mailReviewOutcome(ctx, request.log, outcome.userId, outcome);
      return { video: toOwnCard(await libraryCard(db, id, undefined)) };
    },
  );
}
