import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { openTestDatabase } from "../../test/database.ts";
import {
  creditBundles,
  emailSubscriptions,
  purchases,
  referenceVideos,
  sessions,
  trafficHourly,
  users,
} from "../../db/schema.ts";
import {
  makeComment,
  makeFollow,
  makeLibraryVideo,
  makeLike,
  makeNotification,
  makePurchase,
  makeUpload,
} from "../../test/factories.ts";
import { csvCell, toCsv } from "./csv.ts";

const outboxDir = path.join(os.tmpdir(), `stepsync-admin-test-${process.pid}`);
let t: TestApp;
let admin: { token: string; user: { id: number } };
let user: { token: string; user: { id: number } };
let contributor: { token: string; user: { id: number } };

async function setRole(id: number, role: "user" | "contributor" | "admin") {
  await t.ctx.db.update(users).set({ role }).where(eq(users.id, id));
}

beforeAll(async () => {
  t = await startTestApp({ outboxDir });
  admin = await t.signUp({ username: "Boss" });
  user = await t.signUp({ username: "Plain" });
  contributor = await t.signUp({ username: "Maker" });
  await setRole(admin.user.id, "admin");
  await setRole(contributor.user.id, "contributor");
});
afterAll(async () => {
  await t?.close();
});

describe("every /api/admin route", () => {
  it("is refused to visitors (401), users and contributors (403)", async () => {
    const adminRoutes = t.routes.filter((r) => r.url.startsWith("/api/admin") && r.method !== "HEAD");
    // The admin panel's calls plus review and client logs: a new route is picked up here by itself.
    expect(adminRoutes.length).toBeGreaterThanOrEqual(26);
    for (const route of adminRoutes) {
      const url = route.url.replace(/:\w+/g, "1");
      const body = route.method === "GET" || route.method === "DELETE" ? undefined : {};
      const visitor = await t.call(route.method, url, { body });
      expect(visitor.statusCode, `${route.method} ${route.url} as visitor`).toBe(401);
      for (const who of [user, contributor]) {
        const res = await t.call(route.method, url, { body, token: who.token });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(res.json()).toEqual({ error: "Admin access required" });
      }
    }
  });
});

describe("users", () => {
  it("lists with role filter and paging, changes roles, protects the last admin", async () => {
    const list = await t.call("GET", "/api/admin/users?role=contributor", { token: admin.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().users.map((u: { username: string }) => u.username)).toEqual(["Maker"]);
    expect(list.json().pagination).toMatchObject({ page: 1, limit: 20, total: 1 });

    const promote = await t.call("PUT", `/api/admin/users/${user.user.id}/role`, {
      token: admin.token,
      body: { role: "contributor" },
    });
    expect(promote.json()).toMatchObject({ message: "User role updated successfully", user: { role: "contributor" } });
    expect(
      (await t.call("PUT", `/api/admin/users/${user.user.id}/role`, { token: admin.token, body: { role: "boss" } }))
        .statusCode,
    ).toBe(400);
    await setRole(user.user.id, "user");

    const self = await t.call("PUT", `/api/admin/users/${admin.user.id}/role`, {
      token: admin.token,
      body: { role: "user" },
    });
    expect(self.statusCode).toBe(409);
    expect((await t.call("DELETE", `/api/admin/users/${admin.user.id}`, { token: admin.token })).statusCode).toBe(409);

    // Two admins: one may demote the other, never leaving none.
    const second = await t.signUp({ username: "Second" });
    await setRole(second.user.id, "admin");
    const demote = await t.call("PUT", `/api/admin/users/${admin.user.id}/role`, {
      token: second.token,
      body: { role: "user" },
    });
    expect(demote.statusCode).toBe(200);
    await setRole(admin.user.id, "admin");
    await t.ctx.db.delete(users).where(eq(users.id, second.user.id));
  });

  it("exports CSV with formulas defused", async () => {
    const evil = await t.signUp({ username: "=HYPERLINK(1)", email: `evil${Date.now()}@example.com` });
    // A full name with a comma, quotes, a line break and a leading formula character.
    await t.ctx.db
      .update(users)
      .set({ fullName: '@SUM(A1), "the boss"\nsecond line' })
      .where(eq(users.id, evil.user.id));
    const res = await t.call("GET", "/api/admin/export/users", { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="users_export.csv"');
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = res.body.split("\r\n");
    expect(lines[0]).toBe("ID,Username,Email,Full Name,Role,Credits,Verified,Created At");
    const [saved] = await t.ctx.db.select().from(users).where(eq(users.id, evil.user.id));
    // The cell is quoted (comma, quotes doubled, line break kept inside) and starts with an apostrophe.
    expect(res.body).toContain(
      `\r\n${evil.user.id},'=HYPERLINK(1),${evil.user.email},"'@SUM(A1), ""the boss""\nsecond line",user,` +
        `${saved?.credits},${saved?.verified},${saved?.createdAt.toISOString()}\r\n`,
    );
    await t.ctx.db.delete(users).where(eq(users.id, evil.user.id));
  });
});

describe("csv", () => {
  it("quotes per RFC 4180 and defuses =, +, -, @, tab, CR and ;", () => {
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    for (const bad of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
      expect(csvCell(bad).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell('=cmd|" /c calc"!A0')).toBe(`"'=cmd|"" /c calc""!A0"`);
    // Where ; separates cells: no cell of ours may split into a formula.
    expect(csvCell(";=cmd|' /c calc'!A0")).toBe(`"';=cmd|' /c calc'!A0"`);
    expect(csvCell("salsa;=HYPERLINK(1)")).toBe(`"salsa;=HYPERLINK(1)"`);
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(toCsv(["a", "b"], [[1, "x,y"]])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});

async function putFile(key: string) {
  await t.ctx.storage.put(key, Readable.from([Buffer.from("data")]));
  return key;
}

describe("deleting a user", () => {
  it("removes their rows and files, keeps purchases anonymised and recounts likes", async () => {
    const victim = await t.signUp({ username: "Leaving", email: "leaving@example.com" });
    const other = await t.signUp({ username: "Staying" });
    const db = t.ctx.db;
    const uploadKey = await putFile(`videos/victim-${Date.now()}.mp4`);
    await makeUpload(db, { ownerId: victim.user.id, storageKey: uploadKey });
    const refKey = await putFile(`library/victim-${Date.now()}.mp4`);
    const thumbKey = await putFile(`library/victim-${Date.now()}.jpg`);
    const own = await makeLibraryVideo(db, { contributorId: victim.user.id, videoKey: refKey, thumbnailKey: thumbKey });
    const theirs = await makeLibraryVideo(db, { contributorId: other.user.id });
    await makeLike(db, { userId: victim.user.id, videoId: theirs.id });
    await makeComment(db, { userId: victim.user.id, videoId: theirs.id });
    await makeComment(db, { userId: other.user.id, videoId: own.id });
    await makeFollow(db, { followerId: victim.user.id, followingId: other.user.id });
    await makeNotification(db, { userId: victim.user.id });
    const purchase = await makePurchase(db, { userId: victim.user.id, amountPaise: 9900, paymentStatus: "completed" });
    await t.call("POST", "/api/notifications/subscribe", {
      body: { email: "leaving@example.com", feature_name: "payment_processing" },
    });

    const res = await t.call("DELETE", `/api/admin/users/${victim.user.id}`, { token: admin.token });
    expect(res.json()).toEqual({ message: "User Leaving deleted successfully" });

    const id = victim.user.id;
    const leftovers = await db.execute(sql`
      select
        (select count(*)::int from sessions where user_id = ${id}) +
        (select count(*)::int from videos where owner_id = ${id}) +
        (select count(*)::int from reference_videos where contributor_id = ${id} or id = ${own.id}) +
        (select count(*)::int from video_likes where user_id = ${id}) +
        (select count(*)::int from video_comments where user_id = ${id} or video_id = ${own.id}) +
        (select count(*)::int from follows where follower_id = ${id} or following_id = ${id}) +
        (select count(*)::int from notifications where user_id = ${id}) +
        (select count(*)::int from credit_transactions where user_id = ${id}) +
        (select count(*)::int from email_subscriptions where lower(email) = 'leaving@example.com') as n`);
    expect(Number((leftovers as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
    const [kept] = await db.select().from(purchases).where(eq(purchases.id, purchase.id));
    expect(kept).toMatchObject({ userId: null, paymentStatus: "completed" });
    const [recount] = await db.select().from(referenceVideos).where(eq(referenceVideos.id, theirs.id));
    expect(recount!.likesCount).toBe(0);
    for (const key of [uploadKey, refKey, thumbKey]) expect(await t.ctx.storage.stat(key)).toBeUndefined();
    expect(await db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
  });
});

describe("videos, comments, notifications", () => {
  it("filters, features, deletes with files and exports", async () => {
    const db = t.ctx.db;
    const key = await putFile(`library/feat-${Date.now()}.mp4`);
    const v = await makeLibraryVideo(db, {
      contributorId: contributor.user.id,
      title: "+Salsa",
      category: "latin",
      videoKey: key,
      status: "approved",
    });
    const list = await t.call("GET", "/api/admin/videos?category=latin&status=approved", { token: admin.token });
    expect(list.json().videos.map((x: { id: number }) => x.id)).toContain(v.id);
    const feat = await t.call("PUT", `/api/admin/videos/${v.id}/feature`, {
      token: admin.token,
      body: { is_featured: true },
    });
    expect(feat.json().message).toBe("Video featured successfully");
    const featured = await t.call("GET", "/api/admin/videos?is_featured=true", { token: admin.token });
    expect(featured.json().videos.map((x: { id: number }) => x.id)).toEqual([v.id]);

    const csv = await t.call("GET", "/api/admin/export/videos", { token: admin.token });
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="videos_export.csv"');
    expect(csv.body).toContain(",'+Salsa,");

    await makeComment(db, { userId: user.user.id, videoId: v.id, content: "hey" });
    const comments = await t.call("GET", `/api/admin/comments?video_id=${v.id}`, { token: admin.token });
    expect(comments.json().comments).toMatchObject([{ content: "hey", username: "Plain", video_title: "+Salsa" }]);
    const del = await t.call("DELETE", `/api/admin/comments/${comments.json().comments[0].id}`, { token: admin.token });
    expect(del.json().message).toBe("Comment deleted successfully");

    await makeNotification(db, { userId: user.user.id, type: "follow", isRead: true });
    const notes = await t.call("GET", "/api/admin/notifications?type=follow&is_read=true", { token: admin.token });
    expect(notes.json().notifications).toHaveLength(1);
    const nd = await t.call("DELETE", `/api/admin/notifications/${notes.json().notifications[0].id}`, {
      token: admin.token,
    });
    expect(nd.json().message).toBe("Notification deleted successfully");

    const vd = await t.call("DELETE", `/api/admin/videos/${v.id}`, { token: admin.token });
    expect(vd.json().message).toBe('Video "+Salsa" deleted successfully');
    expect(await t.ctx.storage.stat(key)).toBeUndefined();
    expect((await t.call("DELETE", `/api/admin/videos/${v.id}`, { token: admin.token })).statusCode).toBe(404);
  });
});

describe("credit bundles", () => {
  it("creates, edits, validates, deletes an unsold bundle and deactivates a sold one", async () => {
    const bad = await t.call("POST", "/api/admin/credit-bundles", {
      token: admin.token,
      body: { name: " ", credits_amount: 10, price: 3 },
    });
    expect(bad.json()).toEqual({ error: "Name is required" });
    const badCredits = await t.call("POST", "/api/admin/credit-bundles", {
      token: admin.token,
      body: { name: "X", credits_amount: 1.5, price: 3 },
    });
    expect(badCredits.statusCode).toBe(400);
    const created = await t.call("POST", "/api/admin/credit-bundles", {
      token: admin.token,
      body: { name: "Trial", credits_amount: 10, price: 3.49 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().bundle).toMatchObject({ name: "Trial", price: 3.49, is_active: true, is_popular: false });
    const id = created.json().bundle.id;
    const [row] = await t.ctx.db.select().from(creditBundles).where(eq(creditBundles.id, id));
    expect(row!.pricePaise).toBe(349);
    const edited = await t.call("PUT", `/api/admin/credit-bundles/${id}`, {
      token: admin.token,
      body: { name: "Trial+", credits_amount: 12, price: 4, is_active: true, is_popular: true },
    });
    expect(edited.json()).toMatchObject({
      message: "Credit bundle updated successfully",
      bundle: { name: "Trial+", is_popular: true },
    });

    await makePurchase(t.ctx.db, { userId: user.user.id, bundleId: id });
    const soft = await t.call("DELETE", `/api/admin/credit-bundles/${id}`, { token: admin.token });
    expect(soft.json()).toMatchObject({ deactivated: true });
    const [after] = await t.ctx.db.select().from(creditBundles).where(eq(creditBundles.id, id));
    expect(after!.isActive).toBe(false);

    const unsold = await t.call("POST", "/api/admin/credit-bundles", {
      token: admin.token,
      body: { name: "Gone", credits_amount: 1, price: 1 },
    });
    const hard = await t.call("DELETE", `/api/admin/credit-bundles/${unsold.json().bundle.id}`, { token: admin.token });
    expect(hard.json()).toEqual({ message: "Credit bundle deleted successfully", deactivated: false });
  });
});

describe("email subscriptions", () => {
  it("lists, counts, unsubscribes once by link and reactivates on a new sign-up", async () => {
    const sub = (email: string, feature = "payment_processing") =>
      t.call("POST", "/api/notifications/subscribe", {
        body: { email, feature_name: feature, source_page: "coming_soon" },
      });
    await sub("one@example.com");
    await sub("two@example.com");
    await sub("one@example.com", "live_classes");
    const stats = await t.call("GET", "/api/admin/email-stats", { token: admin.token });
    expect(stats.json()).toEqual({
      total: 3,
      active: 3,
      feature_subscriptions: { payment_processing: 2, live_classes: 1 },
      notification_stats: { total_sent: 0 },
    });
    const list = await t.call("GET", "/api/admin/email-subscriptions?page=1&limit=100&feature_name=live_classes", {
      token: admin.token,
    });
    expect(list.json().subscriptions).toMatchObject([
      { email: "one@example.com", source_page: "coming_soon", subscription_status: "active" },
    ]);

    const rows = await t.ctx.db.select().from(emailSubscriptions);
    const one = rows.find((r) => r.email === "one@example.com" && r.featureName === "payment_processing")!;
    const two = rows.find((r) => r.email === "two@example.com")!;
    const unsub = (token: string) => t.call("POST", "/api/notifications/unsubscribe", { body: { token } });
    expect((await unsub(one.unsubscribeToken)).statusCode).toBe(200);
    expect((await unsub(one.unsubscribeToken)).json()).toEqual({
      error: "This unsubscribe link is invalid or has already been used.",
    });
    expect((await unsub("x".repeat(32))).statusCode).toBe(404);
    const after = await t.ctx.db.select().from(emailSubscriptions);
    expect(after.filter((r) => r.subscriptionStatus === "unsubscribed").map((r) => r.id)).toEqual([one.id]);
    expect(after.find((r) => r.id === two.id)!.subscriptionStatus).toBe("active");

    await sub("ONE@example.com");
    const [back] = await t.ctx.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.id, one.id));
    expect(back!.subscriptionStatus).toBe("active");

    const byAdmin = await t.call("PUT", `/api/admin/email-subscriptions/${two.id}/unsubscribe`, { token: admin.token });
    expect(byAdmin.json().subscription.subscription_status).toBe("unsubscribed");
    expect((await unsub(two.unsubscribeToken)).statusCode).toBe(404);
  });
});

describe("stats", () => {
  it("answer dashboard, system and realtime figures from real data", async () => {
    const dash = await t.call("GET", "/api/admin/stats", { token: admin.token });
    expect(dash.json().role_stats.admin).toBe(1);
    const sys = await t.call("GET", "/api/admin/system-stats", { token: admin.token });
    // One completed purchase of ₹99 (the deleted user's, kept anonymised).
    expect(sys.json()).toMatchObject({ total_purchases: 1, total_revenue: 99, currency: "INR" });
    const rt = await t.call("GET", "/api/admin/realtime-stats", { token: admin.token });
    expect(rt.json().active_users).toBeGreaterThanOrEqual(1);
    const traffic = await t.call("GET", "/api/admin/traffic-stats", { token: admin.token });
    const body = traffic.json();
    expect(body.database_stats.database_size_mb).toBeGreaterThan(0);
    expect(body.system_stats.memory_percent).toBeGreaterThan(0);
  });
});

describe("traffic metrics", () => {
  it("count a known burst exactly, per hour, across a restart", async () => {
    const database = await openTestDatabase();
    const first = await startTestApp({ outboxDir }, {}, database);
    first.app.get("/api/test/boom", async () => {
      throw new Error("boom");
    });
    for (let i = 0; i < 32; i++) await first.call("GET", "/api/health");
    for (let i = 0; i < 5; i++) expect((await first.call("GET", "/api/test/boom")).statusCode).toBe(500);
    await first.call("GET", "/assets/not-counted.js");
    await first.close();

    const second = await startTestApp({ outboxDir }, {}, database);
    const [row] = await second.ctx.db.select().from(trafficHourly);
    expect(row).toMatchObject({ requests: 37, errors: 5, videoUploads: 0, userLogins: 0 });
    const boss = await second.signUp({ username: "Metrics Boss" });
    await second.ctx.db.update(users).set({ role: "admin" }).where(eq(users.id, boss.user.id));
    const login = await second.call("POST", "/api/auth/login", {
      body: { email: boss.user.email, password: "secret123" },
    });
    expect(login.statusCode).toBe(200);
    const stats = (await second.call("GET", "/api/admin/traffic-stats", { token: boss.token })).json();
    // 37 + sign-up (register, then its login) + login; the stats call itself is counted when it has answered.
    expect(stats.application_stats.overview).toMatchObject({
      total_requests: 40,
      total_errors: 5,
      error_rate_percent: 12.5,
      active_users: 1,
    });
    const hours = Object.values(stats.application_stats.hourly_traffic) as {
      requests: number;
      errors: number;
      user_logins: number;
    }[];
    expect(hours.reduce((s, h) => s + h.requests, 0)).toBe(40);
    expect(hours.reduce((s, h) => s + h.user_logins, 0)).toBe(2);
    expect(stats.application_stats.overview.avg_response_time_ms).toBeGreaterThan(0);
    await second.close();
    await database.close();
  });

  it("/metrics is off without METRICS_TOKEN and bearer-protected with it", async () => {
    expect((await t.call("GET", "/metrics")).statusCode).toBe(404);
    const app = await startTestApp({ outboxDir }, { METRICS_TOKEN: "scrape-me-please" });
    expect((await app.call("GET", "/metrics")).statusCode).toBe(401);
    expect((await app.call("GET", "/metrics", { token: "wrong" })).statusCode).toBe(401);
    await app.call("GET", "/api/health");
    const ok = await app.call("GET", "/metrics", { token: "scrape-me-please" });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toMatch(/^text\/plain; version=0.0.4/);
    expect(ok.body).toContain('stepsync_http_requests_total{status_class="2xx"} 1');
    await app.close();
  });
});
