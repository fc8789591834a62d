import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  COMPARE_MESSAGES,
  LIBRARY_MESSAGES,
  MESSAGES,
  UPLOAD_MESSAGES,
  ownReferenceVideo,
  referenceVideo,
} from "@stepsync/contracts";
import { libraryVideoViews, notifications, referenceVideos, users } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison, makeLibraryVideo } from "../../test/factories.ts";
import { completeComparison } from "../comparisons/service.ts";
import { countLibraryView, pruneOldViews } from "./service.ts";
import { viewDay } from "./views.ts";
import { fakeVideo, fixtureVideo, hasFixtures, noPersonVideo, tempDir } from "../../test/videos.ts";
import { libraryVideoAnalysed, storedLibraryVideo } from "../../test/rows.ts";

let t: TestApp;
let base: string;
let dataDir: string;
let pattern: string;
let notVideo: string;
let png: string;
let admin: { token: string; id: number };
let contributor: { token: string; id: number };

const PNG_1PX = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000100ffff03000006000557bfabd40000000049454e44ae426082",
  "hex",
);

async function makeRole(role: "admin" | "contributor" | "user") {
  const { token, user } = await t.signUp();
  await t.database.db.update(users).set({ role }).where(eq(users.id, user.id));
  return { token, id: user.id };
}

beforeAll(async () => {
  dataDir = await tempDir();
  t = await startTestApp({ dataDir, uploadsDir: path.join(dataDir, "uploads"), maxVideoBytes: 3 * 1024 * 1024 });
  base = await t.listen();
  const dir = await tempDir();
  pattern = await noPersonVideo(dir);
  notVideo = await fakeVideo(dir);
  png = path.join(dir, "thumb.png");
  await writeFile(png, PNG_1PX);
  admin = await makeRole("admin");
  contributor = await makeRole("contributor");
}, 120_000);
afterAll(() => t.close());

type Parts = { video?: string | Blob; thumbnail?: string | Blob; fields?: Record<string, string> };

async function upload(token: string | undefined, parts: Parts) {
  const form = new FormData();
  for (const [k, v] of Object.entries(parts.fields ?? { title: "Basic steps" })) form.append(k, v);
  const blob = async (f: string | Blob) => (typeof f === "string" ? new Blob([await readFile(f)]) : f);
  if (parts.video) form.append("video", await blob(parts.video), "clip.mp4");
  if (parts.thumbnail) form.append("thumbnail", await blob(parts.thumbnail), "thumb.png");
  const res = await fetch(`${base}/api/reference-videos`, {
    method: "POST",
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const row = (id: number) => storedLibraryVideo(t.database.db, id);
const waitForPoses = (id: number, timeoutMs?: number) => libraryVideoAnalysed(t.database.db, id, timeoutMs);

/** An approved library video with its poses ready, stored directly (for list/like tests that need no real file). */
function seedVideo(values: Partial<typeof referenceVideos.$inferInsert> = {}) {
  return makeLibraryVideo(t.database.db, {
    contributorId: contributor.id,
    status: "approved",
    poseStatus: "ready",
    ...values,
  });
}

describe("POST /api/reference-videos: the upload rules and their messages", () => {
  it("refuses visitors (401) and plain users (403, saying contributors upload)", async () => {
    expect(await upload(undefined, { video: pattern })).toEqual({
      status: 401,
      body: { error: MESSAGES.authRequired },
    });
    const user = await t.signUp();
    expect(await upload(user.token, { video: pattern })).toEqual({
      status: 403,
      body: { error: LIBRARY_MESSAGES.contributorsOnly },
    });
  });

  it("needs a video file: 'Please select a video file.'", async () => {
    expect(await upload(contributor.token, {})).toEqual({ status: 400, body: { error: UPLOAD_MESSAGES.selectVideo } });
  });

  it("needs a non-empty title: 'Please enter a title.' and keeps nothing", async () => {
    for (const fields of [{}, { title: "   " }] as Record<string, string>[]) {
      const res = await upload(contributor.token, { video: pattern, fields });
      expect(res).toEqual({ status: 400, body: { error: UPLOAD_MESSAGES.enterTitle } });
    }
    const rows = await t.database.db
      .select()
      .from(referenceVideos)
      .where(eq(referenceVideos.contributorId, contributor.id));
    expect(rows).toEqual([]);
  });

  it("checks the type from the bytes, not the name", async () => {
    expect(await upload(contributor.token, { video: notVideo })).toEqual({
      status: 415,
      body: { error: UPLOAD_MESSAGES.invalidVideoType },
    });
  });

  it("refuses an oversized video while streaming, stating the configured limit", async () => {
    const big = new Blob([Buffer.concat([await readFile(pattern), Buffer.alloc(4 * 1024 * 1024)])]);
    expect(await upload(contributor.token, { video: big })).toEqual({
      status: 413,
      body: { error: "File too large. Maximum size is 3MB." },
    });
  });

  it("checks the thumbnail's type and size", async () => {
    expect(
      await upload(contributor.token, { video: pattern, thumbnail: new Blob(["not an image at all, just text"]) }),
    ).toEqual({
      status: 415,
      body: { error: UPLOAD_MESSAGES.invalidThumbnailType },
    });
    const huge = new Blob([PNG_1PX, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    expect(await upload(contributor.token, { video: pattern, thumbnail: huge })).toEqual({
      status: 413,
      body: { error: UPLOAD_MESSAGES.thumbnailTooLarge },
    });
  });

  it("rejects an unknown style or difficulty", async () => {
    const res = await upload(contributor.token, { video: pattern, fields: { title: "x", category: "polka" } });
    expect(res).toEqual({ status: 400, body: { error: LIBRARY_MESSAGES.unknownCategory } });
  });

  it("stores a valid upload as pending, with duration from the file, tags, defaults; the pose job makes its thumbnail", async () => {
    const res = await upload(contributor.token, {
      video: pattern,
      fields: { title: "  Pattern  ", description: "A test", tags: "Warm-up, basics,, basics ", duration: "999" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "pending", message: LIBRARY_MESSAGES.uploadReceived });
    const r = await row(res.body.video_id as number);
    expect(r).toMatchObject({
      title: "Pattern",
      category: "contemporary",
      difficulty: "beginner",
      tags: ["warm-up", "basics"],
      status: "pending",
      contributorId: contributor.id,
    });
    expect(r.durationS).toBeGreaterThan(1.5);
    expect(r.durationS).toBeLessThan(2.5);

    // A test pattern has no person: its poses fail, and an admin cannot approve it.
    const done = await waitForPoses(r.id);
    expect(done.poseStatus).toBe("failed");
    expect(done.poseError).toMatch(/No person/);
    // The request only stored the upload; the pose job took a frame for the thumbnail (even though
    // the poses failed).
    expect(done.thumbnailKey).toMatch(new RegExp(`^thumbnails/u${contributor.id}/`));
    const thumb = await fetch(`${base}/api/reference-videos/${r.id}/thumbnail`, {
      headers: { authorization: `Bearer ${contributor.token}` },
    });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await thumb.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const review = await t.call("PUT", `/api/admin/reference-videos/${r.id}/review`, {
      token: admin.token,
      body: { status: "approved" },
    });
    expect(review.statusCode).toBe(409);
    expect(review.json().error).toContain(LIBRARY_MESSAGES.cannotApproveNoPoses);
  }, 120_000);

  it("keeps a given thumbnail (PNG served as image/png)", async () => {
    const res = await upload(contributor.token, {
      video: pattern,
      thumbnail: png,
      fields: { title: "With thumb", category: "jazz" },
    });
    expect(res.status).toBe(201);
    const thumb = await fetch(`${base}/api/reference-videos/${res.body.video_id}/thumbnail`, {
      headers: { authorization: `Bearer ${contributor.token}` },
    });
    expect(thumb.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await thumb.arrayBuffer()).equals(PNG_1PX)).toBe(true);
    // The pose job leaves a given thumbnail alone.
    const before = (await row(res.body.video_id as number)).thumbnailKey;
    expect((await waitForPoses(res.body.video_id as number)).thumbnailKey).toBe(before);
  }, 120_000);
});

describe("review and visibility", () => {
  it("pending and rejected videos are invisible to others and unusable as references", async () => {
    const pending = await seedVideo({ status: "pending", title: "Hidden pending" });
    const rejected = await seedVideo({ status: "rejected", title: "Hidden rejected" });
    const other = await t.signUp();
    const list = (await t.call("GET", "/api/reference-videos?limit=50", { token: other.token })).json();
    const titles = list.videos.map((v: { title: string }) => v.title);
    expect(titles).not.toContain("Hidden pending");
    expect(titles).not.toContain("Hidden rejected");
    for (const v of [pending, rejected]) {
      expect((await t.call("GET", `/api/reference-videos/${v.id}`, { token: other.token })).statusCode).toBe(404);
      expect((await t.call("GET", `/api/reference-videos/${v.id}`)).statusCode).toBe(404);
      expect((await t.call("GET", `/api/reference-videos/${v.id}/file`, { token: other.token })).statusCode).toBe(404);
      expect((await t.call("POST", `/api/reference-videos/${v.id}/like`, { token: other.token })).statusCode).toBe(404);
      // The contributor still sees it.
      expect((await t.call("GET", `/api/reference-videos/${v.id}`, { token: contributor.token })).statusCode).toBe(200);
      const form = new FormData();
      form.append("reference_video_id", String(v.id));
      form.append("user_video", new Blob([await readFile(pattern)]), "me.mp4");
      const res = await fetch(`${base}/api/videos/compare`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: COMPARE_MESSAGES.referenceNotFound });
    }
  });

  it("an admin approves or rejects; the contributor is notified; only admins review", async () => {
    const v = await seedVideo({ status: "pending", title: "To review" });
    const user = await t.signUp();
    expect(
      (
        await t.call("PUT", `/api/admin/reference-videos/${v.id}/review`, {
          token: user.token,
          body: { status: "approved" },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.call("PUT", `/api/admin/reference-videos/${v.id}/review`, { body: { status: "approved" } })).statusCode,
    ).toBe(401);
    const queueRes = await t.call("GET", "/api/admin/reference-videos?status=pending", { token: admin.token });
    expect(queueRes.json().videos.map((x: { id: number }) => x.id)).toContain(v.id);
    const bad = await t.call("PUT", `/api/admin/reference-videos/${v.id}/review`, {
      token: admin.token,
      body: { status: "maybe" },
    });
    expect(bad.json()).toEqual({ error: LIBRARY_MESSAGES.reviewInvalidStatus });
    const ok = await t.call("PUT", `/api/admin/reference-videos/${v.id}/review`, {
      token: admin.token,
      body: { status: "approved" },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().video.status).toBe("approved");
    const listed = (await t.call("GET", "/api/reference-videos?search=to%20review", { token: user.token })).json();
    expect(listed.videos.map((x: { id: number }) => x.id)).toEqual([v.id]);

    const w = await seedVideo({ status: "pending", title: "Shaky" });
    await t.call("PUT", `/api/admin/reference-videos/${w.id}/review`, {
      token: admin.token,
      body: { status: "rejected", reason: "Too dark" },
    });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, contributor.id));
    expect(notes.map((n) => n.title)).toEqual(
      expect.arrayContaining([LIBRARY_MESSAGES.approvedTitle, LIBRARY_MESSAGES.rejectedTitle]),
    );
    expect(notes.find((n) => n.title === LIBRARY_MESSAGES.rejectedTitle)?.message).toContain("Too dark");
    const mine = (await t.call("GET", "/api/reference-videos/mine", { token: contributor.token })).json();
    expect(mine.videos.find((x: { id: number }) => x.id === w.id)).toMatchObject({
      status: "rejected",
      review_reason: "Too dark",
    });
  });

  it("the contributor edits and deletes own videos; others cannot", async () => {
    // Still in review: the edit applies at once (an approved video's edit waits: see "re-review" below).
    const v = await seedVideo({ title: "Editable", status: "pending" });
    const other = await t.signUp();
    expect(
      (await t.call("PUT", `/api/reference-videos/${v.id}`, { token: other.token, body: { title: "Mine now" } }))
        .statusCode,
    ).toBe(404);
    // Not theirs is "not found" before anything else: even a body that would not pass validation.
    expect(
      (await t.call("PUT", `/api/reference-videos/${v.id}`, { token: other.token, body: { title: "" } })).statusCode,
    ).toBe(404);
    const res = await t.call("PUT", `/api/reference-videos/${v.id}`, {
      token: contributor.token,
      body: { title: "Edited", tags: "a, b", difficulty: "advanced" },
    });
    expect(res.json().video).toMatchObject({ title: "Edited", tags: ["a", "b"], difficulty: "advanced" });
    expect((await t.call("DELETE", `/api/reference-videos/${v.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await t.call("DELETE", `/api/reference-videos/${v.id}`, { token: contributor.token })).statusCode).toBe(
      200,
    );
    expect((await t.call("GET", `/api/reference-videos/${v.id}`, { token: contributor.token })).statusCode).toBe(404);
  });
});

describe("review workflow: reasons, re-review of edits, featuring", () => {
  const reviewCall = (id: number, body: object) =>
    t.call("PUT", `/api/admin/reference-videos/${id}/review`, { token: admin.token, body });
  const notesOf = (userId: number) =>
    t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

  it("a rejection needs a reason: 400 with its text, and the video stays as it was", async () => {
    const v = await seedVideo({ status: "pending", title: "No reason" });
    for (const body of [{ status: "rejected" }, { status: "rejected", reason: "   " }]) {
      const res = await reviewCall(v.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: LIBRARY_MESSAGES.rejectReasonRequired });
    }
    expect((await row(v.id)).status).toBe("pending");
    const ok = await reviewCall(v.id, { status: "rejected", reason: "Camera too far" });
    expect(ok.json().video).toMatchObject({ status: "rejected", review_reason: "Camera too far" });
  });

  it("an edit of an approved video waits for review; the approved title stays live until approved", async () => {
    const v = await seedVideo({ title: "Live title", description: "Live words" });
    const learner = await t.signUp();
    const edited = await t.call("PUT", `/api/reference-videos/${v.id}`, {
      token: contributor.token,
      body: { title: "Unreviewed title", description: "Live words" },
    });
    expect(edited.statusCode).toBe(200);
    // Only what changed waits; the answer shows the live texts and the edit beside them.
    expect(edited.json().video).toMatchObject({
      title: "Live title",
      status: "approved",
      pending_edit: { title: "Unreviewed title" },
    });
    expect(edited.json().video.pending_edit).not.toHaveProperty("description");
    const live = async () =>
      (await t.call("GET", `/api/reference-videos/${v.id}`, { token: learner.token })).json().video.title;
    expect(await live()).toBe("Live title");
    const search = (await t.call("GET", "/api/reference-videos?search=Unreviewed", { token: learner.token })).json();
    expect(search.videos).toEqual([]);
    // It is in the admins' queue, with the edit to look at.
    const queue = (await t.call("GET", "/api/admin/reference-videos?status=pending", { token: admin.token })).json();
    expect(queue.videos.find((x: { id: number }) => x.id === v.id)).toMatchObject({
      title: "Live title",
      pending_edit: { title: "Unreviewed title" },
    });

    const approved = await reviewCall(v.id, { status: "approved" });
    expect(approved.json().video).toMatchObject({ title: "Unreviewed title", status: "approved", pending_edit: null });
    expect(await live()).toBe("Unreviewed title");
    expect((await notesOf(contributor.id)).map((n) => n.title)).toContain(LIBRARY_MESSAGES.editApprovedTitle);
    const after = (await t.call("GET", "/api/admin/reference-videos?status=pending", { token: admin.token })).json();
    expect(after.videos.map((x: { id: number }) => x.id)).not.toContain(v.id);
  });

  it("a rejected edit is dropped: the approved version stays, the contributor sees the reason", async () => {
    const v = await seedVideo({ title: "Keep me", isFeatured: true });
    await t.call("PUT", `/api/reference-videos/${v.id}`, { token: contributor.token, body: { title: "Clickbait!!" } });
    const res = await reviewCall(v.id, { status: "rejected", reason: "Misleading title" });
    expect(res.json().video).toMatchObject({
      title: "Keep me",
      status: "approved",
      is_featured: true,
      pending_edit: null,
      edit_review_reason: "Misleading title",
    });
    const mine = (await t.call("GET", "/api/reference-videos/mine", { token: contributor.token })).json();
    expect(mine.videos.find((x: { id: number }) => x.id === v.id)).toMatchObject({
      title: "Keep me",
      edit_review_reason: "Misleading title",
    });
    const note = (await notesOf(contributor.id)).find((n) => n.title === LIBRARY_MESSAGES.editRejectedTitle);
    expect(note?.message).toContain("Misleading title");
  });

  it("an admin's edit applies at once; a contributor's edit of a rejected video sends it back for review", async () => {
    const v = await seedVideo({ title: "Admin fixes" });
    const res = await t.call("PUT", `/api/reference-videos/${v.id}`, { token: admin.token, body: { title: "Fixed" } });
    expect(res.json().video).toMatchObject({ title: "Fixed", pending_edit: null });
    const r = await seedVideo({ title: "Too dark", status: "rejected", reviewReason: "Too dark" });
    const again = await t.call("PUT", `/api/reference-videos/${r.id}`, {
      token: contributor.token,
      body: { title: "Brighter" },
    });
    expect(again.json().video).toMatchObject({ title: "Brighter", status: "pending" });
  });

  it("only approved videos can be featured: 400 with its text; rejecting a featured video unfeatures it", async () => {
    const feature = (id: number, is_featured: boolean) =>
      t.call("PUT", `/api/admin/videos/${id}/feature`, { token: admin.token, body: { is_featured } });
    const rejected = await seedVideo({ status: "rejected", reviewReason: "No" });
    const refused = await feature(rejected.id, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: LIBRARY_MESSAGES.cannotFeatureUnapproved });
    expect((await row(rejected.id)).isFeatured).toBe(false);
    const pending = await seedVideo({ status: "pending" });
    expect((await feature(pending.id, true)).statusCode).toBe(400);
    expect((await feature(999_999, true)).statusCode).toBe(404);

    const approved = await seedVideo({ title: "Star" });
    expect((await feature(approved.id, true)).statusCode).toBe(200);
    await reviewCall(approved.id, { status: "rejected", reason: "Copyright claim" });
    expect((await row(approved.id)).isFeatured).toBe(false);
    // Unfeaturing is always allowed.
    expect((await feature(approved.id, false)).statusCode).toBe(200);
  });
});

describe("GET /api/reference-videos", () => {
  it("filters, searches (title, description, tags; any case), sorts and pages", async () => {
    const c2 = await makeRole("contributor");
    await t.database.db.update(users).set({ verified: true }).where(eq(users.id, c2.id));
    const tag = `zq${Date.now()}`;
    const a = await seedVideo({
      title: `${tag} Alpha`,
      category: "latin",
      difficulty: "advanced",
      views: 5,
      likesCount: 9,
    });
    const b = await seedVideo({
      title: "Beta",
      description: `about ${tag.toUpperCase()}`,
      category: "latin",
      views: 50,
      likesCount: 1,
    });
    const c = await seedVideo({ title: "Gamma", tags: [tag, "x"], category: "folk", views: 20, contributorId: c2.id });
    const ids = async (qs: string) =>
      (await t.call("GET", `/api/reference-videos?search=${tag}&${qs}`)).json().videos.map((v: { id: number }) => v.id);
    expect(await ids("")).toEqual([c.id, b.id, a.id]);
    expect(await ids("sort_by=popular")).toEqual([b.id, c.id, a.id]);
    expect(await ids("sort_by=likes")).toEqual([a.id, b.id, c.id]);
    expect(await ids("category=latin")).toEqual([b.id, a.id]);
    expect(await ids("difficulty=advanced")).toEqual([a.id]);
    expect(await ids("contributor_type=verified")).toEqual([c.id]);
    expect(await ids("category=&difficulty=")).toHaveLength(3);
    const page1 = (await t.call("GET", `/api/reference-videos?search=${tag}&limit=2`)).json();
    expect(page1.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2, has_more: true });
    const page2 = (await t.call("GET", `/api/reference-videos?search=${tag}&limit=2&page=2`)).json();
    expect(page2.pagination.has_more).toBe(false);
    expect(page2.videos).toHaveLength(1);
    const card = page1.videos[0];
    expect(card).toMatchObject({
      contributor_id: c2.id,
      contributor_verified: true,
      is_liked: false,
      is_following: false,
      file_path: `/api/reference-videos/${c.id}/file`,
    });
  });

  it("cards carry every field of the contract; only the contributor sees the review and pose state", async () => {
    const v = await seedVideo({ title: "Contract card", description: "All fields", thumbnailKey: "thumbnails/x.png" });
    const user = await t.signUp();
    const fieldsOf = (o: object) => Object.keys(o).sort();
    const listed = (await t.call("GET", "/api/reference-videos?search=Contract%20card", { token: user.token })).json();
    expect(fieldsOf(listed.videos[0])).toEqual(fieldsOf(referenceVideo.shape));
    expect(listed.videos[0]).toMatchObject({
      id: v.id,
      description: "All fields",
      thumbnail_path: `/api/reference-videos/${v.id}/thumbnail`,
      contributor_id: contributor.id,
    });
    const seen = (await t.call("GET", `/api/reference-videos/${v.id}`, { token: user.token })).json().video;
    expect(fieldsOf(seen)).toEqual(fieldsOf(referenceVideo.shape));
    const own = (await t.call("GET", `/api/reference-videos/${v.id}`, { token: contributor.token })).json().video;
    expect(fieldsOf(own)).toEqual(fieldsOf(ownReferenceVideo.shape));
    expect(own).toMatchObject({ status: "approved", pose_status: "ready", review_reason: null, pose_error: null });
  });

  it("counts a view once per viewer per day: opening again that day does not count, another viewer does", async () => {
    const v = await seedVideo({ title: "Viewed" });
    const user = await t.signUp();
    const other = await t.signUp();
    const open = (options: { token?: string; headers?: Record<string, string> } = {}) =>
      t.call("GET", `/api/reference-videos/${v.id}`, options);
    await open({ token: user.token });
    expect((await row(v.id)).views).toBe(1);
    await open({ token: user.token });
    expect((await row(v.id)).views).toBe(1);
    await open({ token: other.token });
    expect((await row(v.id)).views).toBe(2);
    // Visitors by their address: the same one twice counts once, however its browser calls itself
    // (a script rotating the User-Agent is still one visitor); another address counts again.
    const visit = (ip: string, agent: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/reference-videos/${v.id}`,
        remoteAddress: ip,
        headers: { "user-agent": agent },
      });
    await visit("203.0.113.7", "Visitor A");
    await visit("203.0.113.7", "Visitor A");
    for (let i = 0; i < 20; i++) await visit("203.0.113.7", `Rotating agent ${i}`);
    expect((await row(v.id)).views).toBe(3);
    await visit("203.0.113.8", "Visitor A");
    expect((await row(v.id)).views).toBe(4);
    // The contributor's own opens never count.
    await open({ token: contributor.token });
    expect((await row(v.id)).views).toBe(4);
    // The next day the same viewer counts again.
    const video = await row(v.id);
    const viewer = { id: user.user.id, role: "user" };
    await countLibraryView(t.database.db, video, viewer, { key: `u:${user.user.id}`, day: "2099-01-01" });
    expect((await row(v.id)).views).toBe(5);
    // The list reads the same count ("Most Viewed" sorts by it).
    const listed = (await t.call("GET", "/api/reference-videos?search=Viewed", { token: user.token })).json();
    expect(listed.videos.find((x: { id: number }) => x.id === v.id).views).toBe(5);
  });

  it("past days' view records are pruned; the count and today's once per viewer stay", async () => {
    const v = await seedVideo({ title: "Pruned views" });
    const user = await t.signUp();
    const viewer = { id: user.user.id, role: "user" };
    await countLibraryView(t.database.db, await row(v.id), viewer, { key: `u:${user.user.id}`, day: "2001-02-03" });
    await t.call("GET", `/api/reference-videos/${v.id}`, { token: user.token });
    expect((await row(v.id)).views).toBe(2);
    const days = async () =>
      (await t.database.db.select().from(libraryVideoViews).where(eq(libraryVideoViews.videoId, v.id)))
        .map((r) => r.day)
        .sort();
    expect(await days()).toEqual(["2001-02-03", viewDay()]);
    expect(await pruneOldViews(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await days()).toEqual([viewDay()]);
    // The count stays, and today's viewer still counts once.
    await t.call("GET", `/api/reference-videos/${v.id}`, { token: user.token });
    expect((await row(v.id)).views).toBe(2);
  });

  it("practising (playing the video file) counts a view, once per viewer per day", async () => {
    const key = `library/practise-${Date.now()}.mp4`;
    await t.ctx.storage.put(key, Readable.from([Buffer.from("0123456789")]));
    const v = await seedVideo({ title: "Practised", videoKey: key });
    const user = await t.signUp();
    const play = (range?: string) =>
      t.call("GET", `/api/reference-videos/${v.id}/file`, {
        token: user.token,
        headers: range ? { range } : {},
      });
    expect((await play()).statusCode).toBe(200);
    expect((await row(v.id)).views).toBe(1);
    // A player's further range requests, or practising again that day, do not count again.
    expect((await play("bytes=0-3")).statusCode).toBe(206);
    await play();
    expect((await row(v.id)).views).toBe(1);
    // Another viewer's player buffering mid-file is not a new playback; its first request is.
    const other = await t.signUp();
    const playAs = (range: string) =>
      t.call("GET", `/api/reference-videos/${v.id}/file`, { token: other.token, headers: { range } });
    expect((await playAs("bytes=5-")).statusCode).toBe(206);
    expect((await row(v.id)).views).toBe(1);
    expect((await playAs("bytes=0-")).statusCode).toBe(206);
    expect((await row(v.id)).views).toBe(2);
  });

  it("usage_count counts the comparisons completed against the video (once each)", async () => {
    const v = await seedVideo({ title: "Used" });
    const user = await t.signUp();
    const c = await makeComparison(t.database.db, { userId: user.user.id, referenceVideoId: v.id });
    expect(await completeComparison(t.database.db, c.id, { overall_score: 80 })).toBe(true);
    expect((await row(v.id)).usageCount).toBe(1);
    // Completing the same comparison again (a retried job) counts nothing more.
    expect(await completeComparison(t.database.db, c.id, { overall_score: 80 })).toBe(false);
    const other = await makeComparison(t.database.db, { userId: user.user.id, referenceVideoId: v.id });
    await completeComparison(t.database.db, other.id, { overall_score: 70 });
    const card = (await t.call("GET", "/api/reference-videos?search=Used", { token: user.token })).json().videos[0];
    expect(card).toMatchObject({ id: v.id, usage_count: 2 });
  });

  it("a profile's Videos tab pages through all of the contributor's videos: 13 counted, 12 shown, Load More the 13th", async () => {
    const c = await makeRole("contributor");
    const ids: number[] = [];
    for (let i = 0; i < 13; i += 1) {
      const made = await makeLibraryVideo(t.database.db, {
        contributorId: c.id,
        status: "approved",
        title: `Paged ${i}`,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
      });
      ids.push(made.id);
    }
    await makeLibraryVideo(t.database.db, { contributorId: c.id, status: "pending", title: "Not yet" });
    const profile = (await t.call("GET", `/api/users/${c.id}/profile`)).json().profile;
    expect(profile.videos_count).toBe(13);
    expect(profile.recent_videos).toHaveLength(12);
    const next = (
      await t.call("GET", `/api/reference-videos?contributor_id=${c.id}&sort_by=recent&page=2&limit=12`)
    ).json();
    expect(next.pagination).toMatchObject({ total: 13, has_more: false });
    const shown = [...profile.recent_videos, ...next.videos].map((x: { id: number }) => x.id);
    expect(shown).toEqual([...ids].reverse());
  });
});

describe("likes, shares and comments", () => {
  it("likes_count stays exact under repeated and concurrent likes and unlikes", async () => {
    const v = await seedVideo({ title: "Likeable" });
    const fans = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    await Promise.all(
      fans.flatMap((f) =>
        Array.from({ length: 4 }, () => t.call("POST", `/api/reference-videos/${v.id}/like`, { token: f.token })),
      ),
    );
    expect((await row(v.id)).likesCount).toBe(3);
    const [first] = fans;
    if (!first) throw new Error("no fan");
    const listed = (await t.call("GET", `/api/reference-videos?search=Likeable`, { token: first.token })).json();
    expect(listed.videos[0]).toMatchObject({ is_liked: true, likes_count: 3 });
    await Promise.all(
      Array.from({ length: 5 }, () => t.call("POST", `/api/reference-videos/${v.id}/unlike`, { token: first.token })),
    );
    expect((await row(v.id)).likesCount).toBe(2);
    const again = await t.call("POST", `/api/reference-videos/${v.id}/like`, { token: first.token });
    expect(again.json()).toEqual({ is_liked: true, likes_count: 3 });
    const likes = await t.database.db.select().from(notifications).where(eq(notifications.userId, contributor.id));
    expect(likes.filter((n) => n.type === "like" && n.message.includes("Likeable")).length).toBe(4);
  });

  it("shares answer a link; comments are listed, added and deleted by their author", async () => {
    const v = await seedVideo({ title: "Talked about" });
    const user = await t.signUp();
    const share = await t.call("POST", `/api/videos/${v.id}/share`, {
      token: user.token,
      body: { share_type: "public" },
    });
    expect(share.statusCode).toBe(200);
    expect(share.json().share_url).toMatch(new RegExp(`/library\\?video=${v.id}$`));
    expect(
      (
        await t.call("POST", `/api/reference-videos/${v.id}/comments`, { token: user.token, body: { content: "  " } })
      ).json(),
    ).toEqual({ error: "Please write a comment" });
    const added = await t.call("POST", `/api/reference-videos/${v.id}/comments`, {
      token: user.token,
      body: { content: "Great routine" },
    });
    expect(added.statusCode).toBe(201);
    const commentId = added.json().comment.id;
    const list = (await t.call("GET", `/api/reference-videos/${v.id}/comments`)).json();
    expect(list.comments).toMatchObject([{ content: "Great routine", user_id: user.user.id }]);
    const other = await t.signUp();
    await t.call("POST", `/api/reference-videos/${v.id}/comments`, { token: other.token, body: { content: "Same!" } });
    // Cards count the comments, in the list and for one video.
    const countOnCard = async () => {
      const listed = (await t.call("GET", "/api/reference-videos?search=Talked")).json().videos[0];
      const single = (await t.call("GET", `/api/reference-videos/${v.id}`)).json().video;
      return [listed.comments_count, single.comments_count];
    };
    expect(await countOnCard()).toEqual([2, 2]);
    expect((await t.call("DELETE", `/api/comments/${commentId}`, { token: other.token })).statusCode).toBe(404);
    expect((await t.call("DELETE", `/api/comments/${commentId}`, { token: user.token })).statusCode).toBe(200);
    expect(await countOnCard()).toEqual([1, 1]);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, contributor.id));
    expect(notes.some((n) => n.type === "comment" && n.message.includes("Talked about"))).toBe(true);
  });

  it("visitors are refused (401) on every library write", async () => {
    const v = await seedVideo({ title: "Visitor target" });
    const writes: Array<[string, string]> = [
      ["POST", `/api/reference-videos/${v.id}/like`],
      ["POST", `/api/reference-videos/${v.id}/unlike`],
      ["POST", `/api/videos/${v.id}/share`],
      ["POST", `/api/reference-videos/${v.id}/comments`],
      ["DELETE", "/api/comments/1"],
      ["PUT", `/api/reference-videos/${v.id}`],
      ["DELETE", `/api/reference-videos/${v.id}`],
      ["PUT", `/api/admin/reference-videos/${v.id}/review`],
      ["GET", "/api/reference-videos/mine"],
    ];
    for (const [method, url] of writes) {
      const res = await t.call(method, url, { body: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe.skipIf(!hasFixtures)("reference poses: computed once at upload, reused by comparisons", () => {
  it("a comparison against an approved library video uses the stored track instead of analysing it again", async () => {
    const res = await upload(contributor.token, {
      video: fixtureVideo("pose_1.mp4"),
      fields: { title: "Pose one", category: "ballet" },
    });
    expect(res.status).toBe(201);
    const id = res.body.video_id as number;
    const ready = await waitForPoses(id);
    expect(ready.poseStatus).toBe("ready");
    expect(ready.poseTrackKey).toBe(`poses/reference-${id}.json`);
    await t.call("PUT", `/api/admin/reference-videos/${id}/review`, {
      token: admin.token,
      body: { status: "approved" },
    });

    // A reference the comparison job analyses lands in the engine's pose cache; this one must not.
    const analysedReferences = () =>
      readdir(path.join(dataDir, "uploads", "pose-cache")).then(
        (f) => f.length,
        () => 0,
      );
    const cachedBefore = await analysedReferences();
    const user = await t.signUp();
    const form = new FormData();
    form.append("reference_video_id", String(id));
    form.append("activity_type", "ballet");
    form.append("user_video", new Blob([await readFile(fixtureVideo("pose_1.mp4"))]), "me.mp4");
    const started = await fetch(`${base}/api/videos/compare`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(started.status).toBe(202);
    const { comparison_id } = (await started.json()) as { comparison_id: number };
    const deadline = Date.now() + 180_000;
    let status = "processing";
    while (status === "processing" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      status = (await t.call("GET", `/api/comparisons/${comparison_id}`, { token: user.token })).json().comparison
        .status;
    }
    expect(status).toBe("completed");
    expect(await analysedReferences()).toBe(cachedBefore);
    expect((await row(id)).usageCount).toBe(1);
  }, 300_000);
});
