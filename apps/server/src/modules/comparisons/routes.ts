import type { FastifyInstance } from "fastify";
import {
  COMPARE_MESSAGES,
  comparisonListResponse,
  comparisonStatsResponse,
  processingStatusResponse,
  comparisonDetailResponse,
  messageResponse,
  routineProgressResponse,
} from "@stepsync/contracts";
import { responds } from "../../http/responds.ts";
import { z } from "zod";
import { comparisonListQuery, rowId } from "@stepsync/contracts";
import { parse } from "../../http/errors.ts";
import { currentUser, guard } from "../auth/request-auth.ts";
import type { AppContext } from "../../context.ts";
import { toComparisonDetail, toComparisonSummary } from "./serialize.ts";
import { pagination } from "../../http/paging.ts";
import {
  deleteComparison,
  historyStats,
  listComparisonsOf,
  ownComparison,
  processingComparisonsOf,
  routineProgress,
} from "./service.ts";

const idParam = z.object({ id: rowId() });

export function comparisonRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

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

  /** Deletes a comparison and the uploaded files no other comparison uses. */
  app.delete("/api/comparisons/:id", { preHandler: guard(), ...responds(messageResponse) }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { refunded } = await deleteComparison(ctx, id, currentUser(request).user);
    return { message: refunded ? COMPARE_MESSAGES.deletedWhileRunning : "Comparison deleted" };
  });
}
