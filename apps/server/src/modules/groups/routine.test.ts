/**
 * A routine uploaded for a group only, on real footage through the real pose job and analysis: seen
 * by the group and no one else, never in the library; a member's comparison against it, started as
 * any comparison, fills their row of the board with no step of theirs, and a copy of the routine's
 * own video does not.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoardResponse, COMPARE_MESSAGES, GROUP_MESSAGES, type GroupDetailResponse } from "@stepsync/contracts";
import { users } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { libraryVideoAnalysed } from "../../test/rows.ts";
import { fixtureVideo, hasFixtures, postCompareForm, tempDir } from "../../test/videos.ts";

let t: TestApp;
let base: string;
beforeAll(async () => {
  const dataDir = await tempDir();
  t = await startTestApp({ dataDir, uploadsDir: path.join(dataDir, "uploads") });
  base = await t.listen();
}, 120_000);
afterAll(() => t.close());

type Account = Awaited<ReturnType<TestApp["signUp"]>>;

async function uploadRoutine(token: string, file: string) {
  const form = new FormData();
  form.append("title", "Our sangeet routine");
  form.append("video", new Blob([await readFile(file)], { type: "video/mp4" }), "routine.mp4");
  const res = await fetch(`${base}/api/groups/routine-videos`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function settled(token: string, id: number, timeoutMs = 400_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.call("GET", `/api/comparisons/${id}`, { token });
    const { comparison } = res.json() as { comparison: { status: string; results: Record<string, unknown> | null } };
    if (comparison.status !== "processing") return comparison;
    if (Date.now() > deadline) throw new Error(`comparison ${id} still processing`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe("uploading a routine for a group", () => {
  it("needs a confirmed address (403) and a video (400)", async () => {
    const unconfirmed = await t.signUp({ confirmed: false });
    const refused = await uploadRoutine(unconfirmed.token, fixtureVideo("sample_fb_0.mp4"));
    expect(refused).toEqual({ status: 403, body: { error: GROUP_MESSAGES.confirmEmailToUpload } });
    const { token } = await t.signUp();
    const res = await fetch(`${base}/api/groups/routine-videos`, {
      method: "POST",
      body: (() => {
        const form = new FormData();
        form.append("title", "No video");
        return form;
      })(),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(400);
  });
});

describe.skipIf(!hasFixtures)("a group's own routine, analysed, and a member's practice of it (real footage)", () => {
  let organiser: Account;
  let member: Account;
  let copier: Account;
  let stranger: Account;
  let videoId: number;
  let groupId: number;

  beforeAll(async () => {
    organiser = await t.signUp();
    await t.ctx.db.update(users).set({ fullName: "Asha Rao" }).where(eq(users.id, organiser.user.id));
    [member, copier, stranger] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const uploaded = await uploadRoutine(organiser.token, fixtureVideo("sample_fb_0.mp4"));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ title: "Our sangeet routine", pose_status: "pending" });
    videoId = uploaded.body.video_id as number;
    expect((await libraryVideoAnalysed(t.database.db, videoId)).poseStatus).toBe("ready");
    const created = await t.call("POST", "/api/groups", {
      token: organiser.token,
      body: { name: "Sangeet", reference_video_id: videoId },
    });
    expect(created.statusCode).toBe(201);
    groupId = created.json().group.id;
    const code = created.json().group.invite_code;
    for (const who of [member, copier])
      await t.call("POST", "/api/groups/join", { token: who.token, body: { invite_code: code } });
  }, 400_000);

  it("is seen by the organiser and the members only, never in the library", async () => {
    const listed = (await t.call("GET", "/api/reference-videos?limit=50")).json().videos as { id: number }[];
    expect(listed.map((v) => v.id)).not.toContain(videoId);
    const mine = (await t.call("GET", "/api/reference-videos/mine", { token: organiser.token })).json().videos;
    expect(mine).toEqual([]);
    for (const url of [
      `/api/reference-videos/${videoId}`,
      `/api/reference-videos/${videoId}/file`,
      `/api/reference-videos/${videoId}/analysis`,
    ]) {
      expect((await t.call("GET", url)).statusCode, `visitor ${url}`).toBe(404);
      expect((await t.call("GET", url, { token: stranger.token })).statusCode, `stranger ${url}`).toBe(404);
      const seen = await t.call("GET", url, { token: member.token, headers: { range: "bytes=0-99" } });
      expect(seen.statusCode, `member ${url}`).toBeLessThan(300);
      if (!url.endsWith(`${videoId}`)) expect(seen.headers["cache-control"], url).toMatch(/^private/);
    }
    // No likes, comments or shares on it, not even from its members.
    expect((await t.call("POST", `/api/reference-videos/${videoId}/like`, { token: member.token })).statusCode).toBe(
      404,
    );
  });

  it("its moves are known, so the organiser splits it into named parts: one board column each", async () => {
    const detail = (
      await t.call("GET", `/api/groups/${groupId}`, { token: organiser.token })
    ).json() as GroupDetailResponse;
    expect(detail.routine).toMatchObject({ reference_video_id: videoId, private: true, pose_status: "ready" });
    const moves = detail.routine?.moves ?? [];
    expect(moves.length).toBeGreaterThanOrEqual(2);
    const half = Math.floor(moves.length / 2);
    const parts = [
      { name: "entry", first_move: 1, last_move: half },
      { name: "finale", first_move: half + 1, last_move: moves.length },
    ];
    const past = await t.call("PATCH", `/api/groups/${groupId}`, {
      token: organiser.token,
      body: { parts: [{ name: "all", first_move: 1, last_move: moves.length + 1 }] },
    });
    expect(past.json()).toEqual({ error: GROUP_MESSAGES.partPastEnd(moves.length) });
    const res = await t.call("PATCH", `/api/groups/${groupId}`, { token: organiser.token, body: { parts } });
    expect(res.json().group.parts).toEqual(parts);
    const board = (
      await t.call("GET", `/api/groups/${groupId}/board`, { token: organiser.token })
    ).json() as BoardResponse;
    expect(board.columns).toEqual(
      parts.map((p) => ({ name: p.name, first_move: p.first_move, last_move: p.last_move })),
    );
  });

  it("someone not in the group cannot compare against it (404, no credit taken)", async () => {
    const res = await postCompareForm(
      base,
      stranger.token,
      { activity_type: "folk", reference_video_id: String(videoId) },
      { user: fixtureVideo("sample_fb_1.mp4") },
    );
    expect(res).toEqual({ status: 404, body: { error: COMPARE_MESSAGES.referenceNotFound } });
    expect((await t.call("GET", "/api/credits/balance", { token: stranger.token })).json()).toEqual({ credits: 10 });
  });

  it("a member's comparison of it fills their row; a copy of the routine's own video does not count", async () => {
    const started = await postCompareForm(
      base,
      member.token,
      { activity_type: "folk", reference_video_id: String(videoId) },
      { user: fixtureVideo("sample_fb_1.mp4") },
    );
    expect(started.status).toBe(202);
    const copy = await postCompareForm(
      base,
      copier.token,
      { activity_type: "folk", reference_video_id: String(videoId) },
      { user: fixtureVideo("sample_fb_0.mp4") },
    );
    expect(copy.status).toBe(202);
    const done = await settled(member.token, started.body.comparison_id as number);
    expect(done.status).toBe("completed");
    const copied = await settled(copier.token, copy.body.comparison_id as number);
    expect(copied.results?.same_performance).toBe(true);

    const board = (
      await t.call("GET", `/api/groups/${groupId}/board`, { token: organiser.token })
    ).json() as BoardResponse;
    const row = board.members.find((m) => m.user_id === member.user.id);
    expect(row).toMatchObject({ started: true, behind: false, takes_this_week: 1 });
    for (const part of row?.parts ?? []) {
      expect(part.takes, part.part).toBe(1);
      expect(part.best_score, part.part).toBeGreaterThan(50);
    }
    expect(board.members.find((m) => m.user_id === copier.user.id)).toMatchObject({
      started: false,
      takes_this_week: 0,
    });
    // The member sees the same row, and only theirs.
    const own = (await t.call("GET", `/api/groups/${groupId}/board`, { token: member.token })).json() as BoardResponse;
    expect(own.members).toEqual([{ ...row, name: expect.any(String) }]);
  }, 600_000);
});
