import type { FastifyInstance } from "fastify";
import type { MultipartFile } from "@fastify/multipart";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES, COMPARE_MESSAGES, LIMITS, rowId } from "@stepsync/contracts";
import { comparisons, referenceVideos, users, videos } from "../../db/schema.ts";
import { HttpError, parse } from "../../http/errors.ts";
import { currentUser, guard } from "../auth/request-auth.ts";
import type { AppContext } from "../../context.ts";
import { JOB_NAMES } from "../../jobs/queue.ts";
import { changeCredits } from "../credits/service.ts";
import { sendStoredFile } from "./serve.ts";
import { storeUploadedVideo, type StoredVideo } from "./upload.ts";
import { libraryVideoUrl, userVideoUrl } from "./urls.ts";

const compareFields = z.object({
  activity_type: z.enum(ACTIVITY_TYPES, { error: COMPARE_MESSAGES.unknownStyle }).default("contemporary"),
  reference_video_id: rowId(COMPARE_MESSAGES.referenceNotFound).optional(),
  user_video_id: rowId(COMPARE_MESSAGES.videoNotFound).optional(),
});

const idParam = z.object({ id: rowId(COMPARE_MESSAGES.videoNotFound) });

type Upload = { field: "reference_video" | "user_video"; stored: StoredVideo; originalName: string };

export function videoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { queue } = ctx;
  const { db, storage } = ctx;

  /**
   * Starts a comparison: stores the uploads (checked as they stream), takes one credit in the same
   * transaction that creates the comparison, queues the analysis and answers at once.
   */
  app.post("/api/videos/compare", { preHandler: guard() }, async (request, reply) => {
    const { user } = currentUser(request);
    if (user.credits < LIMITS.comparisonCost) throw new HttpError(402, COMPARE_MESSAGES.insufficientCredits);
    if (!request.isMultipart()) throw new HttpError(400, COMPARE_MESSAGES.noUserVideo);

    const fields: Record<string, string> = {};
    const uploads: Upload[] = [];
    const removeUploads = () => Promise.all(uploads.map((u) => storage.delete(u.stored.key)));
    try {
      for await (const part of request.parts()) {
        if (part.type === "field") {
          if (typeof part.value === "string") fields[part.fieldname] = part.value;
          continue;
        }
        const file = part as MultipartFile;
        if (file.fieldname !== "reference_video" && file.fieldname !== "user_video") {
          file.file.resume();
          continue;
        }
        if (uploads.some((u) => u.field === file.fieldname))
          throw new HttpError(400, `Only one ${file.fieldname} is allowed`);
        const which = file.fieldname === "reference_video" ? "reference" : "user";
        const stored = await storeUploadedVideo(storage, file.file, user.id, which, ctx.config.maxVideoBytes);
        uploads.push({ field: file.fieldname, stored, originalName: file.filename.slice(0, 255) });
      }

      const input = parse(compareFields, fields);
      const userUpload = uploads.find((u) => u.field === "user_video");
      const referenceUpload = uploads.find((u) => u.field === "reference_video");
      if (!userUpload && !input.user_video_id) throw new HttpError(400, COMPARE_MESSAGES.noUserVideo);
      if (!referenceUpload && !input.reference_video_id) throw new HttpError(400, COMPARE_MESSAGES.noReference);

      // An earlier upload of one's own may be reused; anyone else's is "not found".
      if (!userUpload && input.user_video_id) {
        const [own] = await db
          .select({ id: videos.id })
          .from(videos)
          .where(and(eq(videos.id, input.user_video_id), eq(videos.ownerId, user.id)));
        if (!own) throw new HttpError(404, COMPARE_MESSAGES.videoNotFound);
      }
      let library: typeof referenceVideos.$inferSelect | undefined;
      let contributorName: string | null = null;
      if (!referenceUpload && input.reference_video_id) {
        const [row] = await db
          .select({ video: referenceVideos, contributor: users.username })
          .from(referenceVideos)
          .leftJoin(users, eq(users.id, referenceVideos.contributorId))
          .where(and(eq(referenceVideos.id, input.reference_video_id), eq(referenceVideos.status, "approved")));
        if (!row) throw new HttpError(404, COMPARE_MESSAGES.referenceNotFound);
        library = row.video;
        contributorName = row.contributor;
      }

      const created = await db.transaction(async (tx) => {
        const insertVideo = async (upload: Upload, kind: "user" | "reference") => {
          const [row] = await tx
            .insert(videos)
            .values({
              ownerId: user.id,
              kind,
              storageKey: upload.stored.key,
              originalName: upload.originalName,
              mimeType: upload.stored.sniffed.mime,
              sizeBytes: upload.stored.size,
              durationS: upload.stored.info.duration,
              width: upload.stored.info.width,
              height: upload.stored.info.height,
            })
            .returning({ id: videos.id });
          return row?.id;
        };
        const userVideoId = userUpload ? await insertVideo(userUpload, "user") : input.user_video_id;
        const referenceUploadId = referenceUpload ? await insertVideo(referenceUpload, "reference") : undefined;
        if (
          !(await changeCredits(tx, user.id, -LIMITS.comparisonCost, "usage", `Comparison (${input.activity_type})`))
        ) {
          throw new HttpError(402, COMPARE_MESSAGES.insufficientCredits);
        }
        const [comparison] = await tx
          .insert(comparisons)
          .values({
            userId: user.id,
            activityType: input.activity_type,
            userVideoId,
            referenceUploadId,
            referenceVideoId: library?.id,
            referenceTitle: library?.title ?? referenceUpload?.originalName ?? null,
            contributorName,
            heartbeatAt: new Date(),
          })
          .returning();
        if (!comparison) throw new Error("comparison insert returned no row");
        return comparison;
      });

      await queue.send(JOB_NAMES.comparison, { comparisonId: created.id });
      const referenceUrl = created.referenceUploadId
        ? userVideoUrl(created.referenceUploadId)
        : library
          ? libraryVideoUrl(library.id)
          : null;
      return reply.status(202).send({
        comparison_id: created.id,
        status: "processing",
        progress: 0,
        message: COMPARE_MESSAGES.processing,
        reference_url: referenceUrl,
        user_url: created.userVideoId ? userVideoUrl(created.userVideoId) : null,
      });
    } catch (error) {
      await removeUploads();
      throw error;
    }
  });

  /** A user's uploaded video, to its owner only (anyone else gets 404, so ids do not leak). */
  app.get("/api/videos/:id/file", { preHandler: guard() }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    const [video] = await db
      .select()
      .from(videos)
      .where(and(eq(videos.id, id), eq(videos.ownerId, currentUser(request).user.id)));
    if (!video) throw new HttpError(404, COMPARE_MESSAGES.videoNotFound);
    return sendStoredFile(request, reply, storage, {
      key: video.storageKey,
      mimeType: video.mimeType,
      isPublic: false,
    });
  });

  /** A library video: public once approved; its contributor and admins may also see it while in review. */
  app.get("/api/reference-videos/:id/file", async (request, reply) => {
    const { id } = parse(idParam, request.params);
    const [video] = await db.select().from(referenceVideos).where(eq(referenceVideos.id, id));
    const viewer = request.auth?.user;
    const visible =
      video &&
      (video.status === "approved" || viewer?.role === "admin" || (viewer && viewer.id === video.contributorId));
    if (!video || !visible) throw new HttpError(404, COMPARE_MESSAGES.videoNotFound);
    return sendStoredFile(request, reply, storage, {
      key: video.videoKey,
      mimeType: video.mimeType,
      isPublic: video.status === "approved",
    });
  });
}
