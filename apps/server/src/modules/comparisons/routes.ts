import type { FastifyInstance } from "fastify";
import {
  COMPARE_MESSAGES,
  compareRequestFields,
  LIMITS,
  POSE_TRACK_LIMITS,
  startComparisonResponse,
  comparisonListResponse,
  comparisonStatsResponse,
  processingStatusResponse,
  comparisonDetailResponse,
  messageResponse,
  routineProgressResponse,
  analyseAnywayResponse,
} from "@stepsync/contracts";
import { DEFAULTS, preparePosePool } from "@stepsync/motion";
import { responds } from "../../http/responds.ts";
import { z } from "zod";
import { comparisonListQuery, rowId } from "@stepsync/contracts";
import { HttpError, parse } from "../../http/errors.ts";
import { readMultipart } from "../../http/multipart.ts";
import { assertRoomForUpload } from "../../storage/disk-space.ts";
import { currentUser, guard } from "../../http/guard.ts";
import type { AppContext } from "../../context.ts";
import { holdUploadSlot } from "../videos/in-flight.ts";
import { storeUploadedVideo, type StoredVideo } from "../videos/upload.ts";
import { userVideoUrl } from "../videos/urls.ts";
import { readPart } from "./part.ts";
import { comparisonReferenceAnalysisRoute } from "./reference-analysis-route.ts";
import { acceptTakeTrack, dropTakeTrack, keepTakeTrack, readTrackPart } from "./take-track.ts";
import { mayStartComparisons } from "./policy.ts";
import { referenceUrlOf, toComparisonDetail, toComparisonSummary } from "./serialize.ts";
import { pagination } from "../../http/paging.ts";
import {
  analyseAnyway,
  deleteComparison,
  historyStats,
  listComparisonsOf,
  ownComparison,
  processingComparisonsOf,
  routineProgress,
  startComparison,
} from "./service.ts";

const idParam = z.object({ id: rowId() });

type Upload = { field: "reference_video" | "user_video"; stored: StoredVideo; originalName: string };

export function comparisonRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, storage } = ctx;

  /**
   * Starts a comparison (under /api/videos/ since the first API): stores the uploads (checked as
   * they stream, by the videos upload toolkit), then startComparison takes its credits in the
   * transaction that creates it and queues the analysis; answers at once.
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
      await holdUploadSlot(ctx, request, reply);

      const fields: Record<string, string> = {};
      const uploads: Upload[] = [];
      let keptTrackOf: string | undefined;
      const removeUploads = () =>
        Promise.all([
          ...uploads.map((u) => storage.delete(u.stored.key)),
          keptTrackOf ? dropTakeTrack(storage, keptTrackOf) : undefined,
        ]);
      try {
        const fieldSize = { fieldSize: POSE_TRACK_LIMITS.maxBytes + 1 };
        await readMultipart(
          request,
          fields,
          async (file) => {
            // Dance along: the take's poses may come as a file part (JSON) as well as a text field.
            if (file.fieldname === "pose_track") {
              // Its check estimates frames of the take: the pose workers start while the take uploads.
              if (ctx.config.roles.worker) preparePosePool(DEFAULTS.model);
              fields.pose_track = await readTrackPart(file.file);
              return;
            }
            if (file.fieldname !== "reference_video" && file.fieldname !== "user_video") {
              file.file.resume();
              return;
            }
            if (uploads.some((u) => u.field === file.fieldname))
              throw new HttpError(400, `Only one ${file.fieldname} is allowed`);
            const which = file.fieldname === "reference_video" ? "reference" : "user";
            const stored = await storeUploadedVideo(storage, file.file, user.id, which, ctx.config.maxVideoBytes);
            uploads.push({ field: file.fieldname, stored, originalName: file.filename.slice(0, 255) });
          },
          fieldSize,
        );

        const input = parse(compareRequestFields, fields);
        // The browser's poses of a dance-along take, kept for its analysis (take-track.ts): only an
        // accelerator, so a bad one is left out, never a reason to refuse the upload.
        const userUpload = uploads.find((u) => u.field === "user_video");
        const takeTrack = userUpload && acceptTakeTrack(input.pose_track, request.log);
        if (userUpload && takeTrack) {
          await keepTakeTrack(storage, userUpload.stored.key, takeTrack);
          keptTrackOf = userUpload.stored.key;
        }
        const referenceUpload = uploads.find((u) => u.field === "reference_video");
        const part = await readPart(db, user, input, {
          referenceUploaded: !!referenceUpload,
          referenceVideoId: input.reference_video_id,
        });
        const partReference = part?.reference;
        const created = await startComparison(ctx, user, {
          activityType: input.activity_type,
          userUpload,
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

  app.get("/api/comparisons", { preHandler: guard(), ...responds(comparisonListResponse) }, async (request) => {
    const { user } = currentUser(request);
    const { page, limit, activity_type } = parse(comparisonListQuery, request.query);
    const { rows, total } = await listComparisonsOf(db, user.id, activity_type, { page, limit });
    return {
      comparisons: rows.map(toComparisonSummary),
      pagination: pagination(page, limit, total),
    };
  });

  app.get("/api/comparisons/stats", { preHandler: guard(), ...responds(comparisonStatsResponse) }, async (request) => {
    return historyStats(db, currentUser(request).user.id);
  });

  app.get(
    "/api/comparisons/processing-status",
    { preHandler: guard(), ...responds(processingStatusResponse) },
    async (request) => {
      const rows = await processingComparisonsOf(db, currentUser(request).user.id);
      return {
        processing_comparisons: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
      };
    },
  );

  /** One comparison with its full result; someone else's answers 404 like a missing one. */
  app.get("/api/comparisons/:id", { preHandler: guard(), ...responds(comparisonDetailResponse) }, async (request) => {
    const { id } = parse(idParam, request.params);
    return { comparison: toComparisonDetail(await ownComparison(db, id, currentUser(request).user)) };
  });

  /** Earlier scores of the owner on the same library routine, and the change since last time; 404 like the detail. */
  app.get(
    "/api/comparisons/:id/progress",
    { preHandler: guard(), ...responds(routineProgressResponse) },
    async (request) => {
      const { id } = parse(idParam, request.params);
      return routineProgress(db, id, currentUser(request).user);
    },
  );

  /**
   * "It is this routine — analyse it anyway": the owner overrules a refusal, for one more credit
   * (402 without one); analysed again as the routine. Asked again, it charges nothing.
   */
  app.post(
    "/api/comparisons/:id/analyse-anyway",
    { preHandler: guard(), ...responds(analyseAnywayResponse, 202) },
    async (request, reply) => {
      const { id } = parse(idParam, request.params);
      const { row, charged } = await analyseAnyway(ctx, id, currentUser(request).user);
      return reply.status(202).send({
        comparison_id: row.id,
        status: row.status,
        progress: row.progress,
        charged,
        message: charged ? COMPARE_MESSAGES.analyseAnywayStarted : COMPARE_MESSAGES.analyseAnywayAlready,
      });
    },
  );

  comparisonReferenceAnalysisRoute(app, ctx);

  /** Deletes a comparison and the uploaded files no other comparison uses. */
  app.delete("/api/comparisons/:id", { preHandler: guard(), ...responds(messageResponse) }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { refunded } = await deleteComparison(ctx, id, currentUser(request).user);
    return { message: refunded ? COMPARE_MESSAGES.deletedWhileRunning : "Comparison deleted" };
  });
}
