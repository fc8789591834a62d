import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  boardQuery,
  boardResponse,
  createGroupRequest,
  GROUP_MESSAGES,
  giveCreditsRequest,
  giveCreditsResponse,
  groupDetailResponse,
  groupResponse,
  groupsResponse,
  invitationsRequest,
  invitationsResponse,
  invitePreviewResponse,
  joinGroupRequest,
  messageResponse,
  nudgeRequest,
  nudgeResponse,
  routineUploadFields,
  routineUploadResponse,
  rowId,
  UPLOAD_MESSAGES,
  updateGroupRequest,
} from "@stepsync/contracts";
import type { AppContext } from "../../context.ts";
import { currentUser, guard } from "../../http/guard.ts";
import { HttpError, parse } from "../../http/errors.ts";
import { readMultipart } from "../../http/multipart.ts";
import { responds } from "../../http/responds.ts";
import { assertRoomForUpload } from "../../storage/disk-space.ts";
import { addGroupRoutineVideo } from "../library/service.ts";
import { holdUploadSlot } from "../videos/in-flight.ts";
import { type StoredVideo, storeUploadedVideo } from "../videos/upload.ts";
import { giveCredits } from "./credits.ts";
import { inviteByEmail } from "./invitations.ts";
import { remindMembers } from "./nudges.ts";
import { mayUploadRoutine } from "./policy.ts";
import {
  createGroup,
  deleteGroup,
  groupBoard,
  groupDetail,
  groupsOf,
  joinGroup,
  memberOf,
  previewInvite,
  setInviteLink,
  takeOut,
  updateGroup,
} from "./service.ts";

const groupParam = z.object({ id: rowId(GROUP_MESSAGES.notFound) });
const memberParams = z.object({
  id: rowId(GROUP_MESSAGES.notFound),
  user_id: rowId(GROUP_MESSAGES.memberNotFound),
});
const codeParam = z.object({ code: z.string().min(1).max(200) });

/**
 * Groups (contract: packages/contracts/src/groups.ts). Every route is signed in (401 otherwise);
 * every /api/groups/:id… route answers 404 to anyone not in the group, as for a missing one, and 403
 * to a member asking for what only the organiser does. State changes follow the cookie's origin rule
 * like every other (auth/request-auth.ts).
 */
export function groupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const signedIn = { preHandler: guard() };
  /** The group of a /api/groups/:id… request, once the user is known to be in it: a stranger's body or query is never read. */
  const groupOfRequest = async (request: FastifyRequest) => {
    const { id } = parse(groupParam, request.params);
    await memberOf(db, id, currentUser(request).user);
    return id;
  };

  app.post("/api/groups", { ...signedIn, ...responds(groupResponse, 201) }, async (request, reply) => {
    const input = parse(createGroupRequest, request.body);
    const group = await createGroup(ctx, currentUser(request).user, input);
    return reply.status(201).send({ group });
  });

  app.get("/api/groups", { ...signedIn, ...responds(groupsResponse) }, async (request) => ({
    groups: await groupsOf(db, currentUser(request).user),
  }));

  /**
   * A routine for a group only: stored and checked like any upload (type from the bytes, size while
   * streaming, ffprobe), analysed by the library's pose job, seen only by the organiser and their
   * groups' members. Then POST /api/groups (or PATCH) names it as the routine.
   */
  app.post(
    "/api/groups/routine-videos",
    { ...signedIn, ...responds(routineUploadResponse, 201) },
    async (request, reply) => {
      const { user } = currentUser(request);
      if (!mayUploadRoutine(user)) throw new HttpError(403, GROUP_MESSAGES.confirmEmailToUpload);
      if (!request.isMultipart()) throw new HttpError(400, UPLOAD_MESSAGES.selectVideo);
      await assertRoomForUpload(ctx.config);
      await holdUploadSlot(ctx, request, reply);
      const fields: Record<string, string> = {};
      let video: StoredVideo | undefined;
      try {
        await readMultipart(request, fields, async (file) => {
          if (file.fieldname === "video" && !video)
            video = await storeUploadedVideo(ctx.storage, file.file, user.id, "reference", ctx.config.maxVideoBytes);
          else file.file.resume();
        });
        if (!video) throw new HttpError(400, UPLOAD_MESSAGES.selectVideo);
        const input = parse(routineUploadFields, fields);
        const row = await addGroupRoutineVideo(ctx, user.id, input, video);
        return reply.status(201).send({
          video_id: row.id,
          title: row.title,
          pose_status: row.poseStatus,
          message: GROUP_MESSAGES.routineUploaded,
        });
      } catch (error) {
        if (video) await ctx.storage.delete(video.key);
        throw error;
      }
    },
  );

  app.get("/api/groups/invites/:code", { ...signedIn, ...responds(invitePreviewResponse) }, async (request) => {
    const { code } = parse(codeParam, request.params);
    return previewInvite(db, currentUser(request).user, code);
  });

  app.post("/api/groups/join", { ...signedIn, ...responds(groupResponse) }, async (request) => {
    const { invite_code } = parse(joinGroupRequest, request.body);
    return { group: await joinGroup(db, currentUser(request).user, invite_code) };
  });

  app.get("/api/groups/:id", { ...signedIn, ...responds(groupDetailResponse) }, async (request) => {
    const { id } = parse(groupParam, request.params);
    return groupDetail(ctx, currentUser(request).user, id);
  });

  app.patch("/api/groups/:id", { ...signedIn, ...responds(groupResponse) }, async (request) => {
    const id = await groupOfRequest(request);
    const input = parse(updateGroupRequest, request.body);
    return { group: await updateGroup(ctx, currentUser(request).user, id, input) };
  });

  app.delete("/api/groups/:id", { ...signedIn, ...responds(messageResponse) }, async (request) => {
    const { id } = parse(groupParam, request.params);
    await deleteGroup(db, currentUser(request).user, id);
    return { message: GROUP_MESSAGES.deleted };
  });

  app.post("/api/groups/:id/invite-link", { ...signedIn, ...responds(groupResponse) }, async (request) => {
    const { id } = parse(groupParam, request.params);
    return { group: await setInviteLink(db, currentUser(request).user, id, true) };
  });

  app.delete("/api/groups/:id/invite-link", { ...signedIn, ...responds(groupResponse) }, async (request) => {
    const { id } = parse(groupParam, request.params);
    return { group: await setInviteLink(db, currentUser(request).user, id, false) };
  });

  app.post("/api/groups/:id/invitations", { ...signedIn, ...responds(invitationsResponse) }, async (request) => {
    const id = await groupOfRequest(request);
    const { user } = currentUser(request);
    const { emails } = parse(invitationsRequest, request.body);
    const { sent, skipped } = await inviteByEmail(ctx, request.log, user, id, emails);
    return { sent, skipped, message: GROUP_MESSAGES.invitationsSent(sent) };
  });

  app.delete("/api/groups/:id/members/:user_id", { ...signedIn, ...responds(messageResponse) }, async (request) => {
    const { id, user_id } = parse(memberParams, request.params);
    const outcome = await takeOut(db, currentUser(request).user, id, user_id);
    return { message: outcome === "left" ? GROUP_MESSAGES.left : GROUP_MESSAGES.removed };
  });

  app.get("/api/groups/:id/board", { ...signedIn, ...responds(boardResponse) }, async (request) => {
    const id = await groupOfRequest(request);
    const { sort } = parse(boardQuery, request.query);
    return groupBoard(ctx, currentUser(request).user, id, sort);
  });

  app.post("/api/groups/:id/nudges", { ...signedIn, ...responds(nudgeResponse) }, async (request) => {
    const id = await groupOfRequest(request);
    const input = parse(nudgeRequest, request.body ?? {});
    return remindMembers(ctx, request.log, currentUser(request).user, id, input);
  });

  app.post("/api/groups/:id/credits", { ...signedIn, ...responds(giveCreditsResponse) }, async (request) => {
    const id = await groupOfRequest(request);
    const input = parse(giveCreditsRequest, request.body);
    return giveCredits(db, currentUser(request).user, id, input);
  });
}
