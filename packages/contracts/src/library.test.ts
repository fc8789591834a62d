import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  followEntry,
  leaderboardEntry,
  type OwnReferenceVideo,
  publicProfile,
  type ReferenceVideo,
  referenceVideo,
  referenceVideoResponse,
} from "./index.ts";

const fields = (schema: z.ZodObject) => Object.keys(schema.shape);

/**
 * The answers are serialised through these schemas, so a field they lack never reaches the client.
 * The lists below are the spec's data section (part 2, "Data") word for word.
 */
describe("library, profile and leaderboard answers carry every field the spec names", () => {
  it.each([
    [
      "reference video",
      referenceVideo,
      "id, title, category, difficulty, description, tags, file_path, thumbnail_path, duration, views, likes_count, usage_count, is_liked, contributor_id, contributor_name, contributor_verified, is_following",
    ],
    [
      "user profile (public)",
      publicProfile,
      "username, full_name, bio, profile_image, verified, social_links, videos_count, total_views, followers_count, following_count, is_following, recent_videos",
    ],
    ["follower/following entry", followEntry, "id, username, profile_image, verified, followed_at"],
    [
      "leaderboard entry",
      leaderboardEntry,
      "user_id, username, profile_image, average_score, best_score, comparison_count",
    ],
  ])("%s", (_name, schema, specFields) => {
    expect(fields(schema)).toEqual(expect.arrayContaining(specFields.split(", ")));
  });

  it("a profile's recent videos are cards with the fields the spec lists for them", () => {
    const recent =
      "id, title, category, duration, thumbnail_path, views, likes_count, file_path, description, contributor_name";
    expect(fields(publicProfile.shape.recent_videos.element)).toEqual(expect.arrayContaining(recent.split(", ")));
  });
});

const card: ReferenceVideo = {
  id: 1,
  title: "Basic steps",
  description: null,
  category: "latin",
  difficulty: "beginner",
  tags: ["salsa"],
  duration: 42,
  views: 3,
  likes_count: 1,
  comments_count: 0,
  usage_count: 2,
  is_featured: false,
  created_at: "2026-01-02T03:04:05.000Z",
  contributor_id: 7,
  contributor_name: "clara",
  contributor_verified: true,
  contributor_profile_image: null,
  is_liked: false,
  is_following: true,
  file_path: "/api/reference-videos/1/file",
  thumbnail_path: null,
};

describe("GET /api/reference-videos/{id}: one schema for the contributor's card and everyone else's", () => {
  it("keeps the review and pose state of the contributor's own card", () => {
    const own: OwnReferenceVideo = {
      ...card,
      status: "rejected",
      review_reason: "Too dark",
      pose_status: "ready",
      pose_error: null,
      pending_edit: null,
      edit_review_reason: null,
    };
    expect(z.encode(referenceVideoResponse, { video: own })).toEqual({ video: own });
  });

  it("sends anyone else's card as it is", () => {
    expect(z.encode(referenceVideoResponse, { video: card })).toEqual({ video: card });
  });
});
