import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { users } from "../../db/schema.ts";

/** Social links (a profile's `social_links`): saved from the own profile, shown on the public one. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function account() {
  const { token, user } = await t.signUp();
  const save = (social_links: unknown, extra: Record<string, unknown> = {}) =>
    t.call("PUT", "/api/profile", {
      token,
      body: { username: user.username, email: user.email, social_links, ...extra },
    });
  return { token, user, save };
}

describe("saving social links", () => {
  it("keeps the given https links (trimmed), drops blank ones, and shows them on the public profile to anyone", async () => {
    const { token, user, save } = await account();
    const res = await save({
      instagram: " https://www.instagram.com/maya.dances ",
      youtube: "https://youtu.be/abc123",
      tiktok: "",
      website: "https://maya.example/classes?from=stepsync",
    });
    expect(res.statusCode).toBe(200);
    const links = {
      instagram: "https://www.instagram.com/maya.dances",
      youtube: "https://youtu.be/abc123",
      website: "https://maya.example/classes?from=stepsync",
    };
    expect(res.json().profile.social_links).toEqual(links);
    expect((await t.call("GET", "/api/profile", { token })).json().profile.social_links).toEqual(links);
    // The public profile answers visitors (no session) as well as signed-in users.
    const visitor = await t.call("GET", `/api/users/${user.id}/profile`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().profile.social_links).toEqual(links);
  });

  it("leaves the links as they are when the form does not send them, and removes them all when sent blank", async () => {
    const { token, user, save } = await account();
    await save({ tiktok: "https://www.tiktok.com/@maya" });
    const untouched = await t.call("PUT", "/api/profile", {
      token,
      body: { username: user.username, email: user.email, bio: "New bio" },
    });
    expect(untouched.json().profile.social_links).toEqual({ tiktok: "https://www.tiktok.com/@maya" });
    const cleared = await save({ instagram: "", youtube: null, tiktok: "  ", website: "" });
    expect(cleared.json().profile.social_links).toEqual({});
  });

  it.each([
    [{ instagram: "http://instagram.com/maya" }, "Instagram link must be a full address starting with https://"],
    [{ website: "maya.example" }, "Website link must be a full address starting with https://"],
    [{ website: "javascript:alert(1)" }, "Website link must be a full address starting with https://"],
    [{ website: "https://localhost/x" }, "Website link must be a full address starting with https://"],
    [{ youtube: "https://vimeo.com/123" }, "YouTube link must be on youtube.com or youtu.be"],
    [{ instagram: "https://instagram.com.evil.example/maya" }, "Instagram link must be on instagram.com"],
    [{ tiktok: `https://tiktok.com/@${"a".repeat(500)}` }, "TikTok link must be at most 500 characters"],
    [{ myspace: "https://myspace.com/maya" }, "Only Instagram, YouTube, TikTok and Website links can be added"],
  ])("refuses a bad link with a clear message and saves nothing: %s", async (links, message) => {
    const { user, save } = await account();
    const res = await save(links);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.socialLinks).toEqual({});
  });

  it("never lets a visitor change anyone's links", async () => {
    const res = await t.call("PUT", "/api/profile", {
      body: { username: "x", email: "x@example.com", social_links: { website: "https://x.example" } },
    });
    expect(res.statusCode).toBe(401);
  });
});
