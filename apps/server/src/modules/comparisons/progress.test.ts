import { COMPARE_MESSAGES, type RoutineProgress } from "@stepsync/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison, makeLibraryVideo, makeUpload } from "../../test/factories.ts";
import { matchingSection } from "./routine-progress.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A stored result's sections, as the engine writes them (only what progress reads matters here). */
const result = (sections: [title: string, start: number, score: number][]) => ({
  sections: sections.map(([title, timestamp, score]) => ({
    title,
    label: title.split(" · ")[0],
    description: title.split(" · ")[1],
    timestamp,
    duration: 4,
    score,
    overall_feedback: "",
    joint_feedback: {},
  })),
});

async function progress(token: string, id: number) {
  const res = await t.call("GET", `/api/comparisons/${id}/progress`, { token });
  return { status: res.statusCode, body: res.json() as RoutineProgress & { error?: string } };
}

describe("GET /api/comparisons/:id/progress", () => {
  it("lists the earlier attempts on the same library routine and the change since last time, overall and per section", async () => {
    const me = await t.signUp();
    const other = await t.signUp();
    const routine = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    const another = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    const mine = { userId: me.user.id, referenceVideoId: routine.id };
    const first = await makeComparison(t.ctx.db, {
      ...mine,
      score: 60.4,
      daysAgo: 10,
      result: result([
        ["8-count 1 · arms up", 0, 55],
        ["8-count 2 · step", 4, 70],
      ]),
    });
    const second = await makeComparison(t.ctx.db, {
      ...mine,
      score: 66.4,
      daysAgo: 5,
      result: result([
        ["8-count 1 · arms up", 0, 60.2],
        ["8-count 2 · step", 4, 71],
      ]),
    });
    // Not earlier attempts of mine on this routine: failed, still running, another routine, someone else's.
    await makeComparison(t.ctx.db, { ...mine, status: "failed", daysAgo: 3 });
    await makeComparison(t.ctx.db, { ...mine, daysAgo: 2 });
    await makeComparison(t.ctx.db, { userId: me.user.id, referenceVideoId: another.id, score: 95, daysAgo: 2 });
    await makeComparison(t.ctx.db, { userId: other.user.id, referenceVideoId: routine.id, score: 99, daysAgo: 1 });
    const now = await makeComparison(t.ctx.db, {
      ...mine,
      score: 71.6,
      daysAgo: 0,
      result: result([
        ["8-count 1 · arms up", 0, 70.4],
        ["8-count 2 · step", 4, 68],
        ["8-count 3 · turn", 8, 50],
      ]),
    });

    const { status, body } = await progress(me.token, now.id);
    expect(status).toBe(200);
    expect(body.comparison_id).toBe(now.id);
    expect(body.reference_video_id).toBe(routine.id);
    expect(body.earlier.map((a) => [a.comparison_id, a.overall_score, a.delta])).toEqual([
      [second.id, 66.4, 6],
      [first.id, 60.4, null],
    ]);
    expect(body.earlier[1]?.created_at).toBe(first.createdAt.toISOString());
    // Each section with its label and description (the engine's fields), for the list's headings.
    expect(body.earlier[0]?.sections).toEqual([
      { title: "8-count 1 · arms up", label: "8-count 1", description: "arms up", timestamp: 0, score: 60.2 },
      { title: "8-count 2 · step", label: "8-count 2", description: "step", timestamp: 4, score: 71 },
    ]);
    // 72% after 66%: +6, the difference of the percentages shown (not 5.2 rounded to 5).
    expect(body.since_last).toMatchObject({ comparison_id: second.id, score: 71.6, previous_score: 66.4, delta: 6 });
    expect(body.since_last?.sections.map(({ label, description, ...s }) => [label, description, s])).toEqual([
      [
        "8-count 1",
        "arms up",
        { title: "8-count 1 · arms up", timestamp: 0, score: 70.4, previous_score: 60.2, delta: 10 },
      ],
      ["8-count 2", "step", { title: "8-count 2 · step", timestamp: 4, score: 68, previous_score: 71, delta: -3 }],
      ["8-count 3", "turn", { title: "8-count 3 · turn", timestamp: 8, score: 50, previous_score: null, delta: null }],
    ]);

    // An earlier result sees only what came before it.
    const back = await progress(me.token, second.id);
    expect(back.body.earlier.map((a) => a.comparison_id)).toEqual([first.id]);
    expect(back.body.since_last?.delta).toBe(6);
    expect(back.body.since_last?.sections.map((s) => s.delta)).toEqual([5, 1]);
  });

  it("says there is nothing earlier on a first attempt, and keeps no progress on an uploaded reference", async () => {
    const me = await t.signUp();
    const routine = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    const only = await makeComparison(t.ctx.db, { userId: me.user.id, referenceVideoId: routine.id, score: 80 });
    expect((await progress(me.token, only.id)).body).toEqual({
      comparison_id: only.id,
      reference_video_id: routine.id,
      earlier: [],
      since_last: null,
    });

    const upload = await makeUpload(t.ctx.db, { ownerId: me.user.id, kind: "reference" });
    await makeComparison(t.ctx.db, { userId: me.user.id, referenceUploadId: upload.id, score: 70, daysAgo: 3 });
    const again = await makeComparison(t.ctx.db, { userId: me.user.id, referenceUploadId: upload.id, score: 75 });
    expect((await progress(me.token, again.id)).body).toEqual({
      comparison_id: again.id,
      reference_video_id: null,
      earlier: [],
      since_last: null,
    });
  });

  it("lists earlier attempts but no change while this one is still being analysed", async () => {
    const me = await t.signUp();
    const routine = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    const before = await makeComparison(t.ctx.db, {
      userId: me.user.id,
      referenceVideoId: routine.id,
      score: 64,
      daysAgo: 1,
    });
    const running = await makeComparison(t.ctx.db, { userId: me.user.id, referenceVideoId: routine.id });
    const { body } = await progress(me.token, running.id);
    expect(body.earlier.map((a) => a.comparison_id)).toEqual([before.id]);
    expect(body.since_last).toBeNull();
  });

  it("is the owner's alone: anyone else gets the detail route's 404, a visitor 401", async () => {
    const me = await t.signUp();
    const stranger = await t.signUp();
    const routine = await makeLibraryVideo(t.ctx.db, { status: "approved" });
    const mine = await makeComparison(t.ctx.db, { userId: me.user.id, referenceVideoId: routine.id, score: 70 });
    const theirs = await progress(stranger.token, mine.id);
    const detail = await t.call("GET", `/api/comparisons/${mine.id}`, { token: stranger.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ error: COMPARE_MESSAGES.comparisonNotFound(mine.id) });
    expect(detail.json()).toEqual(theirs.body);
    expect((await progress(me.token, 987654)).status).toBe(404);
    expect((await t.call("GET", `/api/comparisons/${mine.id}/progress`)).statusCode).toBe(401);
  });
});

describe("matching a section with an earlier result's", () => {
  const earlier = [
    { title: "Part 1 · arms up", timestamp: 0, duration: 4, score: 50 },
    { title: "Part 2 · step", timestamp: 4, duration: 4, score: 60 },
  ];

  it("by title, or else by the time it covers in the reference (an earlier engine named it otherwise)", () => {
    expect(matchingSection({ title: "Part 2 · step", timestamp: 3, duration: 4, score: 0 }, earlier)?.score).toBe(60);
    expect(matchingSection({ title: "8-count 2 · step", timestamp: 4.5, duration: 4, score: 0 }, earlier)?.score).toBe(
      60,
    );
  });

  it("not at all when too little of it overlaps", () => {
    expect(
      matchingSection({ title: "8-count 3 · turn", timestamp: 7, duration: 4, score: 0 }, earlier),
    ).toBeUndefined();
  });
});
