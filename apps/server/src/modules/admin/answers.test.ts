import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { emailSubscriptions, users } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComment, makeComparison, makeLibraryVideo, makeNotification, makePurchase } from "../../test/factories.ts";

/**
 * Admin answers go through their contracts schemas, which leave out any field they do not list. This
 * names, answer by answer, the fields the admin panel and the email-subscriptions screen read (and the
 * spec's entity lists): dropping one from a schema, or from what the server sends, fails here.
 */
const USER = ["id", "username", "email", "role", "created_at"];
const VIDEO = [
  "id",
  "title",
  "category",
  "difficulty",
  "thumbnail_path",
  "contributor_username",
  "views",
  "likes",
  "usage_count",
  "is_featured",
  "status",
  "pose_status",
  "pose_error",
];
const SUBSCRIPTION = ["id", "email", "feature_name", "source_page", "subscription_status", "created_at"];
const BUNDLE = ["id", "name", "description", "credits_amount", "price", "is_active", "is_popular", "purchases"];
const PAGER = ["page", "pages", "has_more"];
const ROLE_COUNTS = ["user", "contributor", "admin"];

/** Path to an object in the answer ("0": first item of a list, "*": first value of a map) → its fields read. */
type Reads = Record<string, string[]>;

const outboxDir = path.join(os.tmpdir(), `stepsync-admin-answers-${process.pid}`);
let t: TestApp;
let token: string;
const ids = { user: 0, video: 0, subscription: 0 };

beforeAll(async () => {
  t = await startTestApp({ outboxDir });
  const admin = await t.signUp({ username: "Answers Boss" });
  token = admin.token;
  await t.ctx.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
  const member = await t.signUp({ username: "Answers Member" });
  ids.user = member.user.id;
  const db = t.ctx.db;
  const video = await makeLibraryVideo(db, { contributorId: admin.user.id, status: "approved" }); // only approved videos can be featured
  ids.video = video.id;
  await makeComment(db, { userId: member.user.id, videoId: video.id });
  await makeNotification(db, { userId: member.user.id });
  await makeComparison(db, { userId: member.user.id, score: 80 });
  await makePurchase(db, { userId: member.user.id, paymentStatus: "completed" });
  await t.call("POST", "/api/notifications/subscribe", {
    body: { email: "answers@example.com", feature_name: "payment_processing", source_page: "coming_soon" },
  });
  const [sub] = await db.select().from(emailSubscriptions);
  ids.subscription = sub!.id;
});
afterAll(async () => {
  await t?.close();
});

function at(answer: unknown, where: string): unknown {
  let value = answer;
  for (const step of where === "" ? [] : where.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = step === "*" ? Object.values(value)[0] : (value as Record<string, unknown>)[step];
  }
  return value;
}

async function expectReads(method: string, url: string, reads: Reads, body?: unknown) {
  const res = await t.call(method, url, { token, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  const answer = res.json();
  for (const [where, fields] of Object.entries(reads)) {
    const part = at(answer, where);
    expect(part, `${method} ${url} → ${where || "answer"}`).toBeTypeOf("object");
    const missing = fields.filter((f) => !Object.hasOwn(part as object, f));
    expect(missing, `${method} ${url} → ${where || "answer"} lacks`).toEqual([]);
  }
}

describe("admin answers keep every field the web reads", () => {
  it("lists", async () => {
    await expectReads("GET", "/api/admin/users", { "users.0": USER, pagination: PAGER });
    await expectReads("GET", "/api/admin/videos", { "videos.0": VIDEO, pagination: PAGER });
    await expectReads("GET", "/api/admin/comments", {
      "comments.0": ["id", "username", "email", "video_id", "video_title", "content", "created_at"],
      pagination: PAGER,
    });
    await expectReads("GET", "/api/admin/notifications", {
      "notifications.0": ["id", "username", "email", "type", "title", "message", "is_read", "created_at"],
      pagination: PAGER,
    });
    await expectReads("GET", "/api/admin/credit-bundles", { "bundles.0": BUNDLE });
    await expectReads("GET", "/api/admin/email-subscriptions?page=1&limit=100", {
      "subscriptions.0": SUBSCRIPTION,
      pagination: PAGER,
    });
  });

  it("figures", async () => {
    await expectReads("GET", "/api/admin/traffic-stats", {
      "application_stats.overview": [
        "total_requests",
        "total_errors",
        "error_rate_percent",
        "active_users",
        "avg_response_time_ms",
      ],
      "application_stats.hourly_traffic.*": ["requests", "errors", "video_uploads", "user_logins"],
      database_stats: ["total_users", "total_videos", "total_comparisons", "database_size_mb"],
      system_stats: ["cpu_percent", "memory_percent", "disk_percent"],
    });
    await expectReads("GET", "/api/admin/realtime-stats", {
      "": ["active_users", "total_requests", "avg_response_time_ms", "error_rate_percent", "timestamp"],
    });
    await expectReads("GET", "/api/admin/stats", {
      "": ["total_users", "new_users_this_month"],
      role_stats: ROLE_COUNTS,
    });
    await expectReads("GET", "/api/admin/system-stats", {
      "": [
        "total_users",
        "new_users_30_days",
        "total_videos",
        "total_video_views",
        "total_comparisons",
        "average_comparison_score",
        "total_comments",
        "total_notifications",
        "total_purchases",
        "total_revenue",
      ],
      role_distribution: ROLE_COUNTS,
      video_categories: ["ballet"],
    });
    await expectReads("GET", "/api/admin/email-stats", {
      "": ["total", "active"],
      feature_subscriptions: ["payment_processing"],
      notification_stats: ["total_sent"],
    });
  });

  it("changes", async () => {
    await expectReads("PUT", `/api/admin/users/${ids.user}/role`, { "": ["message"], user: USER }, { role: "user" });
    await expectReads(
      "PUT",
      `/api/admin/videos/${ids.video}/feature`,
      { "": ["message"], video: VIDEO },
      { is_featured: true },
    );
    await expectReads("PUT", `/api/admin/email-subscriptions/${ids.subscription}/unsubscribe`, {
      "": ["message"],
      subscription: SUBSCRIPTION,
    });
    const form = { name: "Answer pack", credits_amount: 5, price: 2 };
    const created = await t.call("POST", "/api/admin/credit-bundles", { token, body: form });
    expect(created.statusCode).toBe(201);
    expect(Object.keys(created.json().bundle).sort()).toEqual([...BUNDLE].sort());
    const id = created.json().bundle.id;
    await expectReads("PUT", `/api/admin/credit-bundles/${id}`, { "": ["message"], bundle: BUNDLE }, form);
    await expectReads("DELETE", `/api/admin/credit-bundles/${id}`, { "": ["message", "deactivated"] });
  });
});
