import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  SOCIAL_MESSAGES,
  followResponse,
  followersResponse,
  followingResponse,
  friendAnswerResponse,
  friendRequestResponse,
  friendsListResponse,
  publicProfileResponse,
  rowId,
} from "@stepsync/contracts";
import { parse } from "../../http/errors.ts";
import { responds } from "../../http/responds.ts";
import { currentUser, guard } from "../../http/guard.ts";
import type { AppContext } from "../../context.ts";
import {
  acceptFriendship,
  declineFriendship,
  follow,
  followList,
  friendsOf,
  publicProfile,
  requestFriendship,
  unfollow,
} from "./service.ts";

const userParam = z.object({ id: rowId(SOCIAL_MESSAGES.profileNotFound) });
const requestParam = z.object({ requestId: rowId(SOCIAL_MESSAGES.friendRequestNotFound) });
const friendBody = z.object({ user_id: rowId(SOCIAL_MESSAGES.userNotFound) });

export function socialRoutes(app: FastifyInstance, { db }: AppContext): void {
  // Follow ----------------------------------------------------------------------------------------

  /** Idempotent; counts come from the follow rows, so they are exact. */
  app.post("/api/users/:id/follow", { preHandler: guard(), ...responds(followResponse) }, async (request) => {
    const { id } = parse(userParam, request.params);
    return { is_following: true, followers_count: await follow(db, currentUser(request).user, id) };
  });

  app.post("/api/users/:id/unfollow", { preHandler: guard(), ...responds(followResponse) }, async (request) => {
    const { id } = parse(userParam, request.params);
    return { is_following: false, followers_count: await unfollow(db, currentUser(request).user, id) };
  });

  // Public profile --------------------------------------------------------------------------------

  app.get("/api/users/:id/profile", responds(publicProfileResponse), async (request) => {
    const { id } = parse(userParam, request.params);
    return { profile: await publicProfile(db, id, request.auth?.user) };
  });

  app.get("/api/users/:id/followers", responds(followersResponse), async (request) => {
    const { id } = parse(userParam, request.params);
    return { followers: await followList(db, id, "followers") };
  });

  app.get("/api/users/:id/following", responds(followingResponse), async (request) => {
    const { id } = parse(userParam, request.params);
    return { following: await followList(db, id, "following") };
  });

  // Friends ---------------------------------------------------------------------------------------

  app.post(
    "/api/friends/request",
    { preHandler: guard(), ...responds(friendRequestResponse, 201) },
    async (request, reply) => {
      const { user_id } = parse(friendBody, request.body);
      const created = await requestFriendship(db, currentUser(request).user, user_id);
      return reply
        .status(201)
        .send({ request_id: created.id, status: "pending", message: SOCIAL_MESSAGES.friendRequestSent });
    },
  );

  app.get("/api/friends", { preHandler: guard(), ...responds(friendsListResponse) }, async (request) => {
    return friendsOf(db, currentUser(request).user.id);
  });

  app.post(
    "/api/friends/:requestId/accept",
    { preHandler: guard(), ...responds(friendAnswerResponse) },
    async (request) => {
      const { requestId } = parse(requestParam, request.params);
      const row = await acceptFriendship(db, currentUser(request).user, requestId);
      return { request_id: row.id, status: "accepted" };
    },
  );

  app.post(
    "/api/friends/:requestId/decline",
    { preHandler: guard(), ...responds(friendAnswerResponse) },
    async (request) => {
      const { requestId } = parse(requestParam, request.params);
      const row = await declineFriendship(db, currentUser(request).user, requestId);
      return { request_id: row.id, status: "declined" };
    },
  );
}
