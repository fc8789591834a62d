import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUP_LIMITS, GROUP_MESSAGES, MESSAGES, type Group } from "@stepsync/contracts";
import { groupMembers, referenceVideos, users } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeLibraryVideo } from "../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ publicUrl: "https://stepsync.example" });
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<TestApp["signUp"]>>;

async function account(fullName?: string): Promise<Account> {
  const signed = await t.signUp();
  if (fullName) await t.ctx.db.update(users).set({ fullName }).where(eq(users.id, signed.user.id));
  return signed;
}

async function startGroup(body: Record<string, unknown> = {}) {
  const organiser = await account("Asha Rao");
  const video = await makeLibraryVideo(t.ctx.db, { status: "approved" });
  const res = await t.call("POST", "/api/groups", {
    token: organiser.token,
    body: { name: "Priya & Arjun's sangeet", event_date: "2099-02-14", reference_video_id: video.id, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { organiser, video, group: res.json().group as Group };
}

async function join(code: string, who?: Account) {
  const member = who ?? (await account("Priya Sharma"));
  const res = await t.call("POST", "/api/groups/join", { token: member.token, body: { invite_code: code } });
  return { member, res };
}

/** Every route under /api/groups/:id, with a body that would do something. */
function groupRoutesOf(id: number, userId: number): Array<[string, string, unknown?]> {
  return [
    ["GET", `/api/groups/${id}`],
    ["PATCH", `/api/groups/${id}`, { name: "Taken over" }],
    ["DELETE", `/api/groups/${id}`],
    ["POST", `/api/groups/${id}/invite-link`],
    ["DELETE", `/api/groups/${id}/invite-link`],
    ["POST", `/api/groups/${id}/invitations`, { emails: ["someone@example.com"] }],
    ["DELETE", `/api/groups/${id}/members/${userId}`],
    ["GET", `/api/groups/${id}/board`],
    ["POST", `/api/groups/${id}/nudges`, { to: "all" }],
    ["POST", `/api/groups/${id}/credits`, { user_id: userId, credits: 1 }],
    ["GET", `/api/groups/${id}/rehearsals`],
  ];
}

describe("starting a group", () => {
  it("anyone signed in starts one: 201 with an unguessable invite code, the organiser a member", async () => {
    const { organiser, video, group } = await startGroup();
    expect(group).toMatchObject({
      name: "Priya & Arjun's sangeet",
      event_date: "2099-02-14",
      role: "organiser",
      organiser_name: "Asha Rao",
      member_count: 1,
      reference_video_id: video.id,
      parts: [],
    });
    expect(group.invite_code).toMatch(/^[\w-]{22}$/);
    expect(group.days_to_event).toBeGreaterThan(20_000);
    const mine = await t.call("GET", "/api/groups", { token: organiser.token });
    expect(mine.json().groups.map((g: Group) => g.id)).toEqual([group.id]);
    const detail = (await t.call("GET", `/api/groups/${group.id}`, { token: organiser.token })).json();
    expect(detail.members).toEqual([
      { user_id: organiser.user.id, name: "Asha Rao", role: "organiser", joined_at: expect.any(String) },
    ]);
    expect(detail.routine).toMatchObject({
      reference_video_id: video.id,
      title: video.title,
      private: false,
      file_url: `/api/reference-videos/${video.id}/file`,
      pose_status: "pending",
      moves: null,
    });
  });

  it("codes differ from group to group", async () => {
    const codes = new Set<string | null>();
    for (let i = 0; i < 5; i++) codes.add((await startGroup()).group.invite_code);
    expect(codes.size).toBe(5);
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ["no name", { name: "  " }, 400, GROUP_MESSAGES.nameRequired],
    ["a name too long", { name: "x".repeat(81) }, 400, GROUP_MESSAGES.nameTooLong],
    ["a date that is no date", { event_date: "14 February" }, 400, GROUP_MESSAGES.eventDateInvalid],
    ["a day that does not exist", { event_date: "2099-02-30" }, 400, GROUP_MESSAGES.eventDateInvalid],
    ["a date passed", { event_date: "2020-02-14" }, 400, GROUP_MESSAGES.eventDatePast],
    ["no routine", { reference_video_id: undefined }, 400, GROUP_MESSAGES.routineRequired],
    ["a routine that does not exist", { reference_video_id: 999_999 }, 404, GROUP_MESSAGES.routineNotAvailable],
    [
      "parts of a routine whose moves are not known yet",
      { parts: [{ name: "entry", first_move: 1, last_move: 4 }] },
      409,
      GROUP_MESSAGES.partsNeedMoves,
    ],
  ])("%s", async (_what, body, status, error) => {
    const organiser = await account();
    const video = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    const res = await t.call("POST", "/api/groups", {
      token: organiser.token,
      body: { name: "Sangeet", reference_video_id: video.id, ...body },
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { error } });
    expect((await t.call("GET", "/api/groups", { token: organiser.token })).json().groups).toEqual([]);
  });

  it("a library video in review, or another organiser's group-only routine, is no routine (404)", async () => {
    const organiser = await account();
    const other = await account();
    const pending = await makeLibraryVideo(t.ctx.db, { status: "pending" });
    const private_ = await makeLibraryVideo(t.ctx.db, {
      status: "approved",
      audience: "group",
      contributorId: other.user.id,
    });
    for (const video of [pending, private_]) {
      const res = await t.call("POST", "/api/groups", {
        token: organiser.token,
        body: { name: "Sangeet", reference_video_id: video.id },
      });
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 404,
        body: { error: GROUP_MESSAGES.routineNotAvailable },
      });
    }
    // Its own organiser may use it.
    const own = await t.call("POST", "/api/groups", {
      token: other.token,
      body: { name: "Sangeet", reference_video_id: private_.id },
    });
    expect(own.statusCode).toBe(201);
  });

  it("signed out: 401 on every group route", async () => {
    const { group, organiser } = await startGroup();
    const routes: Array<[string, string, unknown?]> = [
      ["POST", "/api/groups", { name: "x", reference_video_id: 1 }],
      ["GET", "/api/groups"],
      ["POST", "/api/groups/routine-videos"],
      ["GET", `/api/groups/invites/${group.invite_code}`],
      ["POST", "/api/groups/join", { invite_code: group.invite_code }],
      ...groupRoutesOf(group.id, organiser.user.id),
    ];
    for (const [method, url, body] of routes) {
      const res = await t.call(method, url, { body });
      expect({ route: `${method} ${url}`, status: res.statusCode, body: res.json() }).toEqual({
        route: `${method} ${url}`,
        status: 401,
        body: { error: MESSAGES.authRequired },
      });
    }
  });
});

describe("joining by the invite link", () => {
  it("a member joins with the code (an account needed), sees the group, the routine and first names only", async () => {
    const { organiser, group } = await startGroup();
    const code = group.invite_code as string;
    const preview = await t.call("GET", `/api/groups/invites/${code}`, { token: (await account()).token });
    expect(preview.json()).toEqual({
      invite: {
        name: group.name,
        event_date: "2099-02-14",
        organiser_name: "Asha",
        member_count: 1,
        group_id: null,
      },
    });
    const { member, res } = await join(code);
    expect(res.statusCode).toBe(200);
    expect(res.json().group).toMatchObject({
      id: group.id,
      role: "member",
      organiser_name: "Asha",
      invite_code: null,
      member_count: 2,
    });
    // Joining again changes nothing.
    const again = await join(code, member);
    expect(again.res.statusCode).toBe(200);
    expect(again.res.json().group.member_count).toBe(2);

    const seen = (await t.call("GET", `/api/groups/${group.id}`, { token: member.token })).json();
    expect(seen.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ["Asha", "organiser"],
      ["Priya", "member"],
    ]);
    expect(seen.routine.reference_video_id).toBe(group.reference_video_id);
    // The organiser sees names in full, and was told.
    const byOrganiser = (await t.call("GET", `/api/groups/${group.id}`, { token: organiser.token })).json();
    expect(byOrganiser.members.map((m: { name: string }) => m.name)).toEqual(["Asha Rao", "Priya Sharma"]);
    const inbox = (await t.call("GET", "/api/notifications", { token: organiser.token })).json();
    expect(inbox.notifications[0]).toMatchObject({
      title: GROUP_MESSAGES.joinedTitle(group.name),
      message: GROUP_MESSAGES.joinedMessage("Priya Sharma", group.name),
      link: `/groups/${group.id}`,
    });
  });

  it("a wrong code, an ended link and a replaced link answer 404", async () => {
    const { organiser, group } = await startGroup();
    const old = group.invite_code as string;
    const notFound = { status: 404, body: { error: GROUP_MESSAGES.inviteNotFound } };
    const wrong = (await join(`${old.slice(0, -1)}x`)).res;
    expect({ status: wrong.statusCode, body: wrong.json() }).toEqual(notFound);

    const renewed = await t.call("POST", `/api/groups/${group.id}/invite-link`, { token: organiser.token });
    const code = renewed.json().group.invite_code as string;
    expect(code).not.toBe(old);
    const stale = (await join(old)).res;
    expect({ status: stale.statusCode, body: stale.json() }).toEqual(notFound);
    expect((await join(code)).res.statusCode).toBe(200);

    const ended = await t.call("DELETE", `/api/groups/${group.id}/invite-link`, { token: organiser.token });
    expect(ended.json().group.invite_code).toBeNull();
    const late = (await join(code)).res;
    expect({ status: late.statusCode, body: late.json() }).toEqual(notFound);
    const preview = await t.call("GET", `/api/groups/invites/${code}`, { token: organiser.token });
    expect(preview.statusCode).toBe(404);
  });

  it("a full group takes no one more (409)", async () => {
    const { group } = await startGroup();
    const filler = await Promise.all(
      Array.from({ length: GROUP_LIMITS.maxMembers - 1 }, async (_, i) => {
        const [row] = await t.ctx.db
          .insert(users)
          .values({ username: `filler-${group.id}-${i}`, email: `filler-${group.id}-${i}@example.com` })
          .returning({ id: users.id });
        return { groupId: group.id, userId: row!.id, role: "member" as const };
      }),
    );
    await t.ctx.db.insert(groupMembers).values(filler);
    const { res } = await join(group.invite_code as string);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 409,
      body: { error: GROUP_MESSAGES.groupFull },
    });
  });

  it("a join from a page of another origin with the session cookie is refused (401), as every state change", async () => {
    const { group } = await startGroup();
    const member = await account();
    const body = { invite_code: group.invite_code };
    const forged = await t.call("POST", "/api/groups/join", {
      body,
      headers: { cookie: `session_id=${member.token}`, origin: "https://blog.stepsync.example" },
    });
    expect(forged.statusCode).toBe(401);
    expect((await t.call("GET", "/api/groups", { token: member.token })).json().groups).toEqual([]);
    const own = await t.call("POST", "/api/groups/join", {
      body,
      headers: { cookie: `session_id=${member.token}`, origin: "https://stepsync.example" },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe("who may do what", () => {
  it("every group route is 'not found' to someone not in the group, whatever the body", async () => {
    const { organiser, group } = await startGroup();
    const stranger = await account();
    const notFound = { status: 404, body: { error: GROUP_MESSAGES.notFound } };
    for (const [method, url, body] of groupRoutesOf(group.id, organiser.user.id)) {
      for (const sent of [body, { credits: -5, emails: "nope", name: "" }]) {
        const res = await t.call(method, url, { token: stranger.token, body: sent });
        expect({ route: `${method} ${url}`, status: res.statusCode, body: res.json() }).toEqual({
          route: `${method} ${url}`,
          ...notFound,
        });
      }
    }
    // A group that does not exist reads the same.
    for (const [method, url, body] of groupRoutesOf(999_999, organiser.user.id)) {
      const res = await t.call(method, url, { token: stranger.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.call("GET", `/api/groups/${group.id}`, { token: organiser.token })).json().group.name).toBe(
      group.name,
    );
  });

  it("the test above names every /api/groups/:id route the app has", () => {
    const listed = new Set(
      groupRoutesOf(1, 2).map(([m, url]) => `${m} ${url.replace("/1", "/:id").replace("/2", "/:user_id")}`),
    );
    const registered = t.routes
      .filter((r) => r.url.startsWith("/api/groups/:id") && r.method !== "HEAD")
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(registered)).toEqual(listed);
  });

  it("a member is told the organiser's tools are the organiser's (403) and changes nothing", async () => {
    const { organiser, group } = await startGroup();
    const { member } = await join(group.invite_code as string);
    const other = (await join(group.invite_code as string, await account())).member;
    const organiserOnly: Array<[string, string, unknown?]> = [
      ["PATCH", `/api/groups/${group.id}`, { name: "Taken over" }],
      ["DELETE", `/api/groups/${group.id}`],
      ["POST", `/api/groups/${group.id}/invite-link`],
      ["DELETE", `/api/groups/${group.id}/invite-link`],
      ["POST", `/api/groups/${group.id}/invitations`, { emails: ["someone@example.com"] }],
      ["DELETE", `/api/groups/${group.id}/members/${other.user.id}`],
      ["POST", `/api/groups/${group.id}/nudges`, { to: "all" }],
      ["POST", `/api/groups/${group.id}/credits`, { user_id: other.user.id, credits: 1 }],
    ];
    for (const [method, url, body] of organiserOnly) {
      const res = await t.call(method, url, { token: member.token, body });
      expect({ route: `${method} ${url}`, status: res.statusCode, body: res.json() }).toEqual({
        route: `${method} ${url}`,
        status: 403,
        body: { error: GROUP_MESSAGES.organiserOnly },
      });
    }
    const detail = (await t.call("GET", `/api/groups/${group.id}`, { token: organiser.token })).json();
    expect(detail.group).toMatchObject({ name: group.name, invite_code: group.invite_code, member_count: 3 });
  });

  it("the organiser removes a member: from then on they see nothing of it, and the link does not let them back", async () => {
    const { organiser, group } = await startGroup();
    const { member } = await join(group.invite_code as string);
    const removed = await t.call("DELETE", `/api/groups/${group.id}/members/${member.user.id}`, {
      token: organiser.token,
    });
    expect(removed.json()).toEqual({ message: GROUP_MESSAGES.removed });
    for (const [method, url, body] of groupRoutesOf(group.id, member.user.id)) {
      const res = await t.call(method, url, { token: member.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.call("GET", "/api/groups", { token: member.token })).json().groups).toEqual([]);
    const back = (await join(group.invite_code as string, member)).res;
    expect({ status: back.statusCode, body: back.json() }).toEqual({
      status: 404,
      body: { error: GROUP_MESSAGES.inviteNotFound },
    });
    const again = await t.call("DELETE", `/api/groups/${group.id}/members/${member.user.id}`, {
      token: organiser.token,
    });
    expect(again.statusCode).toBe(404);
    const detail = (await t.call("GET", `/api/groups/${group.id}`, { token: organiser.token })).json();
    expect(detail.members.map((m: { user_id: number }) => m.user_id)).toEqual([organiser.user.id]);
  });

  it("a member leaves (and may come back by the link); the organiser cannot leave (409)", async () => {
    const { organiser, group } = await startGroup();
    const { member } = await join(group.invite_code as string);
    const left = await t.call("DELETE", `/api/groups/${group.id}/members/${member.user.id}`, { token: member.token });
    expect(left.json()).toEqual({ message: GROUP_MESSAGES.left });
    expect((await t.call("GET", `/api/groups/${group.id}`, { token: member.token })).statusCode).toBe(404);
    expect((await join(group.invite_code as string, member)).res.statusCode).toBe(200);
    const stays = await t.call("DELETE", `/api/groups/${group.id}/members/${organiser.user.id}`, {
      token: organiser.token,
    });
    expect({ status: stays.statusCode, body: stays.json() }).toEqual({
      status: 409,
      body: { error: GROUP_MESSAGES.organiserCannotLeave },
    });
  });

  it("the organiser changes the routine (its parts go with the old one); another organiser's private routine is refused", async () => {
    const { organiser, group } = await startGroup();
    const next = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    const changed = await t.call("PATCH", `/api/groups/${group.id}`, {
      token: organiser.token,
      body: { reference_video_id: next.id },
    });
    expect(changed.json().group).toMatchObject({ reference_video_id: next.id, parts: [] });
    const someoneElses = await makeLibraryVideo(t.ctx.db, {
      status: "approved",
      audience: "group",
      contributorId: (await account()).user.id,
    });
    const refused = await t.call("PATCH", `/api/groups/${group.id}`, {
      token: organiser.token,
      body: { reference_video_id: someoneElses.id },
    });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 404,
      body: { error: GROUP_MESSAGES.routineNotAvailable },
    });
  });

  it("a routine deleted from the library leaves the group without one: its page and board still answer", async () => {
    const { organiser, group, video } = await startGroup();
    await t.ctx.db.delete(referenceVideos).where(eq(referenceVideos.id, video.id));
    const detail = (await t.call("GET", `/api/groups/${group.id}`, { token: organiser.token })).json();
    expect(detail.routine).toBeNull();
    expect(detail.group.reference_video_id).toBeNull();
    const board = await t.call("GET", `/api/groups/${group.id}/board`, { token: organiser.token });
    expect(board.statusCode).toBe(200);
    expect(board.json().members).toHaveLength(1);
  });

  it("the organiser renames, dates and deletes the group; a deleted group is gone for its members", async () => {
    const { organiser, group } = await startGroup();
    const { member } = await join(group.invite_code as string);
    const changed = await t.call("PATCH", `/api/groups/${group.id}`, {
      token: organiser.token,
      body: { name: "Sangeet night", event_date: null },
    });
    expect(changed.json().group).toMatchObject({ name: "Sangeet night", event_date: null, days_to_event: null });
    const deleted = await t.call("DELETE", `/api/groups/${group.id}`, { token: organiser.token });
    expect(deleted.json()).toEqual({ message: GROUP_MESSAGES.deleted });
    expect((await t.call("GET", `/api/groups/${group.id}`, { token: member.token })).statusCode).toBe(404);
    expect((await t.call("GET", "/api/groups", { token: member.token })).json().groups).toEqual([]);
  });
});
