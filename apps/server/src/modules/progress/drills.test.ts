/**
 * POST / GET /api/progress/drills on a real database through the real HTTP pipeline: a drill of a
 * library routine's move is kept and summed per move in the routine's order; only the user's own,
 * on a library video they may see; every bad input gets its own clear answer.
 */
import {
  DRILL_MESSAGES,
  type DrilledMove,
  type DrillRequest,
  type DrillsResponse,
  LIBRARY_MESSAGES,
  MESSAGES,
} from "@stepsync/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeLibraryVideo } from "../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const drill = (videoId: number, over: Partial<DrillRequest> = {}): DrillRequest => ({
  reference_video_id: videoId,
  start_s: 3.2,
  end_s: 4.1,
  count_label: "3–4",
  passes_half: 5,
  passes_full: 0,
  best_streak_half: 2,
  best_streak_full: 0,
  mastered: false,
  ...over,
});

async function save(token: string | undefined, body: unknown) {
  const res = await t.call("POST", "/api/progress/drills", { token, body });
  return { status: res.statusCode, body: res.json() as DrilledMove & { error?: string } };
}

async function list(token: string, videoId: number | string) {
  const res = await t.call("GET", `/api/progress/drills?reference_video_id=${videoId}`, { token });
  return { status: res.statusCode, body: res.json() as DrillsResponse & { error?: string } };
}

describe("drilled moves of a routine", () => {
  it("keeps each drill and sums a move's drills; the routine lists its moves in order, only the user's own", async () => {
    const me = await t.signUp();
    const other = await t.signUp();
    const routine = await makeLibraryVideo(t.ctx.db, { status: "approved", durationS: 20 });
    const first = await save(me.token, drill(routine.id));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      start_s: 3.2,
      end_s: 4.1,
      count_label: "3–4",
      drills: 1,
      passes_half: 5,
      best_streak_half: 2,
      reached_full: false,
      mastered: false,
    });
    // Again, this time through to mastery: the move sums both.
    const again = await save(
      me.token,
      drill(routine.id, { passes_half: 4, passes_full: 3, best_streak_half: 3, best_streak_full: 3, mastered: true }),
    );
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      drills: 2,
      passes_half: 9,
      passes_full: 3,
      best_streak_half: 3,
      best_streak_full: 3,
      reached_full: true,
      mastered: true,
    });
    // Full speed reached, and the dialog closed before a pass there: it reached full speed all the same.
    const upToFull = await save(
      me.token,
      drill(routine.id, { start_s: 6, end_s: 7, count_label: "7–8", passes_half: 3, best_streak_half: 3 }),
    );
    expect(upToFull.body).toMatchObject({ passes_full: 0, reached_full: true, mastered: false });
    // An earlier move, and someone else's drill of the same move.
    await save(
      me.token,
      drill(routine.id, { start_s: 0.5, end_s: 1.4, count_label: "1–2", passes_half: 1, best_streak_half: 1 }),
    );
    await save(other.token, drill(routine.id, { start_s: 10, end_s: 11 }));
    const mine = await list(me.token, routine.id);
    expect(mine.status).toBe(200);
    expect(mine.body.reference_video_id).toBe(routine.id);
    expect(mine.body.moves.map((m) => [m.count_label, m.drills, m.mastered])).toEqual([
      ["1–2", 1, false],
      ["3–4", 2, true],
      ["7–8", 1, false],
    ]);
    expect(Date.parse(mine.body.moves[1]?.last_drilled_at as string)).toBeGreaterThan(Date.now() - 60_000);
    expect((await list(other.token, routine.id)).body.moves.map((m) => m.count_label)).toEqual(["3–4"]);
    const untouched = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    expect((await list(me.token, untouched.id)).body.moves).toEqual([]);
  });

  it("needs a signed-in user", async () => {
    const routine = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    expect(await save(undefined, drill(routine.id))).toEqual({ status: 401, body: { error: MESSAGES.authRequired } });
    const res = await t.call("GET", `/api/progress/drills?reference_video_id=${routine.id}`);
    expect(res.statusCode).toBe(401);
  });

  it("only on a library video that exists and the user may see", async () => {
    const me = await t.signUp();
    const notFound = { status: 404, body: { error: LIBRARY_MESSAGES.videoNotFound } };
    expect(await save(me.token, drill(987_654))).toEqual(notFound);
    // Someone else's video still in review is not there for this user.
    const owner = await t.signUp();
    const inReview = await makeLibraryVideo(t.ctx.db, { status: "pending", contributorId: owner.user.id });
    expect(await save(me.token, drill(inReview.id))).toEqual(notFound);
    expect(await list(me.token, inReview.id)).toEqual(notFound);
    expect(await list(me.token, 987_654)).toEqual(notFound);
    expect(await list(me.token, "x")).toEqual({ status: 400, body: { error: DRILL_MESSAGES.videoId } });
    // Past what the database's ids hold: the same words, never the database's error.
    expect(await list(me.token, 99_999_999_999)).toEqual({ status: 400, body: { error: DRILL_MESSAGES.videoId } });
    expect(await save(me.token, drill(99_999_999_999))).toEqual({
      status: 400,
      body: { error: DRILL_MESSAGES.videoId },
    });
  });

  it("answers each bad input with its own reason, and stores none of them", async () => {
    const me = await t.signUp();
    const routine = await makeLibraryVideo(t.ctx.db, { status: "approved", durationS: 20 });
    const id = routine.id;
    const cases: Array<[unknown, string]> = [
      [{ ...drill(id), reference_video_id: "7" }, DRILL_MESSAGES.videoId],
      [drill(0), DRILL_MESSAGES.videoId],
      [drill(id, { start_s: -1 }), DRILL_MESSAGES.startS],
      [drill(id, { end_s: 3.2 }), DRILL_MESSAGES.endS],
      [drill(id, { start_s: 1, end_s: 40 }), DRILL_MESSAGES.tooLong],
      [drill(id, { start_s: 19, end_s: 24 }), DRILL_MESSAGES.beyondVideo],
      [drill(id, { count_label: "  " }), DRILL_MESSAGES.label],
      [drill(id, { count_label: "x".repeat(41) }), DRILL_MESSAGES.label],
      [drill(id, { passes_half: 2.5 }), DRILL_MESSAGES.passes],
      [drill(id, { passes_full: -1 }), DRILL_MESSAGES.passes],
      [drill(id, { passes_half: 1001 }), DRILL_MESSAGES.passes],
      [drill(id, { passes_half: 0, best_streak_half: 0 }), DRILL_MESSAGES.noPass],
      [drill(id, { best_streak_half: 4, passes_half: 9 }), DRILL_MESSAGES.streak],
      [drill(id, { passes_half: 1, best_streak_half: 2 }), DRILL_MESSAGES.streak],
      [drill(id, { passes_full: 2, best_streak_half: 2 }), DRILL_MESSAGES.fullBeforeHalf],
      [
        drill(id, { best_streak_half: 3, passes_full: 3, best_streak_full: 2, mastered: true }),
        DRILL_MESSAGES.masteredNeedsStreak,
      ],
      [{ ...drill(id), mastered: "yes" }, "mastered must be true or false"],
    ];
    for (const [body, error] of cases)
      expect(await save(me.token, body), error).toEqual({ status: 400, body: { error } });
    const extra = await save(me.token, { ...drill(id), user_id: 1 });
    expect(extra.status).toBe(400);
    expect((await list(me.token, id)).body.moves).toEqual([]);
  });
});
