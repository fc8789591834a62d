import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { users } from "../../db/schema.ts";
import { makeLibraryVideo } from "../../test/factories.ts";

/**
 * Visitors: they browse the library and profiles without a session, see approved videos
 * only, and every action (like, share, follow, befriend, comment) asks them to sign in.
 */

let t: TestApp;
let contributorId: number;
let approvedId: number;
let pendingId: number;

beforeAll(async () => {
  t = await startTestApp();
  const contributor = await t.signUp({ username: "Open Studio" });
  contributorId = contributor.user.id;
  await t.ctx.db.update(users).set({ role: "contributor" }).where(eq(users.id, contributorId));
  approvedId = (await makeLibraryVideo(t.ctx.db, { title: "Open Salsa", contributorId, status: "approved" })).id;
  pendingId = (await makeLibraryVideo(t.ctx.db, { title: "Draft Salsa", contributorId, status: "pending" })).id;
});
afterAll(() => t.close());

describe("a visitor", () => {
  it("lists the library: approved videos only, with nothing liked or followed", async () => {
    const res = await t.call("GET", "/api/reference-videos");
    expect(res.statusCode).toBe(200);
    const videos = res.json().videos as { title: string; is_liked: boolean; is_following: boolean }[];
    expect(videos.map((v) => v.title)).toEqual(["Open Salsa"]);
    expect(videos[0]).toMatchObject({ is_liked: false, is_following: false });
  });

  it("opens an approved video and its comments, but a pending one is not found", async () => {
    const open = await t.call("GET", `/api/reference-videos/${approvedId}`);
    expect(open.statusCode).toBe(200);
    expect(open.json().video).toMatchObject({ title: "Open Salsa", contributor_name: "Open Studio" });
    expect((await t.call("GET", `/api/reference-videos/${approvedId}/comments`)).statusCode).toBe(200);
    expect((await t.call("GET", `/api/reference-videos/${pendingId}`)).statusCode).toBe(404);
  });

  it("opens a profile with its approved videos and its follow lists", async () => {
    const res = await t.call("GET", `/api/users/${contributorId}/profile`);
    expect(res.statusCode).toBe(200);
    const profile = res.json().profile;
    expect(profile).toMatchObject({ username: "Open Studio", is_following: false, is_own: false });
    expect(profile.recent_videos.map((v: { title: string }) => v.title)).toEqual(["Open Salsa"]);
    expect((await t.call("GET", `/api/users/${contributorId}/followers`)).statusCode).toBe(200);
    expect((await t.call("GET", `/api/users/${contributorId}/following`)).statusCode).toBe(200);
    expect((await t.call("GET", "/api/users/987654/profile")).statusCode).toBe(404);
  });

  it.each([
    ["like", () => `/api/reference-videos/${approvedId}/like`, undefined],
    ["unlike", () => `/api/reference-videos/${approvedId}/unlike`, undefined],
    ["share", () => `/api/videos/${approvedId}/share`, { share_type: "public" }],
    ["follow", () => `/api/users/${contributorId}/follow`, undefined],
    ["unfollow", () => `/api/users/${contributorId}/unfollow`, undefined],
    ["send a friend request", () => "/api/friends/request", { user_id: contributorId }],
    ["comment", () => `/api/reference-videos/${approvedId}/comments`, { content: "Nice" }],
  ])("is asked to sign in (401) to %s", async (_action, url, body) => {
    const res = await t.call("POST", url(), { body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Authentication required" });
  });

  it("has changed nothing by asking", async () => {
    const video = (await t.call("GET", `/api/reference-videos/${approvedId}`)).json().video;
    expect(video).toMatchObject({ likes_count: 0, comments_count: 0 });
    expect((await t.call("GET", `/api/users/${contributorId}/profile`)).json().profile.followers_count).toBe(0);
  });
});
