import type { FastifyInstance } from "fastify";
import { rowId } from "@stepsync/contracts";
import { knownReference } from "@stepsync/motion";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { parse } from "../../http/errors.ts";
import { currentUser, guard } from "../../http/guard.ts";
import { storedPoseCache } from "../../storage/pose-cache.ts";
import { analysisAnswer, storedTrackAnalysis } from "../library/analysis.ts";
import { sendAnalysis } from "../library/analysis-route.ts";
import { comparisonReferencePoses, ownComparison } from "./service.ts";

const idParam = z.object({ id: rowId() });

/**
 * GET /api/comparisons/:id/reference-analysis (contract: reference-analysis.ts): the analysis of
 * the reference one of the user's comparisons was made against — an uploaded video's too, once its
 * poses are known (analysed for that comparison) — so practising a part of it is scored live.
 * 404 like the comparison for anyone else; 404 notAnalysed while the reference's poses are not
 * known. Private to the user's browser, revalidated by its ETag.
 */
export function comparisonReferenceAnalysisRoute(app: FastifyInstance, ctx: AppContext): void {
  const poseCache = storedPoseCache(ctx.storage);
  app.get("/api/comparisons/:id/reference-analysis", { preHandler: guard() }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    const row = await ownComparison(ctx.db, id, currentUser(request).user);
    const reference = await comparisonReferencePoses(ctx.db, id);
    const answer = !reference
      ? undefined
      : reference.trackKey
        ? await storedTrackAnalysis(ctx, reference.trackKey)
        : await analysisAnswer(reference.fileKey, async () =>
            knownReference(await ctx.storage.localPath(reference.fileKey), {
              style: row.activityType,
              trackStore: poseCache,
            }),
          );
    return sendAnalysis(request, reply, answer, false);
  });
}
