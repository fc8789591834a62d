import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { COMPARE_MESSAGES, rowId } from "@stepsync/contracts";
import { parse } from "../../http/errors.ts";
import { currentUser, guard } from "../../http/guard.ts";
import type { AppContext } from "../../context.ts";
import { sendStoredFile } from "./serve.ts";
import { ownUpload } from "./service.ts";

const idParam = z.object({ id: rowId(COMPARE_MESSAGES.videoNotFound) });

/**
 * The upload toolkit's one endpoint: a user's uploaded video. Starting a comparison with uploads is
 * the comparisons area's (POST /api/videos/compare), a library video's file the library's.
 */
export function videoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, storage } = ctx;

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
}
