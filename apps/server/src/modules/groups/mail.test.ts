/**
 * What groups mail, through the app's mail queue to a real SMTP server on loopback: invitations
 * (capped per organiser and per address) and the organiser's reminders (a notification and a mail,
 * at most GROUP_LIMITS.remindersPerMemberPerWeek a week, turned off by the mail's own link).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUP_LIMITS, GROUP_MESSAGES, type Group, NOTIFICATION_MESSAGES } from "@stepsync/contracts";
import { groupInvitations, groupReminders, users } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison, makeLibraryVideo } from "../../test/factories.ts";
import { startSmtpServer } from "../../test/smtp.ts";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ smtpUrl: smtp.url, publicUrl: "http://stepsync.test" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Account = Awaited<ReturnType<TestApp["signUp"]>>;

async function account(fullName: string, confirmed = true): Promise<Account> {
  const signed = await t.signUp({ confirmed });
  await t.ctx.db.update(users).set({ fullName }).where(eq(users.id, signed.user.id));
  return signed;
}

async function groupWith(organiser: Account, members: Account[], body: Record<string, unknown> = {}) {
  const video = await makeLibraryVideo(t.ctx.db, { status: "approved" });
  const res = await t.call("POST", "/api/groups", {
    token: organiser.token,
    body: { name: "Priya & Arjun's sangeet", reference_video_id: video.id, ...body },
  });
  const group = res.json().group as Group;
  for (const m of members)
    await t.call("POST", "/api/groups/join", { token: m.token, body: { invite_code: group.invite_code } });
  return { group, videoId: video.id };
}

const invite = (token: string, groupId: number, emails: string[]) =>
  t.call("POST", `/api/groups/${groupId}/invitations`, { token, body: { emails } });
const nudge = (token: string, groupId: number, body: Record<string, unknown>) =>
  t.call("POST", `/api/groups/${groupId}/nudges`, { token, body });

describe("invitations by e-mail", () => {
  it("mails the invite link, who invites and that joining needs an account", async () => {
    const organiser = await account("Asha Rao");
    const { group } = await groupWith(organiser, []);
    const res = await invite(organiser.token, group.id, [
      "Guest.One@example.com",
      "guest.one@example.com",
      "g2@example.com",
    ]);
    expect(res.json()).toEqual({ sent: 2, skipped: [], message: GROUP_MESSAGES.invitationsSent(2) });
    const mail = await smtp.waitFor("guest.one@example.com");
    expect(mail.raw).toMatch(/Subject: Asha invited you to Priya & Arjun's sangeet on StepSync/);
    expect(mail.text).toContain(`http://stepsync.test/groups/join/${group.invite_code}`);
    expect(mail.text).toContain("Joining needs a StepSync account");
    await smtp.waitFor("g2@example.com");
  });

  it("an address gets at most 3 invitations a day, from anyone: the rest are left out and named", async () => {
    const address = `popular-${Date.now()}@example.com`;
    for (let i = 0; i < GROUP_LIMITS.invitationsPerAddressPerDay; i++) {
      const organiser = await account(`Organiser ${i}`);
      const { group } = await groupWith(organiser, []);
      expect((await invite(organiser.token, group.id, [address])).json().sent).toBe(1);
    }
    const organiser = await account("Late Comer");
    const { group } = await groupWith(organiser, []);
    const res = await invite(organiser.token, group.id, [address, "fresh@example.com"]);
    expect(res.json()).toEqual({ sent: 1, skipped: [address], message: GROUP_MESSAGES.invitationsSent(1) });
  });

  it("an organiser sends at most 60 a day (429 for a request past it, nothing sent); an ended link mails nothing (409)", async () => {
    const organiser = await account("Busy Bee");
    const { group } = await groupWith(organiser, []);
    // 58 sent earlier today (rows as the app keeps them; not mailed again here).
    await t.ctx.db.insert(groupInvitations).values(
      Array.from({ length: GROUP_LIMITS.invitationsPerOrganiserPerDay - 2 }, (_, i) => ({
        groupId: group.id,
        invitedBy: organiser.user.id,
        email: `earlier-${i}-${group.id}@example.com`,
      })),
    );
    const over = await invite(organiser.token, group.id, ["one@example.com", "two@example.com", "three@example.com"]);
    expect({ status: over.statusCode, body: over.json() }).toEqual({
      status: 429,
      body: { error: GROUP_MESSAGES.invitationsLimit },
    });
    expect((await invite(organiser.token, group.id, ["one@example.com", "two@example.com"])).json().sent).toBe(2);
    expect((await invite(organiser.token, group.id, ["three@example.com"])).statusCode).toBe(429);
    const rows = await t.ctx.db
      .select()
      .from(groupInvitations)
      .where(eq(groupInvitations.invitedBy, organiser.user.id));
    expect(rows).toHaveLength(GROUP_LIMITS.invitationsPerOrganiserPerDay);
    expect(smtp.inbox.filter((m) => m.to.includes("three@example.com"))).toEqual([]);

    const other = await account("Quiet One");
    const second = await groupWith(other, []);
    await t.call("DELETE", `/api/groups/${second.group.id}/invite-link`, { token: other.token });
    const ended = await invite(other.token, second.group.id, ["x@example.com"]);
    expect({ status: ended.statusCode, body: ended.json() }).toEqual({
      status: 409,
      body: { error: GROUP_MESSAGES.linkEnded },
    });
  });

  it("refuses what is no address (400)", async () => {
    const organiser = await account("Asha Rao");
    const { group } = await groupWith(organiser, []);
    const res = await invite(organiser.token, group.id, ["not-an-address"]);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { error: GROUP_MESSAGES.emailInvalid("not-an-address") },
    });
    expect((await invite(organiser.token, group.id, [])).statusCode).toBe(400);
  });
});

describe("reminders", () => {
  it("the members behind get a notification and a mail with the countdown; those practising do not", async () => {
    const organiser = await account("Asha Rao");
    const behind = await account("Bela Iyer");
    const practising = await account("Chitra Das");
    const { group, videoId } = await groupWith(organiser, [behind, practising], {
      event_date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    });
    await makeComparison(t.ctx.db, { userId: practising.user.id, referenceVideoId: videoId, score: 75, daysAgo: 1 });
    const res = await nudge(organiser.token, group.id, { to: "behind" });
    expect(res.json()).toEqual({ reminded: 1, mailed: 1, capped: 0, message: GROUP_MESSAGES.nudgeResult(1, 0) });
    const inbox = (await t.call("GET", "/api/notifications", { token: behind.token })).json();
    const days = group.days_to_event as number;
    expect(inbox.notifications[0]).toMatchObject({
      type: "system",
      title: GROUP_MESSAGES.reminderTitle(group.name),
      message: GROUP_MESSAGES.reminderDefault("Asha", days),
      link: `/groups/${group.id}`,
    });
    expect(GROUP_MESSAGES.reminderDefault("Asha", days)).toBe(
      `Asha reminds you to practise the routine: ${days} days to go.`,
    );
    const mail = await smtp.waitFor(behind.user.email, /reminds you/);
    expect(mail.text).toContain(`http://stepsync.test/groups/${group.id}`);
    expect(mail.text).toMatch(/notifications\/unsubscribe\?kind=group_reminder&token=[\w-]+/);
    expect((await t.call("GET", "/api/notifications", { token: practising.token })).json().notifications).toEqual([]);
  });

  it("at most 2 reminders a member a week: the third is left out and counted; the organiser's own words go as they are", async () => {
    const organiser = await account("Asha Rao");
    const a = await account("Bela Iyer");
    const b = await account("Chitra Das");
    const { group } = await groupWith(organiser, [a, b]);
    expect((await nudge(organiser.token, group.id, { to: "all" })).json()).toMatchObject({ reminded: 2, capped: 0 });
    expect((await nudge(organiser.token, group.id, { to: "behind", message: "Chorus tonight!" })).json()).toMatchObject(
      {
        reminded: 2,
        capped: 0,
      },
    );
    const third = await nudge(organiser.token, group.id, { to: "all" });
    expect(third.json()).toEqual({ reminded: 0, mailed: 0, capped: 2, message: GROUP_MESSAGES.nudgeResult(0, 2) });
    const inbox = (await t.call("GET", "/api/notifications", { token: a.token })).json();
    expect(inbox.notifications.map((n: { message: string }) => n.message)).toEqual([
      "Asha: Chorus tonight!",
      GROUP_MESSAGES.reminderDefault("Asha", null),
    ]);
    // A reminder a week old no longer counts.
    await t.ctx.db
      .update(groupReminders)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(groupReminders.groupId, group.id));
    expect((await nudge(organiser.token, group.id, { to: "all" })).json()).toMatchObject({ reminded: 2, capped: 0 });
  });

  it("two presses at once cannot pass the cap together", async () => {
    const organiser = await account("Asha Rao");
    const a = await account("Bela Iyer");
    const { group } = await groupWith(organiser, [a]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => nudge(organiser.token, group.id, { to: "all" })));
    expect(answers.reduce((n, r) => n + r.json().reminded, 0)).toBe(GROUP_LIMITS.remindersPerMemberPerWeek);
    const rows = await t.ctx.db.select().from(groupReminders).where(eq(groupReminders.groupId, group.id));
    expect(rows).toHaveLength(GROUP_LIMITS.remindersPerMemberPerWeek);
  });

  it("the mail's link turns reminder mails off (the notification still comes); an unconfirmed address is never mailed", async () => {
    const organiser = await account("Asha Rao");
    const member = await account("Bela Iyer");
    const unconfirmed = await account("Dev Raj", false);
    const { group } = await groupWith(organiser, [member, unconfirmed]);
    expect((await nudge(organiser.token, group.id, { to: "all" })).json()).toMatchObject({ reminded: 2, mailed: 1 });
    const mail = await smtp.waitFor(member.user.email, /reminds you/);
    const token = /kind=group_reminder&token=([\w-]+)/.exec(mail.text)?.[1] as string;
    const off = await t.call("POST", "/api/notifications/mail-unsubscribe", {
      body: { token, kind: "group_reminder" },
    });
    expect(off.json()).toEqual({ success: true, message: NOTIFICATION_MESSAGES.groupMailsOff });
    const settings = await t.call("GET", "/api/notifications/mail-settings", { token: member.token });
    expect(settings.json()).toEqual({ review_outcome: true, group_reminder: false });
    expect((await nudge(organiser.token, group.id, { to: "all" })).json()).toMatchObject({ reminded: 2, mailed: 0 });
    const inbox = (await t.call("GET", "/api/notifications", { token: member.token })).json();
    expect(inbox.notifications).toHaveLength(2);
    // The setting turns them back on, leaving the other kind as it was.
    const on = await t.call("PUT", "/api/notifications/mail-settings", {
      token: member.token,
      body: { group_reminder: true },
    });
    expect(on.json()).toEqual({ review_outcome: true, group_reminder: true });
    const reminders = smtp.inbox.filter((m) => m.to.includes(unconfirmed.user.email) && /reminds you/.test(m.text));
    expect(reminders).toEqual([]);
  });
});
