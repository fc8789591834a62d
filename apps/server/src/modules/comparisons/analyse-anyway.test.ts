import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPARE_MESSAGES } from "@stepsync/contracts";
import { comparisons, creditTransactions, users } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison, makeLibraryVideo } from "../../test/factories.ts";
import { fixtureVideo, hasFixtures } from "../../test/videos.ts";

/** A result refused as another routine, as the engine stores it (trimmed to what is read). */
const refusal = {
  overall_score: 19.1,
  same_routine: false,
  sameness: { decision: "not_same", confidence: 0.02, music: false },
  sections: [],
};

const analyseAnyway = (t: TestApp, id: number, token: string, headers: Record<string, string> = {}) =>
  t.call("POST", `/api/comparisons/${id}/analyse-anyway`, { token, headers });

async function balance(t: TestApp, userId: number) {
  const [row] = await t.ctx.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits;
}

async function usageLines(t: TestApp, userId: number) {
  return t.ctx.db
    .select({ amount: creditTransactions.amount, description: creditTransactions.description })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.transactionType, "usage")));
}

async function stored(t: TestApp, id: number) {
  const [row] = await t.ctx.db.select().from(comparisons).where(eq(comparisons.id, id));
  return row;
}

describe("analyse anyway: the call itself (no worker runs the analysis)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ roles: { web: true, worker: false } });
  });
  afterAll(() => t.close());

  /** A finished result refused as another routine (its credit was given back), of a new user. */
  async function refused(credits = 10) {
    const { token, user } = await t.signUp();
    await t.ctx.db.update(users).set({ credits }).where(eq(users.id, user.id));
    const row = await makeComparison(t.ctx.db, { userId: user.id, score: 19.1, sameRoutine: false, result: refusal });
    return { token, user, row };
  }

  it("takes one credit with a ledger line saying why, and queues the comparison again as the dancer's call", async () => {
    const { token, user, row } = await refused();
    const res = await analyseAnyway(t, row.id, token);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      comparison_id: row.id,
      status: "processing",
      progress: 0,
      charged: true,
      message: COMPARE_MESSAGES.analyseAnywayStarted,
    });
    expect(await balance(t, user.id)).toBe(9);
    expect(await usageLines(t, user.id)).toEqual([
      { amount: -1, description: `Comparison #${row.id} analysed anyway: you said it is the reference's routine` },
    ]);
    expect(await stored(t, row.id)).toMatchObject({
      status: "processing",
      dancerCall: true,
      result: null,
      overallScore: null,
      attempts: 0,
    });
    // The history marks it, and shows it processing until it is scored.
    const list = (await t.call("GET", "/api/comparisons", { token })).json().comparisons;
    expect(list[0]).toMatchObject({ id: row.id, status: "processing", dancer_call: true });
    const processing = (await t.call("GET", "/api/comparisons/processing-status", { token })).json();
    expect(processing.processing_comparisons.map((c: { id: number }) => c.id)).toEqual([row.id]);
  });

  it("asked again (a retry, a second tab) charges nothing and answers the comparison as it is", async () => {
    const { token, user, row } = await refused();
    expect((await analyseAnyway(t, row.id, token)).json().charged).toBe(true);
    const again = await analyseAnyway(t, row.id, token);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({
      comparison_id: row.id,
      status: "processing",
      charged: false,
      message: COMPARE_MESSAGES.analyseAnywayAlready,
    });
    // Scored since: still nothing more to pay.
    await t.ctx.db
      .update(comparisons)
      .set({ status: "completed", sameRoutine: true, overallScore: 71 })
      .where(eq(comparisons.id, row.id));
    expect((await analyseAnyway(t, row.id, token)).json()).toMatchObject({ status: "completed", charged: false });
    expect(await balance(t, user.id)).toBe(9);
    expect(await usageLines(t, user.id)).toHaveLength(1);
  });

  it("charges exactly once when calls race", async () => {
    const { token, user, row } = await refused();
    const answers = await Promise.all(Array.from({ length: 6 }, () => analyseAnyway(t, row.id, token)));
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202, 202]);
    expect(answers.filter((a) => a.json().charged)).toHaveLength(1);
    expect(await balance(t, user.id)).toBe(9);
    expect(await usageLines(t, user.id)).toHaveLength(1);
  });

  it("402 'Insufficient credits' with none left: the refusal stays as it was", async () => {
    const { token, user, row } = await refused(0);
    const res = await analyseAnyway(t, row.id, token);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: COMPARE_MESSAGES.insufficientCredits });
    expect(await balance(t, user.id)).toBe(0);
    expect(await usageLines(t, user.id)).toEqual([]);
    expect(await stored(t, row.id)).toMatchObject({
      status: "completed",
      sameRoutine: false,
      dancerCall: false,
      overallScore: 19.1,
    });
  });

  it("only a refused result can be called: a scored, running or failed one is refused with 409", async () => {
    const { token, user } = await t.signUp();
    const scored = await makeComparison(t.ctx.db, { userId: user.id, score: 81 });
    const running = await makeComparison(t.ctx.db, { userId: user.id });
    const failed = await makeComparison(t.ctx.db, { userId: user.id, status: "failed", error: "No person" });
    for (const row of [scored, running, failed]) {
      const res = await analyseAnyway(t, row.id, token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: COMPARE_MESSAGES.analyseAnywayNotRefused });
    }
    expect(await balance(t, user.id)).toBe(10);
  });

  it("is the owner's alone, signed in, and never from another site's page", async () => {
    const { token, user, row } = await refused();
    const other = await t.signUp();
    const notYours = await analyseAnyway(t, row.id, other.token);
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toEqual({ error: COMPARE_MESSAGES.comparisonNotFound(row.id) });
    expect((await t.call("POST", `/api/comparisons/${row.id}/analyse-anyway`)).statusCode).toBe(401);
    // The session cookie from a page of another origin signs in nothing that changes state.
    const crossSite = await t.call("POST", `/api/comparisons/${row.id}/analyse-anyway`, {
      headers: { cookie: `session_id=${token}`, origin: "http://evil.example" },
    });
    expect(crossSite.statusCode).toBe(401);
    expect(await balance(t, user.id)).toBe(10);
    expect((await stored(t, row.id))?.dancerCall).toBe(false);
  });

  it("the admin sees the refusals and the calls, overall and per reference video", async () => {
    const admin = await t.signUp();
    await t.ctx.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
    const before = (await t.call("GET", "/api/admin/dancer-calls", { token: admin.token })).json();
    const routine = await makeLibraryVideo(t.ctx.db, { status: "approved", title: "Studio routine" });
    const { user } = await t.signUp();
    const on = { userId: user.id, referenceVideoId: routine.id, referenceTitle: "Studio routine" };
    // Two refusals of the routine, one of them called and scored 72; one scored as the routine; another
    // refusal, of an uploaded reference.
    await makeComparison(t.ctx.db, { ...on, score: 20, sameRoutine: false });
    await makeComparison(t.ctx.db, { ...on, score: 72, dancerCall: true });
    await makeComparison(t.ctx.db, { ...on, score: 88 });
    await makeComparison(t.ctx.db, { userId: user.id, score: 15, sameRoutine: false });

    const res = await t.call("GET", "/api/admin/dancer-calls", { token: admin.token });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.refusals - before.refusals).toBe(3);
    expect(after.dancer_calls - before.dancer_calls).toBe(1);
    expect(after.references.find((r: { reference_video_id: number }) => r.reference_video_id === routine.id)).toEqual({
      reference_video_id: routine.id,
      title: "Studio routine",
      refusals: 2,
      dancer_calls: 1,
      called_average_score: 72,
    });
    // The most called reference first.
    expect(after.references[0].dancer_calls).toBeGreaterThanOrEqual(1);
    const notAdmin = await t.signUp();
    expect((await t.call("GET", "/api/admin/dancer-calls", { token: notAdmin.token })).statusCode).toBe(403);
  });
});

describe.skipIf(!hasFixtures)("analyse anyway, end to end with real footage", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp();
    base = await t.listen();
  }, 120_000);
  afterAll(() => t.close());

  // biome-ignore lint/suspicious/noExplicitAny: answers are read as JSON, checked by what the test expects of them
  async function get(token: string, url: string): Promise<any> {
    return (await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } })).json();
  }

  async function settle(token: string, id: number) {
    const deadline = Date.now() + 240_000;
    for (;;) {
      const { comparison } = await get(token, `/api/comparisons/${id}`);
      if (comparison.status !== "processing") return comparison;
      if (Date.now() > deadline) throw new Error(`comparison ${id} still processing`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it("a dance against another dance is refused and refunded; the dancer's call scores it, counted like any result", async () => {
    const { token, user } = await t.signUp();
    const form = new FormData();
    form.append("activity_type", "hip_hop");
    for (const [field, file] of [
      ["reference_video", fixtureVideo("pose_1.mp4")],
      ["user_video", fixtureVideo("sample_fb_0.mp4")],
    ] as const)
      form.append(field, new Blob([await readFile(file)], { type: "video/mp4" }), path.basename(file));
    const started = await fetch(`${base}/api/videos/compare`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(started.status).toBe(202);
    const id = ((await started.json()) as { comparison_id: number }).comparison_id;

    const refusedResult = await settle(token, id);
    expect(refusedResult).toMatchObject({ status: "completed", same_routine: false, dancer_call: false });
    expect(refusedResult.results.sameness.decision).toBe("not_same");
    expect(await balance(t, user.id)).toBe(10);

    const call = await analyseAnyway(t, id, token);
    expect(call.json()).toMatchObject({ status: "processing", charged: true });
    expect(await balance(t, user.id)).toBe(9);

    const scored = await settle(token, id);
    expect(scored).toMatchObject({ status: "completed", same_routine: true, dancer_call: true });
    expect(scored.results.sameness).toMatchObject({ decision: "unsure", dancer_call: true });
    expect(scored.results.moves.length).toBeGreaterThan(0);
    expect(scored.results.overview.details).toContain("You told us this is the routine");
    expect(typeof scored.overall_score).toBe("number");
    // Scored as the routine it costs its credit (no refund this time), and counts like any result.
    expect(await balance(t, user.id)).toBe(9);
    const stats = await get(token, "/api/comparisons/stats");
    expect(stats).toMatchObject({ total_comparisons: 1, best_score: scored.overall_score });
    const achieved = (await get(token, "/api/dashboard/achievements")).achievements.map((a: { id: string }) => a.id);
    expect(achieved).toContain("first_comparison");
    const ledger = (await get(token, "/api/credits/transactions")).transactions.map(
      (x: { transaction_type: string; amount: number; description: string }) => [
        x.transaction_type,
        x.amount,
        x.description,
      ],
    );
    expect(ledger).toEqual([
      ["usage", -1, `Comparison #${id} analysed anyway: you said it is the reference's routine`],
      ["refund", 1, `Refund: comparison #${id} did not show the same routine as the reference`],
      ["usage", -1, "Hip Hop comparison"],
      ["initial", 10, expect.any(String)],
    ]);
  }, 300_000);
});
