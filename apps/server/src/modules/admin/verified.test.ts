import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { users } from "../../db/schema.ts";
import { makeLibraryVideo } from "../../test/factories.ts";

/** PUT /api/admin/users/{id}/verified: the Verified mark and the library's Verified filter. */

let t: TestApp;
let admin: { token: string; user: { id: number } };
let user: { token: string; user: { id: number } };
let contributor: { token: string; user: { id: number; username: string } };
let videoId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signUp({ username: "Verifier" });
  user = await t.signUp({ username: "Onlooker" });
  contributor = await t.signUp({ username: "Teacher" });
  await t.ctx.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
  await t.ctx.db.update(users).set({ role: "contributor" }).where(eq(users.id, contributor.user.id));
  const video = await makeLibraryVideo(t.ctx.db, {
    title: "Verified Waltz",
    contributorId: contributor.user.id,
    status: "approved",
  });
  videoId = video.id;
});
afterAll(async () => {
  await t?.close();
});

const verify = (id: number, body: unknown, token?: string) =>
  t.call("PUT", `/api/admin/users/${id}/verified`, { body, token });

async function verifiedListing(token?: string): Promise<string[]> {
  const res = await t.call("GET", "/api/reference-videos?contributor_type=verified", { token });
  expect(res.statusCode).toBe(200);
  return res.json().videos.map((v: { title: string }) => v.title);
}

describe("verifying a contributor", () => {
  it("is for admins only: visitors 401, users and the contributor themselves 403", async () => {
    expect((await verify(contributor.user.id, { verified: true })).statusCode).toBe(401);
    for (const who of [user, contributor]) {
      const res = await verify(contributor.user.id, { verified: true }, who.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "Admin access required" });
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, contributor.user.id));
    expect(row?.verified).toBe(false);
  });

  it("answers 404 for an unknown user and 400 for a body that is not true or false", async () => {
    const unknown = await verify(987_654, { verified: true }, admin.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "User not found" });
    const bad = await verify(contributor.user.id, { verified: "yes" }, admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Verified must be true or false" });
  });

  it("puts the mark on cards and the profile and the video in the Verified filter, and takes it away again", async () => {
    expect(await verifiedListing()).not.toContain("Verified Waltz");

    const on = await verify(contributor.user.id, { verified: true }, admin.token);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      message: "Teacher is now verified",
      user: { id: contributor.user.id, verified: true, role: "contributor" },
    });

    // The library's Verified filter, for visitors and signed-in users alike.
    expect(await verifiedListing()).toEqual(["Verified Waltz"]);
    expect(await verifiedListing(user.token)).toEqual(["Verified Waltz"]);
    const card = (await t.call("GET", `/api/reference-videos/${videoId}`)).json().video;
    expect(card.contributor_verified).toBe(true);
    const profile = (await t.call("GET", `/api/users/${contributor.user.id}/profile`)).json().profile;
    expect(profile.verified).toBe(true);
    // Their own profile says so too, and User Management lists it.
    expect((await t.call("GET", "/api/profile", { token: contributor.token })).json().profile.verified).toBe(true);
    const listed = (await t.call("GET", "/api/admin/users?role=contributor", { token: admin.token })).json().users;
    expect(listed).toEqual([expect.objectContaining({ id: contributor.user.id, verified: true })]);

    const off = await verify(contributor.user.id, { verified: false }, admin.token);
    expect(off.json()).toMatchObject({ message: "Teacher is no longer verified", user: { verified: false } });
    expect(await verifiedListing()).toEqual([]);
    expect((await t.call("GET", `/api/users/${contributor.user.id}/profile`)).json().profile.verified).toBe(false);
  });
});
