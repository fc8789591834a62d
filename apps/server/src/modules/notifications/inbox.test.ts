import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { LIBRARY_MESSAGES, NOTIFICATION_MESSAGES, SOCIAL_MESSAGES } from "@stepsync/contracts";
import { users } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeLibraryVideo, makeNotification } from "../../test/factories.ts";
import { startSmtpServer } from "../../test/smtp.ts";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, publicUrl: "http://stepsync.test" });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const inbox = (token: string, query = "") => t.call("GET", `/api/notifications${query}`, { token });

describe("GET /api/notifications", () => {
  it("lists only the user's own, newest first, paged, with the unread count", async () => {
    const me = await t.signUp();
    const other = await t.signUp();
    for (let i = 1; i <= 5; i++)
      await makeNotification(t.database.db, {
        userId: me.user.id,
        title: `Mine ${i}`,
        isRead: i === 1,
        createdAt: new Date(Date.UTC(2026, 0, i)),
      });
    await makeNotification(t.database.db, { userId: other.user.id, title: "Not mine" });

    const first = await inbox(me.token, "?limit=2");
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.notifications.map((n: { title: string }) => n.title)).toEqual(["Mine 5", "Mine 4"]);
    expect(body.unread_count).toBe(4);
    expect(body.pagination).toEqual({ page: 1, limit: 2, total: 5, pages: 3, has_more: true });
    expect(body.notifications[0]).toMatchObject({ type: "system", is_read: false, link: null });

    const last = (await inbox(me.token, "?limit=2&page=3")).json();
    expect(last.notifications.map((n: { title: string }) => n.title)).toEqual(["Mine 1"]);
    expect(last.notifications[0].is_read).toBe(true);
    expect(last.pagination.has_more).toBe(false);

    const theirs = (await inbox(other.token)).json();
    expect(theirs.notifications.map((n: { title: string }) => n.title)).toEqual(["Not mine"]);
  });

  it("needs a signed-in user", async () => {
    expect((await t.call("GET", "/api/notifications")).statusCode).toBe(401);
    expect((await t.call("GET", "/api/notifications/unread-count")).statusCode).toBe(401);
    expect((await t.call("POST", "/api/notifications/read-all")).statusCode).toBe(401);
  });
});

describe("marking read", () => {
  it("marks one read, then all; someone else's id is not found and stays unread", async () => {
    const me = await t.signUp();
    const other = await t.signUp();
    const a = await makeNotification(t.database.db, { userId: me.user.id });
    await makeNotification(t.database.db, { userId: me.user.id });
    await makeNotification(t.database.db, { userId: me.user.id });
    const theirs = await makeNotification(t.database.db, { userId: other.user.id });
    const count = async (token: string) =>
      (await t.call("GET", "/api/notifications/unread-count", { token })).json().unread_count;
    expect(await count(me.token)).toBe(3);

    const one = await t.call("POST", `/api/notifications/${a.id}/read`, { token: me.token });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ unread_count: 2 });
    const listed = (await inbox(me.token)).json().notifications;
    expect(listed.find((n: { id: number }) => n.id === a.id).is_read).toBe(true);

    const foreign = await t.call("POST", `/api/notifications/${theirs.id}/read`, { token: me.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: NOTIFICATION_MESSAGES.notFound });
    expect((await t.call("POST", "/api/notifications/999999/read", { token: me.token })).statusCode).toBe(404);
    expect(await count(other.token)).toBe(1);

    const all = await t.call("POST", "/api/notifications/read-all", { token: me.token });
    expect(all.json()).toEqual({ unread_count: 0 });
    expect(await count(me.token)).toBe(0);
    expect(await count(other.token)).toBe(1);
  });
});

describe("what creates notifications carries a link", () => {
  it("a follow tells the followed user, linking to the follower's profile", async () => {
    const a = await t.signUp({ username: "Asha Inbox" });
    const b = await t.signUp({ username: "Bela Inbox" });
    expect((await t.call("POST", `/api/users/${a.user.id}/follow`, { token: b.token })).statusCode).toBe(200);
    const body = (await inbox(a.token)).json();
    expect(body.unread_count).toBe(1);
    expect(body.notifications[0]).toMatchObject({
      type: "follow",
      title: SOCIAL_MESSAGES.newFollowerTitle,
      message: SOCIAL_MESSAGES.newFollower("Bela Inbox"),
      link: `/profile/${b.user.id}`,
      is_read: false,
    });
    expect((await inbox(b.token)).json().notifications).toEqual([]);
  });
});

describe("review outcomes by mail", () => {
  async function contributorAndAdmin() {
    const contributor = await t.signUp();
    const admin = await t.signUp();
    await t.database.db.update(users).set({ role: "contributor" }).where(eq(users.id, contributor.user.id));
    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
    return { contributor, admin };
  }
  const review = (token: string, id: number, body: object) =>
    t.call("PUT", `/api/admin/reference-videos/${id}/review`, { token, body });

  it("mails the outcome with a link that turns these mails off; after it, no more mails (the inbox still has them)", async () => {
    const { contributor, admin } = await contributorAndAdmin();
    const email = contributor.user.email.toLowerCase();
    const first = await makeLibraryVideo(t.database.db, {
      contributorId: contributor.user.id,
      status: "pending",
      title: "Mail me",
    });
    expect((await review(admin.token, first.id, { status: "approved" })).statusCode).toBe(200);

    const mail = await smtp.waitFor(email, /Mail me/);
    expect(mail.raw).toMatch(new RegExp(`Subject: ${LIBRARY_MESSAGES.approvedTitle}`));
    expect(mail.text).toContain(LIBRARY_MESSAGES.approvedMessage("Mail me"));
    expect(mail.text).toContain("http://stepsync.test/contributor");
    expect(mail.text).toContain("To stop emails about reviews of your videos");
    const match = mail.text.match(
      /http:\/\/stepsync\.test\/notifications\/unsubscribe\?kind=review_outcome&token=([\w%-]+)/,
    );
    expect(match).not.toBeNull();
    const token = decodeURIComponent(match![1]!);

    // The in-app notification links to the contributor's uploads.
    const notes = (await inbox(contributor.token)).json().notifications;
    expect(notes[0]).toMatchObject({ title: LIBRARY_MESSAGES.approvedTitle, link: "/contributor" });

    expect((await t.call("GET", "/api/notifications/mail-settings", { token: contributor.token })).json()).toEqual({
      review_outcome: true,
      group_reminder: true,
    });
    const bad = await t.call("POST", "/api/notifications/mail-unsubscribe", {
      body: { token: "not-a-real-token-at-all", kind: "review_outcome" },
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ error: NOTIFICATION_MESSAGES.unsubscribeInvalid });
    const off = await t.call("POST", "/api/notifications/mail-unsubscribe", {
      body: { token, kind: "review_outcome" },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ success: true, message: NOTIFICATION_MESSAGES.reviewMailsOff });
    expect((await t.call("GET", "/api/notifications/mail-settings", { token: contributor.token })).json()).toEqual({
      // The other kind stays as it was.
      review_outcome: false,
      group_reminder: true,
    });

    const second = await makeLibraryVideo(t.database.db, {
      contributorId: contributor.user.id,
      status: "pending",
      title: "Quiet now",
    });
    expect((await review(admin.token, second.id, { status: "rejected", reason: "Too dark" })).statusCode).toBe(200);
    // A third review turns mails back on (the setting) and is mailed: so the quiet one was really skipped.
    const put = await t.call("PUT", "/api/notifications/mail-settings", {
      token: contributor.token,
      body: { review_outcome: true },
    });
    expect(put.json()).toEqual({ review_outcome: true, group_reminder: true });
    const third = await makeLibraryVideo(t.database.db, {
      contributorId: contributor.user.id,
      status: "pending",
      title: "Loud again",
    });
    expect((await review(admin.token, third.id, { status: "approved" })).statusCode).toBe(200);
    await smtp.waitFor(email, /Loud again/);
    // (Mails are queued in order: the quiet review's would have come before this one.)
    expect(smtp.inbox.filter((m) => m.to.includes(email) && /Quiet now/.test(m.text))).toEqual([]);
    const titles = (await inbox(contributor.token)).json().notifications.map((n: { message: string }) => n.message);
    expect(titles.some((m: string) => m.includes("Quiet now"))).toBe(true);
  });
});
