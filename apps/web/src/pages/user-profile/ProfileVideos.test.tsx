import type { PublicProfile } from "@stepsync/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeVideo } from "../../test/library-fixtures";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

const videos = Array.from({ length: 13 }, (_, i) =>
  makeVideo({ id: 100 + i, title: `Routine ${13 - i}`, contributor_id: 5, contributor_name: "clara" }),
);

const profile: PublicProfile = {
  id: 5,
  username: "clara",
  full_name: null,
  bio: null,
  profile_image: null,
  role: "contributor",
  verified: false,
  social_links: {},
  videos_count: 13,
  total_views: 40,
  followers_count: 0,
  following_count: 0,
  is_following: false,
  is_own: false,
  friend_status: "none",
  friend_request_id: null,
  recent_videos: videos.slice(0, 12),
};

describe("profile Videos tab", () => {
  it("says 13, shows 12, and Load More brings the 13th", async () => {
    storeSession();
    const { calls } = mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/users/5/profile": { body: { profile } },
      "GET /api/reference-videos": {
        body: { videos: videos.slice(12), pagination: { page: 2, limit: 12, total: 13, has_more: false } },
      },
    });
    renderApp("/profile/5");
    const list = await screen.findByRole("list", { name: "Videos" });
    expect(within(list).getAllByRole("article")).toHaveLength(12);
    expect(screen.getByText("Showing 12 of 13")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Load More Videos" }));
    await waitFor(() => expect(within(list).getAllByRole("article")).toHaveLength(13));
    expect(within(list).getByRole("heading", { name: "Routine 1" })).toBeTruthy();
    const request = calls.find((c) => c.path === "/api/reference-videos");
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toMatchObject({
      contributor_id: "5",
      page: "2",
      limit: "12",
      sort_by: "recent",
    });
    // Everything is shown: no more Load More.
    expect(screen.queryByRole("button", { name: "Load More Videos" })).toBeNull();
  });

  it("has no Load More when every video is shown", async () => {
    storeSession();
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/users/5/profile": {
        body: { profile: { ...profile, videos_count: 2, recent_videos: videos.slice(0, 2) } },
      },
    });
    renderApp("/profile/5");
    const list = await screen.findByRole("list", { name: "Videos" });
    expect(within(list).getAllByRole("article")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Load More Videos" })).toBeNull();
  });
});
