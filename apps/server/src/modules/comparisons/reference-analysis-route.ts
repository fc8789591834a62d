import type { FastifyInstance } from "fastify";
import { rowId } from "@stepsync/contracts";
import { knownReference } from "@stepsync/motion";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { parse } from "../../http/errors.ts";
import { currentUser, guard } from "../../http/guard.ts";
import { storedPoseCache } from "../../storage/pose-cache.ts";
import { analysisAnswer } from "../library/analysis.ts";
import { sendAnalysis } from "../library/analysis-route.ts";
import { comparisonInputs, ownComparison } from "./service.ts";

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
    const inputs = await comparisonInputs(ctx, id);
    const answer = inputs
      ? await analysisAnswer(
          inputs.referenceKey,
          async () =>
            inputs.referenceTrack ??
            knownReference(await ctx.storage.localPath(inputs.referenceKey), {
              style: row.activityType,
              trackStore: poseCache,
            }),
        )
      : undefined;
    return sendAnalysis(request, reply, answer, false);
  });
}
