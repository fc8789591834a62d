/**
 * GET /api/groups/:id/board over the app's own rows (test/factories.ts): a member's comparisons of the
 * group's routine count for the group with no step of theirs, and only those that count anywhere
 * (not a refused result, nor a copy of the reference, nor an unfinished one, nor another routine's).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoardResponse, type Group, WHOLE_ROUTINE_PART } from "@stepsync/contracts";
import { users } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison, makeLibraryVideo } from "../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
type Account = Awaited<ReturnType<TestApp["signUp"]>>;

async function account(fullName: string): Promise<Account> {
  const signed = await t.signUp();
  await t.ctx.db.update(users).set({ fullName }).where(eq(users.id, signed.user.id));
  return signed;
}

/** A result's moves as the engine stores them: `missed` are misses, the rest Great. */
function movesResult(count: number, missed: number[], score: number) {
  const moves = Array.from({ length: count }, (_, i) => ({
    index: i,
    start_s: i,
    end_s: i + 1,
    count_label: `${2 * i + 1}–${2 * i + 2}`,
    verdict: missed.includes(i) ? "miss" : "great",
  }));
  return {
    overall_score: score,
    moves,
    sections: [{ title: "8-count 1", timestamp: 0, duration: count, score }],
    sameness: { decision: "same", confidence: 0.9, music: false },
  };
}

async function boardOf(token: string, groupId: number, sort?: string): Promise<BoardResponse> {
  const res = await t.call("GET", `/api/groups/${groupId}/board${sort ? `?sort=${sort}` : ""}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("the board: a read model over the members' comparisons of the routine", () => {
  let organiser: Account;
  let asha: Account;
  let bela: Account;
  let chitra: Account;
  let group: Group;
  let videoId: number;

  beforeAll(async () => {
    organiser = await account("Devika Menon");
    const video = await makeLibraryVideo(t.ctx.db, { status: "approved", durationS: 20 });
    videoId = video.id;
    const created = await t.call("POST", "/api/groups", {
      token: organiser.token,
      body: { name: "Sangeet", reference_video_id: video.id },
    });
    group = created.json().group;
    asha = await account("Asha Rao");
    bela = await account("Bela Iyer");
    chitra = await account("Chitra Das");
    for (const m of [asha, bela, chitra])
      await t.call("POST", "/api/groups/join", { token: m.token, body: { invite_code: group.invite_code } });

    const db = t.ctx.db;
    const on = { referenceVideoId: videoId };
    // Asha: two takes of the whole routine this week, one ten days ago, and a practised part.
    await makeComparison(db, {
      userId: asha.user.id,
      ...on,
      score: 70,
      daysAgo: 2,
      result: movesResult(6, [3, 5], 70),
    });
    await makeComparison(db, { userId: asha.user.id, ...on, score: 82, daysAgo: 1, result: movesResult(6, [3], 82) });
    await makeComparison(db, {
      userId: asha.user.id,
      ...on,
      score: 55,
      daysAgo: 10,
      result: movesResult(6, [3, 4], 55),
    });
    await makeComparison(db, {
      userId: asha.user.id,
      ...on,
      score: 91,
      daysAgo: 3,
      referenceStartS: 2,
      referenceEndS: 4,
      result: movesResult(6, [], 91),
    });
    // …and what never counts: a refused result, a copy of the reference, one still running, one
    // that failed, and a take of another routine.
    await makeComparison(db, {
      userId: asha.user.id,
      ...on,
      score: 20,
      sameRoutine: false,
      result: { ...movesResult(6, [0, 1, 2], 20), sameness: { decision: "not_same", confidence: 0.1, music: false } },
    });
    await makeComparison(db, {
      userId: asha.user.id,
      ...on,
      score: 99,
      result: movesResult(6, [], 99),
      samePerformance: true,
    });
    await makeComparison(db, { userId: asha.user.id, ...on });
    await makeComparison(db, { userId: asha.user.id, ...on, status: "failed" });
    const other = await makeLibraryVideo(db, { status: "approved" });
    await makeComparison(db, { userId: asha.user.id, referenceVideoId: other.id, score: 97 });
    // Chitra: one take; Bela: nothing yet.
    await makeComparison(db, {
      userId: chitra.user.id,
      ...on,
      score: 64,
      daysAgo: 4,
      result: movesResult(6, [3, 1], 64),
    });
  });

  it("the organiser sees every row: best score, last practised and takes this week; not-started members first", async () => {
    const board = await boardOf(organiser.token, group.id);
    expect(board.columns).toEqual([{ name: WHOLE_ROUTINE_PART, first_move: null, last_move: null }]);
    expect(board.members.map((m) => [m.name, m.started, m.behind])).toEqual([
      ["Bela Iyer", false, true],
      ["Devika Menon", false, true],
      ["Chitra Das", true, false],
      ["Asha Rao", true, false],
    ]);
    const row = board.members.find((m) => m.user_id === asha.user.id);
    expect(row).toMatchObject({
      role: "member",
      takes_this_week: 3,
      parts: [{ part: WHOLE_ROUTINE_PART, best_score: 82, takes: 3 }],
    });
    // Last practised: yesterday's take, not the copy or the refusal made just now.
    const last = Date.parse(row?.last_practised_at as string);
    expect(Math.abs(last - (Date.now() - DAY_MS))).toBeLessThan(60_000);
    expect(board.members.find((m) => m.user_id === bela.user.id)).toMatchObject({
      last_practised_at: null,
      takes_this_week: 0,
      parts: [{ part: WHOLE_ROUTINE_PART, best_score: null, last_practised_at: null, takes: 0 }],
      weakest_moves: [],
    });
  });

  it("each member's most-missed moves, and the group's weakest: the move most members miss", async () => {
    const board = await boardOf(organiser.token, group.id);
    expect(board.members.find((m) => m.user_id === asha.user.id)?.weakest_moves).toEqual([
      { move: 4, label: "7–8", misses: 3 },
      { move: 5, label: "9–10", misses: 1 },
      { move: 6, label: "11–12", misses: 1 },
    ]);
    expect(board.weakest_moves[0]).toEqual({ move: 4, label: "7–8", misses: 4, members: 2 });
    expect(board.weakest_moves.map((m) => m.move)).toEqual([4, 2, 5, 6]);
  });

  it("a member gets only their own row", async () => {
    const board = await boardOf(chitra.token, group.id);
    expect(board.members.map((m) => [m.user_id, m.name])).toEqual([[chitra.user.id, "Chitra"]]);
    expect(board.weakest_moves.map((m) => [m.move, m.members])).toEqual([
      [2, 1],
      [4, 1],
    ]);
  });

  it("sorts by name, best or most recent practice, the not started always first", async () => {
    const names = async (sort: string) => (await boardOf(organiser.token, group.id, sort)).members.map((m) => m.name);
    expect(await names("name")).toEqual(["Bela Iyer", "Devika Menon", "Asha Rao", "Chitra Das"]);
    expect(await names("best")).toEqual(["Bela Iyer", "Devika Menon", "Asha Rao", "Chitra Das"]);
    expect(await names("recent")).toEqual(["Bela Iyer", "Devika Menon", "Asha Rao", "Chitra Das"]);
    expect(await names("behind")).toEqual(["Bela Iyer", "Devika Menon", "Chitra Das", "Asha Rao"]);
    const bad = await t.call("GET", `/api/groups/${group.id}/board?sort=loudest`, { token: organiser.token });
    expect(bad.statusCode).toBe(400);
  });

  it("a drill of the routine's move counts as practice: the member has started", async () => {
    const drill = await t.call("POST", "/api/progress/drills", {
      token: bela.token,
      body: {
        reference_video_id: videoId,
        start_s: 3,
        end_s: 4,
        count_label: "7–8",
        passes_half: 4,
        passes_full: 0,
        best_streak_half: 2,
        best_streak_full: 0,
        mastered: false,
      },
    });
    expect(drill.statusCode, drill.body).toBe(201);
    const row = (await boardOf(bela.token, group.id)).members[0];
    expect(row).toMatchObject({
      started: true,
      behind: false,
      takes_this_week: 1,
      parts: [{ part: WHOLE_ROUTINE_PART, best_score: null, takes: 1 }],
    });
  });

  it("a removed member's row and practice leave the board", async () => {
    await t.call("DELETE", `/api/groups/${group.id}/members/${chitra.user.id}`, { token: organiser.token });
    const board = await boardOf(organiser.token, group.id);
    expect(board.members.map((m) => m.user_id)).not.toContain(chitra.user.id);
    expect(board.weakest_moves[0]).toEqual({ move: 4, label: "7–8", misses: 3, members: 1 });
  });
});
