import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPARE_MESSAGES, PART_MESSAGES } from "@stepsync/contracts";
import { ffmpegPath } from "@stepsync/motion";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison, makeUpload } from "../../test/factories.ts";
import { fixtureVideo, hasFixtures, noPersonVideo, postCompareForm, tempDir } from "../../test/videos.ts";

let t: TestApp;
let base: string;
let take: string;

beforeAll(async () => {
  const dataDir = await tempDir();
  t = await startTestApp({ dataDir, uploadsDir: path.join(dataDir, "uploads") });
  base = await t.listen();
  take = await noPersonVideo(await tempDir());
}, 120_000);
afterAll(() => t.close());

/** POSTs the compare form as the browser does (test/videos.ts). */
const compare = (token: string, fields: Record<string, string>, files: { user?: string; reference?: string }) =>
  postCompareForm(base, token, fields, files);

async function detail(token: string, id: number) {
  const res = await fetch(`${base}/api/comparisons/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as { comparison: Record<string, unknown> & { status: string } };
}

async function settle(token: string, id: number, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { comparison } = await detail(token, id);
    if (comparison.status !== "processing") return comparison;
    if (Date.now() > deadline) throw new Error(`comparison ${id} still processing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function transactions(token: string) {
  const res = await fetch(`${base}/api/credits/transactions`, { headers: { authorization: `Bearer ${token}` } });
  const { transactions } = (await res.json()) as { transactions: { transaction_type: string; amount: number }[] };
  return transactions.map((x) => [x.transaction_type, x.amount]);
}

/** A completed comparison of the user's against an uploaded 13 s reference (rows only, no analysis). */
async function parentOf(userId: number) {
  const reference = await makeUpload(t.database.db, { ownerId: userId, kind: "reference", durationS: 13 });
  return makeComparison(t.database.db, { userId, score: 70, referenceUploadId: reference.id });
}

describe("practising a part: its span and parent are checked, with clear texts, before any credit is taken", () => {
  it.each<[string, Record<string, string>, string]>([
    ["a start that is not a number", { reference_start_s: "soon", reference_end_s: "5" }, PART_MESSAGES.notANumber],
    ["no end", { reference_start_s: "2" }, PART_MESSAGES.notANumber],
    ["a negative start", { reference_start_s: "-1", reference_end_s: "3" }, PART_MESSAGES.startBeforeEnd],
    ["an end before the start", { reference_start_s: "6", reference_end_s: "4" }, PART_MESSAGES.startBeforeEnd],
    ["under a second", { reference_start_s: "4", reference_end_s: "4.5" }, PART_MESSAGES.tooShort],
    ["over a minute", { reference_start_s: "0", reference_end_s: "61" }, PART_MESSAGES.tooLong],
    ["past the reference's end", { reference_start_s: "10", reference_end_s: "14" }, PART_MESSAGES.pastEnd(13)],
  ])("%s → 400", async (_name, span, error) => {
    const { token, user } = await t.signUp();
    const parent = await parentOf(user.id);
    const res = await compare(token, { ...span, parent_comparison_id: String(parent.id) }, { user: take });
    expect(res).toEqual({ status: 400, body: { error } });
    expect(await transactions(token)).toEqual([["initial", 10]]);
  });

  it("needs the comparison it comes from", async () => {
    const { token } = await t.signUp();
    const res = await compare(token, { reference_start_s: "1", reference_end_s: "3" }, { user: take });
    expect(res).toEqual({ status: 400, body: { error: PART_MESSAGES.spanWithoutParent } });
  });

  it("answers 404 for someone else's comparison, as for a missing one", async () => {
    const owner = await t.signUp();
    const parent = await parentOf(owner.user.id);
    const { token } = await t.signUp();
    const fields = { reference_start_s: "1", reference_end_s: "3", parent_comparison_id: String(parent.id) };
    const res = await compare(token, fields, { user: take });
    expect(res).toEqual({ status: 404, body: { error: COMPARE_MESSAGES.comparisonNotFound(parent.id) } });
    expect(await transactions(token)).toEqual([["initial", 10]]);
  });

  it("waits for the parent's analysis, and keeps to the parent's reference", async () => {
    const { token, user } = await t.signUp();
    const running = await makeComparison(t.database.db, { userId: user.id });
    const span = { reference_start_s: "1", reference_end_s: "3" };
    expect(await compare(token, { ...span, parent_comparison_id: String(running.id) }, { user: take })).toEqual({
      status: 400,
      body: { error: PART_MESSAGES.parentNotCompleted },
    });
    const parent = await parentOf(user.id);
    const other = await compare(
      token,
      { ...span, parent_comparison_id: String(parent.id) },
      { user: take, reference: take },
    );
    expect(other).toEqual({ status: 400, body: { error: PART_MESSAGES.otherReference } });
  });
});

describe.skipIf(!hasFixtures)("practising a part of a real comparison (fixture footage)", () => {
  it("compares the take with that span of the parent's reference: high score, only its moves, one credit", async () => {
    const { token } = await t.signUp();
    const reference = fixtureVideo("pose_squats.mp4");
    const dir = await tempDir();
    // The user dances 4–9 s of the reference (cut from it: a perfect take of that part).
    const part = path.join(dir, "part.mp4");
    await promisify(execFile)(ffmpegPath(), [
      ...["-y", "-v", "error", "-ss", "4", "-t", "5", "-i", reference],
      ...["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-an", part],
    ]);
    const first = await compare(token, { activity_type: "contemporary" }, { reference, user: part });
    expect(first.status).toBe(202);
    const parentId = first.body.comparison_id as number;
    expect((await settle(token, parentId)).status).toBe("completed");

    const fields = {
      activity_type: "contemporary",
      reference_start_s: "4",
      reference_end_s: "9",
      parent_comparison_id: String(parentId),
      part_label: "counts 5–6",
    };
    const started = await compare(token, fields, { user: part });
    expect(started.status).toBe(202);
    // The parent's reference, not a new upload.
    expect(started.body.reference_url).toBe((await detail(token, parentId)).comparison.reference_url);
    const id = started.body.comparison_id as number;
    const done = await settle(token, id);
    expect(done.status).toBe("completed");
    expect(done.part).toEqual({ start_s: 4, end_s: 9, parent_id: parentId, label: "counts 5–6" });
    expect(done.overall_score as number).toBeGreaterThanOrEqual(85);
    // Moves and sections are in the reference's own time, all inside the part.
    const results = done.results as { moves: { start_s: number; end_s: number }[]; sections: { timestamp: number }[] };
    expect(results.moves.length).toBeGreaterThan(0);
    for (const m of results.moves) {
      expect(m.start_s).toBeGreaterThanOrEqual(4 - 0.01);
      expect(m.end_s).toBeLessThanOrEqual(9 + 0.01);
    }
    expect(results.moves[0]?.start_s).toBeLessThan(5);
    for (const s of results.sections) expect(s.timestamp).toBeGreaterThanOrEqual(4 - 0.01);
    // One credit per comparison, the part like any other.
    expect(await transactions(token)).toEqual([
      ["usage", -1],
      ["usage", -1],
      ["initial", 10],
    ]);
  }, 600_000);
});
