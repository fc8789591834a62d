/**
 * A group's rehearsal on real footage through the real engine: two dancers side by side (made with
 * ffmpeg from the shared fixtures' solo clips, the left one dancing the routine 0.3 s late, the right
 * one another dance), compared with the group's routine (the left one's clip, uploaded for the group
 * and analysed by the pose job). Credits: one held, one per dancer in all, all back when the balance
 * cannot pay for every dancer. The organiser names a dancer as a member: the member's history and the
 * group's board show it; naming again moves it. Who sees what. Races: completing twice, naming at once.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BoardResponse,
  DANCER_COLOURS,
  GROUP_MESSAGES,
  REHEARSAL_MESSAGES,
  type Rehearsal,
  type RehearsalDancerResponse,
  type RehearsalSummary,
} from "@stepsync/contracts";
import { type ComparisonResult, ffmpegPath, type GroupComparisonResult } from "@stepsync/motion";
import { comparisons, creditTransactions, rehearsalDancers, rehearsals, users, videos } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { libraryVideoAnalysed } from "../../test/rows.ts";
import { fixtureVideo, hasFixtures, noPersonVideo, tempDir } from "../../test/videos.ts";
import { completeRehearsal } from "./service.ts";

const run = promisify(execFile);
const SECONDS = 6;
const H264 = ["-an", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-threads", "1", "-pix_fmt", "yuv420p"];

let t: TestApp;
let base: string;
let dir: string;
beforeAll(async () => {
  dir = await tempDir();
  t = await startTestApp({ dataDir: dir, uploadsDir: path.join(dir, "uploads") });
  base = await t.listen();
}, 120_000);
afterAll(() => t?.close());

type Account = Awaited<ReturnType<TestApp["signUp"]>>;

async function account(fullName: string): Promise<Account> {
  const signed = await t.signUp();
  await t.ctx.db.update(users).set({ fullName }).where(eq(users.id, signed.user.id));
  return signed;
}

async function balanceOf(userId: number): Promise<number> {
  const [row] = await t.ctx.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? -1;
}

async function postForm(url: string, token: string, form: FormData) {
  const res = await fetch(`${base}${url}`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function postRehearsal(token: string, file: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("group_video", new Blob([await readFile(file)], { type: "video/mp4" }), "rehearsal.mp4");
  return postForm("/api/rehearsals", token, form);
}

async function rehearsalOf(token: string, id: number): Promise<Rehearsal> {
  const res = await t.call("GET", `/api/rehearsals/${id}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rehearsal;
}

async function settled(token: string, id: number, timeoutMs = 300_000): Promise<Rehearsal> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rehearsal = await rehearsalOf(token, id);
    if (rehearsal.status === "completed" || rehearsal.status === "failed") return rehearsal;
    if (Date.now() > deadline) throw new Error(`rehearsal ${id} still ${rehearsal.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function tag(token: string, id: number, dancer: number, userId: number | null) {
  return t.call("PUT", `/api/rehearsals/${id}/dancers/${dancer}`, { token, body: { user_id: userId } });
}

async function boardOf(token: string, groupId: number): Promise<BoardResponse> {
  const res = await t.call("GET", `/api/groups/${groupId}/board`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const boardRow = (board: BoardResponse, userId: number) => board.members.find((m) => m.user_id === userId);

async function historyOf(token: string) {
  const res = await t.call("GET", "/api/comparisons?limit=50", { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().comparisons as Array<{ id: number; overall_score: number | null; reference_video_id: number }>;
}

describe("uploading a rehearsal", () => {
  it("needs credits (402), a confirmed address (403) and a video (400)", async () => {
    const broke = await t.signUp();
    await t.ctx.db.update(users).set({ credits: 0 }).where(eq(users.id, broke.user.id));
    const form = new FormData();
    form.append("reference_video_id", "1");
    expect(await postForm("/api/rehearsals", broke.token, form)).toEqual({
      status: 402,
      body: { error: REHEARSAL_MESSAGES.insufficientCredits },
    });
    const unconfirmed = await t.signUp({ confirmed: false });
    expect((await postForm("/api/rehearsals", unconfirmed.token, new FormData())).status).toBe(403);
    const { token } = await t.signUp();
    const noVideo = new FormData();
    noVideo.append("reference_video_id", "1");
    expect(await postForm("/api/rehearsals", token, noVideo)).toEqual({
      status: 400,
      body: { error: REHEARSAL_MESSAGES.noVideo },
    });
  });
});

describe.skipIf(!hasFixtures)("a group's rehearsal on real footage", () => {
  let organiser: Account;
  let asha: Account;
  let bela: Account;
  let stranger: Account;
  let groupId: number;
  let routineId: number;
  let groupVideo: string;
  let rehearsalId: number;

  beforeAll(async () => {
    const teacher = path.join(dir, "teacher.mp4");
    groupVideo = path.join(dir, "rehearsal.mp4");
    await run(ffmpegPath(), [
      "-y",
      "-loglevel",
      "error",
      "-t",
      String(SECONDS),
      "-i",
      fixtureVideo("sample_2.mp4"),
      ...H264,
      teacher,
    ]);
    // Left: the routine, 0.3 s late; right: another dance. 720 × 640, 6 s, about 0.7 MB.
    await run(ffmpegPath(), [
      "-y",
      "-loglevel",
      "error",
      "-t",
      String(SECONDS),
      "-i",
      fixtureVideo("sample_2.mp4"),
      "-t",
      String(SECONDS),
      "-i",
      fixtureVideo("sample_3.mp4"),
      "-filter_complex",
      `[0:v]tpad=start_duration=0.3:start_mode=clone,scale=360:640[a];[1:v]scale=360:640[b];[a][b]hstack=inputs=2,trim=duration=${SECONDS}[v]`,
      "-map",
      "[v]",
      ...H264,
      groupVideo,
    ]);
    organiser = await account("Devika Menon");
    asha = await account("Asha Rao");
    bela = await account("Bela Iyer");
    stranger = await account("Sam Stranger");
    const form = new FormData();
    form.append("title", "Our sangeet routine");
    form.append("category", "hip_hop");
    form.append("video", new Blob([await readFile(teacher)], { type: "video/mp4" }), "routine.mp4");
    const uploaded = await postForm("/api/groups/routine-videos", organiser.token, form);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    routineId = uploaded.body.video_id as number;
    expect((await libraryVideoAnalysed(t.database.db, routineId)).poseStatus).toBe("ready");
    const created = await t.call("POST", "/api/groups", {
      token: organiser.token,
      body: { name: "Sangeet", reference_video_id: routineId },
    });
    expect(created.statusCode, created.body).toBe(201);
    groupId = created.json().group.id;
    for (const who of [asha, bela])
      await t.call("POST", "/api/groups/join", {
        token: who.token,
        body: { invite_code: created.json().group.invite_code },
      });
  }, 300_000);

  it("202, then both dancers found left to right with their boxes, two credits in all; the one dancing another routine has no score", async () => {
    const before = await balanceOf(organiser.user.id);
    // The group's routine is the reference by default.
    const started = await postRehearsal(organiser.token, groupVideo, { group_id: String(groupId) });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    rehearsalId = started.body.rehearsal_id as number;
    expect(await balanceOf(organiser.user.id)).toBe(before - 1);
    const mine = (await t.call("GET", "/api/rehearsals", { token: organiser.token })).json()
      .rehearsals as RehearsalSummary[];
    expect(mine.map((r) => r.id)).toEqual([rehearsalId]);
    const ofGroup = (await t.call("GET", `/api/groups/${groupId}/rehearsals`, { token: asha.token })).json()
      .rehearsals as RehearsalSummary[];
    expect(ofGroup.map((r) => r.id)).toEqual([rehearsalId]);

    const done = await settled(organiser.token, rehearsalId);
    const said = done.dancers.map((d) => `${d.id} x ${d.x} ${d.overall_score} ${d.decision} ${d.offset_s}`).join("; ");
    expect(done.status, done.error ?? "").toBe("completed");
    expect(done).toMatchObject({
      progress: 100,
      group_id: groupId,
      reference: { id: routineId, title: "Our sangeet routine" },
      dancer_count: 2,
      credits_charged: 2,
      can_tag: true,
      can_delete: true,
      video: { width: 720, height: 640 },
      time_left_s: null,
    });
    expect(await balanceOf(organiser.user.id)).toBe(before - 2);
    const ledger = await t.ctx.db
      .select({ amount: creditTransactions.amount, description: creditTransactions.description })
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, organiser.user.id));
    expect(ledger.filter((l) => l.amount < 0)).toEqual([
      { amount: -1, description: REHEARSAL_MESSAGES.heldCharge },
      { amount: -1, description: REHEARSAL_MESSAGES.dancersCharge(rehearsalId, 1) },
    ]);
    expect(done.members.map((m) => m.name)).toEqual(["Devika Menon", "Asha Rao", "Bela Iyer"]);
    expect(done.dancers.map((d) => d.id)).toEqual([1, 2]);
    expect(done.dancers.map((d) => d.colour)).toEqual([DANCER_COLOURS[0], DANCER_COLOURS[1]]);
    const [left, right] = done.dancers as [Rehearsal["dancers"][0], Rehearsal["dancers"][0]];
    expect(left.x, said).toBeLessThan(0.5);
    expect(right.x, said).toBeGreaterThan(0.5);
    for (const d of done.dancers) {
      expect(d.boxes.length, said).toBeGreaterThan(10);
      for (const [, x0, y0, x1, y1] of d.boxes) {
        expect(x0).toBeLessThan(x1);
        expect(y0).toBeLessThan(y1);
        // Each dancer's boxes stay in her half of the picture.
        if (d.id === 1) expect(x1).toBeLessThan(0.55);
        else expect(x0).toBeGreaterThan(0.45);
      }
      expect(d.member).toBeNull();
    }
    expect(left.decision, said).not.toBe("not_same");
    expect(left.overall_score, said).toBeGreaterThan(70);
    expect(right.decision, said).toBe("not_same");
    expect(right.overall_score, said).toBeNull();
    expect(done.sync?.moves.length).toBeGreaterThan(0);
    expect(done.sync?.moves[0]?.dancers.map((d) => d.id)).toEqual([1, 2]);

    // Its video (ranges), thumbnail, and one dancer's whole result as a comparison's.
    const video = await t.call("GET", done.video_url, { token: asha.token, headers: { range: "bytes=0-99" } });
    expect(video.statusCode).toBe(206);
    expect(done.thumbnail_url).not.toBeNull();
    const thumb = await t.call("GET", done.thumbnail_url as string, { token: asha.token });
    expect([thumb.statusCode, thumb.headers["content-type"]]).toEqual([200, "image/jpeg"]);
    const one = await t.call("GET", `/api/rehearsals/${rehearsalId}/dancers/1`, { token: asha.token });
    expect(one.statusCode, one.body).toBe(200);
    const detail = one.json() as RehearsalDancerResponse;
    expect(detail.dancer.id).toBe(1);
    expect(detail.video_url).toBe(done.video_url);
    expect(detail.reference).toEqual({
      id: routineId,
      title: "Our sangeet routine",
      video_url: done.reference.video_url,
    });
    expect(detail.result).toMatchObject({
      status: "completed",
      user_url: done.video_url,
      overall_score: left.overall_score,
    });
    expect(detail.result.results?.moves?.length).toBeGreaterThan(0);
    expect(detail.result.tracks?.user.frames.length).toBeGreaterThan(0);
    expect((await t.call("GET", `/api/rehearsals/${rehearsalId}/dancers/3`, { token: asha.token })).statusCode).toBe(
      404,
    );
  }, 400_000);

  it("the organiser names dancer 1 as Asha: her history and the group's board show it; naming Bela moves it; nobody removes it", async () => {
    expect(boardRow(await boardOf(organiser.token, groupId), asha.user.id)?.started).toBe(false);
    const named = await tag(organiser.token, rehearsalId, 1, asha.user.id);
    expect(named.statusCode, named.body).toBe(200);
    const after = named.json().rehearsal as Rehearsal;
    const dancer1 = after.dancers[0];
    expect(dancer1?.member).toEqual({ user_id: asha.user.id, name: "Asha Rao" });
    const comparisonId = dancer1?.comparison_id as number;
    expect(comparisonId).toBeGreaterThan(0);
    // Asha's history has it, with the dancer's score, against the routine; the result and its video open.
    const history = await historyOf(asha.token);
    expect(history.map((c) => [c.id, c.overall_score, c.reference_video_id])).toEqual([
      [comparisonId, dancer1?.overall_score, routineId],
    ]);
    const comparison = await t.call("GET", `/api/comparisons/${comparisonId}`, { token: asha.token });
    expect(comparison.statusCode).toBe(200);
    const userUrl = comparison.json().comparison.user_url as string;
    expect((await t.call("GET", userUrl, { token: asha.token, headers: { range: "bytes=0-9" } })).statusCode).toBe(206);
    const board = await boardOf(organiser.token, groupId);
    const ashaRow = boardRow(board, asha.user.id);
    expect(ashaRow?.started).toBe(true);
    expect(ashaRow?.parts[0]?.best_score).toBeCloseTo(dancer1?.overall_score as number, 0);

    // Naming Bela instead moves it: Asha's comparison and her copy of the video are gone.
    const moved = await tag(organiser.token, rehearsalId, 1, bela.user.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json().rehearsal as Rehearsal).dancers[0]?.member?.user_id).toBe(bela.user.id);
    expect(await historyOf(asha.token)).toEqual([]);
    expect((await t.call("GET", `/api/comparisons/${comparisonId}`, { token: asha.token })).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(videos).where(eq(videos.ownerId, asha.user.id))).toEqual([]);
    const moved2 = await boardOf(organiser.token, groupId);
    expect(boardRow(moved2, asha.user.id)?.started).toBe(false);
    expect(boardRow(moved2, bela.user.id)?.started).toBe(true);

    // Bela named for dancer 2 instead: one dancer per member per rehearsal. Dancer 2 dances another
    // routine, so her comparison counts nowhere (and her board row is not started).
    const other = await tag(organiser.token, rehearsalId, 2, bela.user.id);
    expect(other.statusCode, other.body).toBe(200);
    const members = (other.json().rehearsal as Rehearsal).dancers.map((d) => d.member?.user_id ?? null);
    expect(members).toEqual([null, bela.user.id]);
    const belas = await historyOf(bela.token);
    expect(belas).toHaveLength(1);
    expect(boardRow(await boardOf(organiser.token, groupId), bela.user.id)?.started).toBe(false);

    // Nobody: removed.
    const cleared = await tag(organiser.token, rehearsalId, 2, null);
    expect(cleared.statusCode).toBe(200);
    expect((cleared.json().rehearsal as Rehearsal).dancers.every((d) => d.member === null)).toBe(true);
    expect(await historyOf(bela.token)).toEqual([]);
    // Named again, for what follows; Asha deletes her comparison, and naming her again gives it back.
    const again = await tag(organiser.token, rehearsalId, 1, asha.user.id);
    const againId = (again.json().rehearsal as Rehearsal).dancers[0]?.comparison_id as number;
    expect((await t.call("DELETE", `/api/comparisons/${againId}`, { token: asha.token })).statusCode).toBe(200);
    expect((await rehearsalOf(organiser.token, rehearsalId)).dancers[0]).toMatchObject({
      member: { user_id: asha.user.id },
      comparison_id: null,
    });
    const back = await tag(organiser.token, rehearsalId, 1, asha.user.id);
    expect((back.json().rehearsal as Rehearsal).dancers[0]?.comparison_id).toBeGreaterThan(againId);
    expect((await historyOf(asha.token)).length).toBe(1);
  }, 60_000);

  it("a member sees it but names no dancer (403) nor deletes it (403); only members can be named (400); a stranger gets 404 everywhere", async () => {
    const seen = await rehearsalOf(bela.token, rehearsalId);
    expect(seen).toMatchObject({ can_tag: false, can_delete: false, members: [] });
    // Members see each other by first name.
    expect(seen.dancers[0]?.member).toEqual({ user_id: asha.user.id, name: "Asha" });
    expect(await tag(bela.token, rehearsalId, 1, bela.user.id)).toMatchObject({ statusCode: 403 });
    expect((await tag(bela.token, rehearsalId, 1, bela.user.id)).json()).toEqual({
      error: REHEARSAL_MESSAGES.organiserOnly,
    });
    expect((await t.call("DELETE", `/api/rehearsals/${rehearsalId}`, { token: bela.token })).statusCode).toBe(403);
    const notMember = await tag(organiser.token, rehearsalId, 1, stranger.user.id);
    expect([notMember.statusCode, notMember.json()]).toEqual([400, { error: REHEARSAL_MESSAGES.notAMember }]);

    const routes: Array<[string, string, unknown?]> = [
      ["GET", `/api/rehearsals/${rehearsalId}`],
      ["GET", `/api/rehearsals/${rehearsalId}/video`],
      ["GET", `/api/rehearsals/${rehearsalId}/thumbnail`],
      ["GET", `/api/rehearsals/${rehearsalId}/dancers/1`],
      ["PUT", `/api/rehearsals/${rehearsalId}/dancers/1`, { user_id: stranger.user.id }],
      ["DELETE", `/api/rehearsals/${rehearsalId}`],
    ];
    for (const [method, url, body] of routes) {
      const res = await t.call(method, url, { token: stranger.token, body });
      expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([404, { error: REHEARSAL_MESSAGES.notFound }]);
    }
    const list = await t.call("GET", `/api/groups/${groupId}/rehearsals`, { token: stranger.token });
    expect([list.statusCode, list.json()]).toEqual([404, { error: GROUP_MESSAGES.notFound }]);
    expect((await t.call("GET", "/api/rehearsals", { token: stranger.token })).json()).toEqual({ rehearsals: [] });
    // A stranger cannot start one for the group either.
    const refused = await postRehearsal(stranger.token, groupVideo, { group_id: String(groupId) });
    expect(refused).toEqual({ status: 404, body: { error: GROUP_MESSAGES.notFound } });
  });

  it("completing one analysis twice at once charges its dancers once", async () => {
    // The finished analysis, as the engine answered it, kept again for a second rehearsal.
    const stored = await t.ctx.db.select().from(rehearsalDancers).where(eq(rehearsalDancers.rehearsalId, rehearsalId));
    const [original] = await t.ctx.db.select().from(rehearsals).where(eq(rehearsals.id, rehearsalId));
    const result = {
      ...(original?.result as Omit<GroupComparisonResult, "dancers">),
      dancers: stored.map((d) => {
        const r = d.result as ComparisonResult;
        return {
          id: d.dancerId,
          person: d.dancerId,
          x: d.x,
          y: 0.5,
          seen_share: d.seenShare,
          overall_score: r.overall_score,
          scores: r.scores,
          sameness: r.sameness,
          offset_s: d.offsetS,
          boxes: d.boxes,
          result: r,
        };
      }),
    } as GroupComparisonResult;
    const payer = await t.signUp();
    await t.ctx.db.update(users).set({ credits: 4 }).where(eq(users.id, payer.user.id));
    const [row] = await t.ctx.db
      .insert(rehearsals)
      .values({
        userId: payer.user.id,
        referenceVideoId: routineId,
        referenceTitle: "Our sangeet routine",
        activityType: "hip_hop",
        videoKey: `videos/test-${Date.now()}`,
        mimeType: "video/mp4",
        sizeBytes: 1,
        creditsCharged: 1,
      })
      .returning();
    const id = row?.id as number;
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => completeRehearsal(t.ctx.db, id, result)));
    expect(outcomes.filter((o) => o === "completed")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "gone")).toHaveLength(7);
    // It held one credit already (taken when it started); completing takes the second dancer's, once.
    expect(await balanceOf(payer.user.id)).toBe(3);
    expect(await t.ctx.db.select().from(rehearsalDancers).where(eq(rehearsalDancers.rehearsalId, id))).toHaveLength(2);
  });

  it("naming one member for both dancers at once leaves them one dancer and one comparison", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => tag(organiser.token, rehearsalId, (i % 2) + 1, bela.user.id)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const named = await t.ctx.db
      .select()
      .from(rehearsalDancers)
      .where(and(eq(rehearsalDancers.rehearsalId, rehearsalId), eq(rehearsalDancers.userId, bela.user.id)));
    expect(named).toHaveLength(1);
    const belas = await t.ctx.db.select().from(comparisons).where(eq(comparisons.userId, bela.user.id));
    expect(belas.map((c) => c.id)).toEqual([named[0]?.comparisonId]);
    expect(await t.ctx.db.select().from(videos).where(eq(videos.ownerId, bela.user.id))).toHaveLength(1);
  });

  it("with one credit and two dancers it fails, says why, and gives the credit back", async () => {
    await t.ctx.db.update(users).set({ credits: 1 }).where(eq(users.id, asha.user.id));
    const started = await postRehearsal(asha.token, groupVideo, {
      group_id: String(groupId),
      reference_video_id: String(routineId),
      style: "hip_hop",
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.rehearsal_id as number;
    expect(await balanceOf(asha.user.id)).toBe(0);
    const failed = await settled(asha.token, id);
    expect(failed).toMatchObject({
      status: "failed",
      error: REHEARSAL_MESSAGES.notEnoughCredits(2, 0),
      dancer_count: 2,
      credits_charged: 0,
      dancers: [],
    });
    expect(failed.error).toContain("needs 2 credits, one per dancer, and you had 1");
    expect(await balanceOf(asha.user.id)).toBe(1);
  }, 400_000);

  it("the organiser deletes the rehearsal: the comparisons its named dancers made go with it", async () => {
    expect((await historyOf(bela.token)).length).toBe(1);
    const res = await t.call("DELETE", `/api/rehearsals/${rehearsalId}`, { token: organiser.token });
    expect([res.statusCode, res.json()]).toEqual([200, { message: REHEARSAL_MESSAGES.deleted }]);
    expect(await historyOf(bela.token)).toEqual([]);
    expect(await historyOf(asha.token)).toEqual([]);
    expect((await t.call("GET", `/api/rehearsals/${rehearsalId}`, { token: organiser.token })).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(videos).where(eq(videos.ownerId, bela.user.id))).toEqual([]);
  });
  it("a video with nobody dancing in it fails, says why, and gives the credit back", async () => {
    const before = await balanceOf(bela.user.id);
    const empty = await noPersonVideo(dir, 2);
    const started = await postRehearsal(bela.token, empty, { group_id: String(groupId) });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const failed = await settled(bela.token, started.body.rehearsal_id as number);
    expect(failed).toMatchObject({ status: "failed", credits_charged: 0, dancers: [], sync: null });
    expect(failed.error).toMatch(/Your credit has been refunded\.$/);
    expect(await balanceOf(bela.user.id)).toBe(before);
  }, 120_000);

  it("deleted before its analysis finished, it gives its credit back", async () => {
    const before = await balanceOf(organiser.user.id);
    const started = await postRehearsal(organiser.token, groupVideo, { group_id: String(groupId) });
    expect(started.status).toBe(202);
    expect(await balanceOf(organiser.user.id)).toBe(before - 1);
    const id = started.body.rehearsal_id as number;
    const res = await t.call("DELETE", `/api/rehearsals/${id}`, { token: organiser.token });
    expect([res.statusCode, res.json()]).toEqual([200, { message: REHEARSAL_MESSAGES.deletedWhileRunning }]);
    expect(await balanceOf(organiser.user.id)).toBe(before);
    expect((await t.call("GET", `/api/rehearsals/${id}`, { token: organiser.token })).statusCode).toBe(404);
  });

  it("an account deleted takes the files of the rehearsals it uploaded", async () => {
    const [row] = await t.ctx.db.select().from(rehearsals).where(eq(rehearsals.userId, asha.user.id));
    expect(row).toBeDefined();
    expect(await t.ctx.storage.stat(row?.videoKey as string)).toBeDefined();
    const admin = await t.signUp();
    await t.ctx.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
    const res = await t.call("DELETE", `/api/admin/users/${asha.user.id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.ctx.storage.stat(row?.videoKey as string)).toBeUndefined();
    if (row?.thumbnailKey) expect(await t.ctx.storage.stat(row.thumbnailKey)).toBeUndefined();
  });
});
