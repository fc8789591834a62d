import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LIBRARY_MESSAGES, REFERENCE_ANALYSIS_MESSAGES, referenceAnalysisStatus, rowId } from "@stepsync/contracts";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { HttpError, parse } from "../../http/errors.ts";
import { responds } from "../../http/responds.ts";
import { analysingSeconds } from "../../jobs/progress.ts";
import { type AnalysisAnswer, matchesEtag, referenceAnalysis } from "./analysis.ts";
import { isPublicLibraryVideo } from "./policy.ts";
import { visibleLibraryVideo } from "./service.ts";

const idParam = z.object({ id: rowId(LIBRARY_MESSAGES.videoNotFound) });

/**
 * GET /api/reference-videos/:id/analysis (contract: reference-analysis.ts): a library video's poses
 * and counting for live scoring, to whoever may see its file (approved: anyone; in review: its
 * contributor and admins; a group's own routine: its groups), as the file route decides. Cached like
 * the file (shared caches only for a public library video), revalidated by its ETag; gzipped when the browser takes it. Loading it
 * is no view.
 */
export function referenceAnalysisRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/reference-videos/:id/analysis", async (request, reply) => {
    const { id } = parse(idParam, request.params);
    const video = await visibleLibraryVideo(ctx.db, id, request.auth?.user);
    return sendAnalysis(request, reply, await referenceAnalysis(ctx, video), isPublicLibraryVideo(video));
  });

  /** Where its analysis stands, for a page waiting to score live against it (never cached: it moves). */
  app.get("/api/reference-videos/:id/analysis-status", responds(referenceAnalysisStatus), async (request, reply) => {
    const { id } = parse(idParam, request.params);
    const video = await visibleLibraryVideo(ctx.db, id, request.auth?.user);
    reply.header("cache-control", "no-store");
    const pending = video.poseStatus === "pending";
    return {
      status: video.poseStatus,
      progress: video.poseStatus === "ready" ? 100 : video.poseProgress,
      analysing_s: analysingSeconds(pending && video.poseHeartbeatAt ? video.poseStartedAt : null),
    };
  });
}

/**
 * A reference's analysis as the answer to `request`: 404 notAnalysed without one; else cached for
 * an hour (by shared caches too when `shared`), revalidated by its ETag, gzipped when the browser
 * takes it.
 */
export function sendAnalysis(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: AnalysisAnswer | undefined,
  shared: boolean,
): FastifyReply {
  if (!answer) throw new HttpError(404, REFERENCE_ANALYSIS_MESSAGES.notAnalysed);
  reply
    .header("cache-control", shared ? "public, max-age=3600" : "private, max-age=3600")
    .header("etag", answer.etag)
    .header("vary", "accept-encoding");
  if (matchesEtag(request.headers["if-none-match"], answer.etag)) return reply.status(304).send();
  reply.header("content-type", "application/json; charset=utf-8");
  if (/\bgzip\b/.test(request.headers["accept-encoding"] ?? ""))
    return reply.header("content-encoding", "gzip").send(answer.gzip);
  return reply.send(answer.json);
}
