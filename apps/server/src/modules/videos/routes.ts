import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { COMPARE_MESSAGES, compareRequestFields, LIMITS, rowId, startComparisonResponse } from "@stepsync/contracts";
import { responds } from "../../http/responds.ts";
import { HttpError, parse } from "../../http/errors.ts";
import { readMultipart } from "../../http/multipart.ts";
import { assertRoomForUpload } from "../../storage/disk-space.ts";
import { currentUser, guard } from "../auth/request-auth.ts";
import type { AppContext } from "../../context.ts";
import { mayStartComparisons } from "../comparisons/policy.ts";
import { referenceUrlOf } from "../comparisons/serialize.ts";
import { startComparison } from "../comparisons/service.ts";
import { countLibraryView, visibleLibraryVideo } from "../library/service.ts";
import { viewerOfDay } from "../library/views.ts";
import { sendStoredFile } from "./serve.ts";
import { readPart } from "./part.ts";
import { ownUpload } from "./service.ts";
import { storeUploadedVideo, type StoredVideo } from "./upload.ts";
import { userVideoUrl } from "./urls.ts";

const idParam = z.object({ id: rowId(COMPARE_MESSAGES.videoNotFound) });

type Upload = { field: "reference_video" | "user_video"; stored: StoredVideo; originalName: string };

export function videoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, storage } = ctx;

  /**
   * Starts a comparison: stores the uploads (checked as they stream), then the comparisons service
   * takes its credits in the transaction that creates it and queues the analysis; answers at once.
   */
  app.post(
    "/api/videos/compare",
    { preHandler: guard(), ...responds(startComparisonResponse, 202) },
    async (request, reply) => {
      const { user } = currentUser(request);
      // Refused before a byte is uploaded; startComparison decides again in its transaction.
      if (!mayStartComparisons(user)) throw new HttpError(403, COMPARE_MESSAGES.confirmEmailFirst);
      if (user.credits < LIMITS.comparisonCost) throw new HttpError(402, COMPARE_MESSAGES.insufficientCredits);
      if (!request.isMultipart()) throw new HttpError(400, COMPARE_MESSAGES.noUserVideo);
      await assertRoomForUpload(ctx.config);

      const fields: Record<string, string> = {};
      const uploads: Upload[] = [];
      const removeUploads = () => Promise.all(uploads.map((u) => storage.delete(u.stored.key)));
      try {
        await readMultipart(request, fields, async (file) => {
          if (file.fieldname !== "reference_video" && file.fieldname !== "user_video") {
            file.file.resume();
            return;
          }
          if (uploads.some((u) => u.field === file.fieldname))
            throw new HttpError(400, `Only one ${file.fieldname} is allowed`);
          const which = file.fieldname === "reference_video" ? "reference" : "user";
          const stored = await storeUploadedVideo(storage, file.file, user.id, which, ctx.config.maxVideoBytes);
          uploads.push({ field: file.fieldname, stored, originalName: file.filename.slice(0, 255) });
        });

        const input = parse(compareRequestFields, fields);
        const referenceUpload = uploads.find((u) => u.field === "reference_video");
        const part = await readPart(db, user, input, {
          referenceUploaded: !!referenceUpload,
          referenceVideoId: input.reference_video_id,
        });
        const partReference = part?.reference;
        const created = await startComparison(ctx, user, {
          activityType: input.activity_type,
          userUpload: uploads.find((u) => u.field === "user_video"),
          referenceUpload,
          userVideoId: input.user_video_id,
          referenceVideoId:
            partReference && "libraryId" in partReference ? partReference.libraryId : input.reference_video_id,
          referenceUploadId: partReference && "uploadId" in partReference ? partReference.uploadId : undefined,
          referenceTitle: partReference && "uploadId" in partReference ? partReference.title : undefined,
          part,
          // A dance-along take: its analysis judges timing against the clock the take was recorded on.
          takeOffsetS: input.take_offset_s,
        });
        return reply.status(202).send({
          comparison_id: created.id,
          status: "processing",
          progress: 0,
          message: COMPARE_MESSAGES.processing,
          reference_url: referenceUrlOf(created),
          user_url: created.userVideoId ? userVideoUrl(created.userVideoId) : null,
        });
      } catch (error) {
        await removeUploads();
        throw error;
      }
    },
  );

  /** A user's uploaded video, to its owner only (anyone else gets 404, so ids do not leak). */
  app.get("/api/videos/:id/file", { preHandler: guard() }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    const video = await ownUpload(db, id, currentUser(request).user);
    return sendStoredFile(request, reply, storage, {
      key: video.storageKey,
      mimeType: video.mimeType,
      isPublic: false,
    });
  });

  /**
   * A library video: public once approved; its contributor and admins may also see it while in review.
   * Playing it (practising, a shared link's player) counts a view, once per viewer per day. Only the
   * request for the file's start is a new playback: the player's later range requests (buffering,
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
      isPublic: video.status === "approved",
    });
  });
}
