import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SOCIAL_MESSAGES, publicProfile } from "@stepsync/contracts";
import { follows, notifications, users } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeLibraryVideo } from "../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("follow / unfollow", () => {
  it("is idempotent and exact under repeated and concurrent requests; not oneself", async () => {
    const star = await t.signUp();
    const fans = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    await Promise.all(
      fans.flatMap((f) =>
        Array.from({ length: 4 }, () => t.call("POST", `/api/users/${star.user.id}/follow`, { token: f.token })),
      ),
    );
    const rows = await t.database.db.select().from(follows).where(eq(follows.followingId, star.user.id));
    expect(rows).toHaveLength(3);
    const [fan] = fans;
    if (!fan) throw new Error("no fan");
    const profile = (await t.call("GET", `/api/users/${star.user.id}/profile`, { token: fan.token })).json().profile;
    expect(profile).toMatchObject({ followers_count: 3, following_count: 0, is_following: true });
    const res = await Promise.all(
      Array.from({ length: 3 }, () => t.call("POST", `/api/users/${star.user.id}/unfollow`, { token: fan.token })),
    );
    expect(res.map((r) => r.json())).toEqual(Array(3).fill({ is_following: false, followers_count: 2 }));
    expect((await t.call("POST", `/api/users/${star.user.id}/follow`, { token: fan.token })).json()).toEqual({
      is_following: true,
      followers_count: 3,
    });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, star.user.id));
    expect(notes.filter((n) => n.type === "follow")).toHaveLength(4);
    const self = await t.call("POST", `/api/users/${star.user.id}/follow`, { token: star.token });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: SOCIAL_MESSAGES.followSelf });
    expect((await t.call("POST", "/api/users/999999/follow", { token: star.token })).json()).toEqual({
      error: SOCIAL_MESSAGES.profileNotFound,
    });
  });
});

describe("public profile", () => {
  it("answers the spec's fields; followers and following lists; 404 'Profile not found'", async () => {
    const c = await t.signUp({ username: "Profiled" });
    await t.database.db
      .update(users)
      .set({
        role: "contributor",
        verified: true,
        bio: "Hi",
        fullName: "Pro Filed",
        socialLinks: { instagram: "https://instagram.com/p" },
      })
      .where(eq(users.id, c.user.id));
    const video = (values: Parameters<typeof makeLibraryVideo>[1]) =>
      makeLibraryVideo(t.database.db, { contributorId: c.user.id, ...values });
    await video({ title: "Live", status: "approved", views: 7 });
    await video({ title: "Live 2", status: "approved", views: 3 });
    await video({ title: "Waiting", status: "pending", views: 100 });
    const fan = await t.signUp({ username: "Fan of profiled" });
    await t.call("POST", `/api/users/${c.user.id}/follow`, { token: fan.token });
    await t.call("POST", `/api/users/${fan.user.id}/follow`, { token: c.token });
    const visitor = (await t.call("GET", `/api/users/${c.user.id}/profile`)).json().profile;
    expect(visitor).toMatchObject({
      username: "Profiled",
      full_name: "Pro Filed",
      bio: "Hi",
      verified: true,
      social_links: { instagram: "https://instagram.com/p" },
      videos_count: 2,
      total_views: 10,
      followers_count: 1,
      following_count: 1,
      is_following: false,
      is_own: false,
    });
    expect(Object.keys(visitor).sort()).toEqual(Object.keys(publicProfile.shape).sort());
    expect(visitor.recent_videos.map((v: { title: string }) => v.title).sort()).toEqual(["Live", "Live 2"]);
    const followers = (await t.call("GET", `/api/users/${c.user.id}/followers`)).json().followers;
    expect(followers).toMatchObject([
      { id: fan.user.id, username: "Fan of profiled", verified: false, profile_image: null },
    ]);
    expect(typeof followers[0].followed_at).toBe("string");
    const following = (await t.call("GET", `/api/users/${c.user.id}/following`)).json().following;
    expect(following.map((f: { id: number }) => f.id)).toEqual([fan.user.id]);
    const missing = await t.call("GET", "/api/users/999999/profile");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "Profile not found" });
    expect((await t.call("GET", "/api/users/abc/profile")).statusCode).toBe(400);
  });
});

describe("friend requests", () => {
  it("not to oneself, no duplicates in either direction, accept / decline by the receiver only", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const c = await t.signUp();
    const send = (from: { token: string }, to: number) =>
      t.call("POST", "/api/friends/request", { token: from.token, body: { user_id: to } });

    expect((await send(a, a.user.id)).json()).toEqual({ error: SOCIAL_MESSAGES.friendRequestSelf });
    expect((await send(a, 999999)).json()).toEqual({ error: SOCIAL_MESSAGES.userNotFound });
    const results = await Promise.all(Array.from({ length: 4 }, () => send(a, b.user.id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201))
      expect(r.json()).toEqual({ error: SOCIAL_MESSAGES.friendRequestExists });
    expect((await send(b, a.user.id)).json()).toEqual({ error: SOCIAL_MESSAGES.friendRequestIncoming });

    const bList = (await t.call("GET", "/api/friends", { token: b.token })).json();
    expect(bList.incoming).toHaveLength(1);
    expect(bList.incoming[0].user.id).toBe(a.user.id);
    const aList = (await t.call("GET", "/api/friends", { token: a.token })).json();
    expect(aList.outgoing.map((o: { user: { id: number } }) => o.user.id)).toEqual([b.user.id]);
    const requestId = bList.incoming[0].request_id;
    // Only the receiver answers.
    expect((await t.call("POST", `/api/friends/${requestId}/accept`, { token: a.token })).statusCode).toBe(404);
    expect((await t.call("POST", `/api/friends/${requestId}/accept`, { token: c.token })).statusCode).toBe(404);
    expect((await t.call("POST", `/api/friends/${requestId}/accept`, { token: b.token })).json()).toMatchObject({
      status: "accepted",
    });
    expect((await t.call("POST", `/api/friends/${requestId}/decline`, { token: b.token })).json()).toEqual({
      error: SOCIAL_MESSAGES.friendRequestNotFound,
    });
    expect((await send(a, b.user.id)).json()).toEqual({ error: SOCIAL_MESSAGES.alreadyFriends });
    expect((await send(b, a.user.id)).json()).toEqual({ error: SOCIAL_MESSAGES.alreadyFriends });
    const friends = (await t.call("GET", "/api/friends", { token: a.token })).json();
    expect(friends.friends.map((f: { id: number }) => f.id)).toEqual([b.user.id]);
    const profile = (await t.call("GET", `/api/users/${b.user.id}/profile`, { token: a.token })).json().profile;
    expect(profile.friend_status).toBe("friends");

    // Declined: the sender may ask again later.
    const r2 = (await send(c, a.user.id)).json();
    expect((await t.call("POST", `/api/friends/${r2.request_id}/decline`, { token: a.token })).json()).toMatchObject({
      status: "declined",
    });
    expect((await send(c, a.user.id)).statusCode).toBe(201);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, b.user.id));
    expect(notes.some((n) => n.title === SOCIAL_MESSAGES.friendRequestTitle)).toBe(true);
  });

  it("visitors are refused (401) on every social write", async () => {
    for (const [method, url] of [
      ["POST", "/api/users/1/follow"],
      ["POST", "/api/users/1/unfollow"],
      ["POST", "/api/friends/request"],
      ["GET", "/api/friends"],
      ["POST", "/api/friends/1/accept"],
      ["POST", "/api/friends/1/decline"],
    ] as const) {
      expect((await t.call(method, url, { body: {} })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
