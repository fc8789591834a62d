import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  COMPARE_MESSAGES,
  messageResponse,
  REHEARSAL_LIMITS,
  REHEARSAL_MESSAGES,
  rehearsalDancerResponse,
  rehearsalListResponse,
  rehearsalResponse,
  rehearsalUploadFields,
  rowId,
  startRehearsalResponse,
  tagDancerRequest,
} from "@stepsync/contracts";
import type { AppContext } from "../../context.ts";
import { HttpError, parse } from "../../http/errors.ts";
import { currentUser, guard } from "../../http/guard.ts";
import { readMultipart } from "../../http/multipart.ts";
import { responds } from "../../http/responds.ts";
import { assertRoomForUpload } from "../../storage/disk-space.ts";
import { holdUploadSlot } from "../videos/in-flight.ts";
import { sendStoredFile } from "../videos/serve.ts";
import { type StoredVideo, storeUploadedVideo } from "../videos/upload.ts";
import {
  referenceVideoUrlOf,
  rehearsalVideoUrl,
  toDancerResult,
  toRehearsal,
  toRehearsalDancer,
  toRehearsalSummary,
} from "./serialize.ts";
import {
  canDelete,
  canTag,
  dancerResultOf,
  dancersOf,
  deleteRehearsal,
  groupRehearsals,
  mayStartRehearsals,
  memberNamesOf,
  referenceFacts,
  rehearsalsUploadedBy,
  type Seen,
  startRehearsal,
  tagDancer,
  visibleRehearsal,
} from "./service.ts";

const idParam = z.object({ id: rowId(REHEARSAL_MESSAGES.notFound) });
const dancerParams = z.object({
  id: rowId(REHEARSAL_MESSAGES.notFound),
  dancer_id: rowId(REHEARSAL_MESSAGES.dancerNotFound),
});

/**
 * Rehearsals (see contracts/rehearsals.ts): a group's rehearsal video analysed dancer by dancer.
 * Every /api/rehearsals/:id… route answers 404 to anyone but its uploader and its group's members.
 */
export function rehearsalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, storage } = ctx;

  /** The rehearsal as `viewer` sees it: names, whether they may name dancers or delete it. */
  async function rehearsalView(seen: Seen, viewer: { id: number }) {
    const { row } = seen;
    const tagging = canTag(seen);
    const [dancers, members, reference] = await Promise.all([
      dancersOf(db, row.id),
      tagging && row.groupId !== null ? memberNamesOf(db, row.groupId, "organiser") : Promise.resolve([]),
      row.referenceVideoId === null ? Promise.resolve(undefined) : referenceFacts(db, row.referenceVideoId),
    ]);
    const naming = seen.membership?.role ?? "member";
    return toRehearsal(row, {
      dancers,
      naming,
      canTag: tagging,
      canDelete: canDelete(seen, viewer),
      members,
      referenceThumbnail: !!reference?.thumbnailKey,
    });
  }

  /**
   * Starts a rehearsal: the group video stored (checked as it streams, as a comparison's upload),
   * then startRehearsal holds a credit in the transaction that creates it and queues the analysis.
   */
  app.post(
    "/api/rehearsals",
    { preHandler: guard(), ...responds(startRehearsalResponse, 202) },
    async (request, reply) => {
      const { user } = currentUser(request);
      // Refused before a byte is uploaded; startRehearsal decides again in its transaction.
      if (!mayStartRehearsals(user)) throw new HttpError(403, COMPARE_MESSAGES.confirmEmailFirst);
      if (user.credits < REHEARSAL_LIMITS.creditsPerDancer)
        throw new HttpError(402, REHEARSAL_MESSAGES.insufficientCredits);
      if (!request.isMultipart()) throw new HttpError(400, REHEARSAL_MESSAGES.noVideo);
      await assertRoomForUpload(ctx.config);
      await holdUploadSlot(ctx, request, reply);
      const fields: Record<string, string> = {};
      let upload: { stored: StoredVideo; originalName: string } | undefined;
      try {
        await readMultipart(request, fields, async (file) => {
          if (file.fieldname !== "group_video") {
            file.file.resume();
            return;
          }
          if (upload) throw new HttpError(400, "Only one group_video is allowed");
          const stored = await storeUploadedVideo(storage, file.file, user.id, "user", ctx.config.maxVideoBytes);
          upload = { stored, originalName: file.filename.slice(0, 255) };
        });
        if (!upload) throw new HttpError(400, REHEARSAL_MESSAGES.noVideo);
        const input = parse(rehearsalUploadFields, fields);
        const created = await startRehearsal(ctx, user, { upload, fields: input });
        return reply.status(202).send({ rehearsal_id: created.id });
      } catch (error) {
        if (upload) await storage.delete(upload.stored.key);
        throw error;
      }
    },
  );

  app.get("/api/rehearsals", { preHandler: guard(), ...responds(rehearsalListResponse) }, async (request) => {
    const rows = await rehearsalsUploadedBy(db, currentUser(request).user.id);
    return { rehearsals: rows.map(toRehearsalSummary) };
  });

  app.get(
    "/api/groups/:id/rehearsals",
    { preHandler: guard(), ...responds(rehearsalListResponse) },
    async (request) => {
      const { id } = parse(z.object({ id: rowId("Group not found") }), request.params);
      const rows = await groupRehearsals(db, id, currentUser(request).user);
      return { rehearsals: rows.map(toRehearsalSummary) };
    },
  );

  app.get("/api/rehearsals/:id", { preHandler: guard(), ...responds(rehearsalResponse) }, async (request) => {
    const { id } = parse(idParam, request.params);
    const viewer = currentUser(request).user;
    return { rehearsal: await rehearsalView(await visibleRehearsal(db, id, viewer), viewer) };
  });

  app.get("/api/rehearsals/:id/video", { preHandler: guard() }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    const { row } = await visibleRehearsal(db, id, currentUser(request).user);
    return sendStoredFile(request, reply, storage, { key: row.videoKey, mimeType: row.mimeType, isPublic: false });
  });

  app.get("/api/rehearsals/:id/thumbnail", { preHandler: guard() }, async (request, reply) => {
    const { id } = parse(idParam, request.params);
    const { row } = await visibleRehearsal(db, id, currentUser(request).user);
    if (!row.thumbnailKey) throw new HttpError(404, REHEARSAL_MESSAGES.notFound);
    return sendStoredFile(request, reply, storage, { key: row.thumbnailKey, mimeType: "image/jpeg", isPublic: false });
  });

  app.get(
    "/api/rehearsals/:id/dancers/:dancer_id",
    { preHandler: guard(), ...responds(rehearsalDancerResponse) },
    async (request) => {
      const { id, dancer_id } = parse(dancerParams, request.params);
      const seen = await visibleRehearsal(db, id, currentUser(request).user);
      const dancer = (await dancersOf(db, id)).find((d) => d.dancerId === dancer_id);
      if (!dancer || seen.row.status !== "completed") throw new HttpError(404, REHEARSAL_MESSAGES.dancerNotFound);
      const { row } = seen;
      return {
        dancer: toRehearsalDancer(dancer, seen.membership?.role ?? "member"),
        result: toDancerResult(row, dancer, await dancerResultOf(db, id, dancer_id)),
        reference: {
          id: row.referenceVideoId,
          title: row.referenceTitle,
          video_url: referenceVideoUrlOf(row),
        },
        video_url: rehearsalVideoUrl(row.id),
      };
    },
  );

  /** The organiser names a dancer as a member (or nobody); answers the rehearsal as they now see it. */
  app.put(
    "/api/rehearsals/:id/dancers/:dancer_id",
    { preHandler: guard(), ...responds(rehearsalResponse) },
    async (request) => {
      const { id, dancer_id } = parse(dancerParams, request.params);
      const viewer = currentUser(request).user;
      const { user_id } = parse(tagDancerRequest, request.body ?? {});
      await tagDancer(ctx, viewer, id, dancer_id, user_id);
      return { rehearsal: await rehearsalView(await visibleRehearsal(db, id, viewer), viewer) };
    },
  );

  app.delete("/api/rehearsals/:id", { preHandler: guard(), ...responds(messageResponse) }, async (request) => {
    const { id } = parse(idParam, request.params);
    const { refunded } = await deleteRehearsal(ctx, currentUser(request).user, id);
    return { message: refunded ? REHEARSAL_MESSAGES.deletedWhileRunning : REHEARSAL_MESSAGES.deleted };
  });
}
