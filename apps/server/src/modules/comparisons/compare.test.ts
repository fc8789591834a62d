import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { COMPARE_MESSAGES, UPLOAD_MESSAGES } from "@stepsync/contracts";
import { comparisons, users } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison } from "../../test/factories.ts";
import { fakeVideo, fixtureVideo, hasFixtures, noPersonVideo, tempDir } from "../../test/videos.ts";

let t: TestApp;
let base: string;
let dataDir: string;
let pattern: string;
let notVideo: string;

beforeAll(async () => {
  dataDir = await tempDir();
  t = await startTestApp({ dataDir, uploadsDir: path.join(dataDir, "uploads"), maxVideoBytes: 3 * 1024 * 1024 });
  base = await t.listen();
  const dir = await tempDir();
  pattern = await noPersonVideo(dir);
  notVideo = await fakeVideo(dir);
}, 120_000);
afterAll(() => t.close());

async function filePart(file: string) {
  return new Blob([await readFile(file)], { type: "video/mp4" });
}

/** POSTs a real multipart form, as the browser does. */
async function compare(token: string, parts: { reference?: string; user?: string; fields?: Record<string, string> }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(parts.fields ?? { activity_type: "ballet" })) form.append(k, v);
  if (parts.reference) form.append("reference_video", await filePart(parts.reference), path.basename(parts.reference));
  if (parts.user) form.append("user_video", await filePart(parts.user), path.basename(parts.user));
  const res = await fetch(`${base}/api/videos/compare`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function get(token: string, url: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
}

/** Polls a comparison until it leaves "processing", recording the progress seen on the way. */
async function settle(token: string, id: number, timeoutMs = 240_000, everyMs = 250) {
  const seen: number[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { comparison } = (await (await get(token, `/api/comparisons/${id}`)).json()) as {
      comparison: { status: string; progress: number } & Record<string, unknown>;
    };
    seen.push(comparison.progress);
    if (comparison.status !== "processing") return { comparison, seen };
    if (Date.now() > deadline) throw new Error(`comparison ${id} still processing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function credits(token: string) {
  return ((await (await get(token, "/api/credits/balance")).json()) as { credits: number }).credits;
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, "uploads", "videos");
  const out: string[] = [];
  for (const dir of await readdir(root).catch(() => [])) out.push(...(await readdir(path.join(root, dir))));
  return out;
}

describe("POST /api/videos/compare: bad input gets a clear error, costs nothing and stores nothing", () => {
  it("answers 402 'Insufficient credits' with no credit left", async () => {
    const { token, user } = await t.signUp();
    await t.database.db.update(users).set({ credits: 0 }).where(eq(users.id, user.id));
    const before = await storedFiles();
    const res = await compare(token, { reference: pattern, user: pattern });
    expect(res).toEqual({ status: 402, body: { error: COMPARE_MESSAGES.insufficientCredits } });
    expect(await storedFiles()).toEqual(before);
  });

  type Case = { reference?: string; user?: string; style?: string };
  it.each<[string, Case, number, string]>([
    ["no user video", { reference: "pattern" }, 400, COMPARE_MESSAGES.noUserVideo],
    ["no reference", { user: "pattern" }, 400, COMPARE_MESSAGES.noReference],
    ["a text file posing as a video", { reference: "pattern", user: "text" }, 415, UPLOAD_MESSAGES.invalidVideoType],
    ["an unknown style", { reference: "pattern", user: "pattern", style: "polka" }, 400, COMPARE_MESSAGES.unknownStyle],
  ])("%s → %i", async (_name, input, status, error) => {
    const { token } = await t.signUp();
    const before = await storedFiles();
    const pick = (v?: string) => (v === "pattern" ? pattern : v === "text" ? notVideo : undefined);
    const res = await compare(token, {
      reference: pick(input.reference),
      user: pick(input.user),
      fields: { activity_type: input.style ?? "ballet" },
    });
    expect(res).toEqual({ status, body: { error } });
    expect(await credits(token)).toBe(10);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a video over the size limit while it streams, with the spec's text", async () => {
    const { token } = await t.signUp();
    const big = path.join(await tempDir(), "big.mp4");
    const { writeFile } = await import("node:fs/promises");
    const head = await readFile(pattern);
    await writeFile(big, Buffer.concat([head, Buffer.alloc(4 * 1024 * 1024)]));
    const before = await storedFiles();
    const res = await compare(token, { reference: pattern, user: big });
    expect(res).toEqual({ status: 413, body: { error: UPLOAD_MESSAGES.videoTooLarge(3 * 1024 * 1024) } });
    expect(await credits(token)).toBe(10);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a library reference that does not exist", async () => {
    const { token } = await t.signUp();
    const res = await compare(token, {
      user: pattern,
      fields: { activity_type: "jazz", reference_video_id: "999999" },
    });
    expect(res).toEqual({ status: 404, body: { error: COMPARE_MESSAGES.referenceNotFound } });
    expect(await credits(token)).toBe(10);
  });
});

describe("a comparison that cannot be analysed", () => {
  it("fails with a readable reason and gives the credit back", async () => {
    const { token } = await t.signUp();
    const res = await compare(token, { reference: pattern, user: pattern });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "processing", message: COMPARE_MESSAGES.processing });
    const id = res.body.comparison_id as number;
    const { comparison } = await settle(token, id);
    expect(comparison.status).toBe("failed");
    expect(comparison.error).toMatch(/person/i);
    expect(comparison.error).toMatch(/refunded/);
    // An uploaded reference is titled by nobody: its file name is not shown as a title.
    expect(comparison.reference_title).toBeNull();
    expect(await credits(token)).toBe(10);
    const tx = (await (await get(token, "/api/credits/transactions")).json()) as {
      transactions: { transaction_type: string; amount: number; description: string }[];
    };
    expect(tx.transactions.map((x) => [x.transaction_type, x.amount])).toEqual([
      ["refund", 1],
      ["usage", -1],
      ["initial", 10],
    ]);
    // The ledger names the style in words.
    expect(tx.transactions[1]?.description).toBe("Ballet comparison");
  });
});

describe.skipIf(!hasFixtures)("a real comparison (fixture footage)", () => {
  it("charges one credit, reports progress, and stores scores, sections and both pose tracks", async () => {
    const { token } = await t.signUp();
    const video = fixtureVideo("pose_1.mp4");
    const res = await compare(token, { reference: video, user: video, fields: { activity_type: "contemporary" } });
    expect(res.status).toBe(202);
    expect(await credits(token)).toBe(9);
    const id = res.body.comparison_id as number;
    const status = (await (await get(token, "/api/comparisons/processing-status")).json()) as {
      processing_comparisons: { id: number }[];
    };
    expect(status.processing_comparisons.map((c) => c.id)).toContain(id);

    // Polled often enough to see the analysis on its way (it takes seconds; progress is written
    // every second or 5 %).
    const { comparison, seen } = await settle(token, id, 240_000, 50);
    expect(comparison.status).toBe("completed");
    expect(comparison.progress).toBe(100);
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true);
    expect(comparison.overall_score).toBeGreaterThanOrEqual(90);
    const results = comparison.results as {
      sections: { title: string; timestamp: number; score: number }[];
      categories: Record<string, number>;
    };
    expect(results.sections.length).toBeGreaterThan(0);
    expect(Object.keys(results.categories).sort()).toEqual(["connection", "expression", "flexibility", "flow"]);
    expect(comparison.tracks).toBeTruthy();
    const after = (await (await get(token, "/api/comparisons/processing-status")).json()) as {
      processing_comparisons: unknown[];
    };
    expect(after.processing_comparisons).toEqual([]);

    // The history lists it, and its videos play with range requests.
    const list = (await (await get(token, "/api/comparisons")).json()) as {
      comparisons: { id: number; overall_score: number }[];
    };
    expect(list.comparisons[0]?.id).toBe(id);
    const userUrl = comparison.user_url as string;
    const ranged = await get(token, userUrl, { range: "bytes=0-99" });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toMatch(/^bytes 0-99\/\d+$/);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    expect((await get(token, userUrl)).headers.get("content-type")).toBe("video/mp4");

    // Nobody else can see it or its files.
    const other = await t.signUp();
    expect((await get(other.token, `/api/comparisons/${id}`)).status).toBe(404);
    expect((await get(other.token, userUrl)).status).toBe(404);
    expect((await fetch(`${base}${userUrl}`)).status).toBe(401);
    expect(
      (
        await fetch(`${base}/api/comparisons/${id}`, {
          method: "DELETE",
          headers: { authorization: `Bearer ${other.token}` },
        })
      ).status,
    ).toBe(404);

    // Deleting removes the comparison and its files.
    const filesBefore = (await storedFiles()).length;
    const del = await fetch(`${base}/api/comparisons/${id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(del.status).toBe(200);
    expect((await get(token, `/api/comparisons/${id}`)).status).toBe(404);
    expect((await get(token, userUrl)).status).toBe(404);
    expect((await storedFiles()).length).toBe(filesBefore - 2);
  }, 300_000);
});

describe("interrupted jobs", () => {
  it("are retried, and after the last attempt failed with a refund — never left processing", async () => {
    const { recoverStaleComparisons } = await import("./job.ts");
    const { token, user } = await t.signUp();
    await t.database.db.update(users).set({ credits: 9 }).where(eq(users.id, user.id));
    const stale = new Date(Date.now() - 60 * 60 * 1000);
    const exhausted = await makeComparison(t.database.db, { userId: user.id, attempts: 3, heartbeatAt: stale });
    const retry = await makeComparison(t.database.db, { userId: user.id, attempts: 1, heartbeatAt: stale });
    // Alive, and someone else's (while one of this user's runs, their next would wait for it).
    const someoneElse = await t.signUp();
    const fresh = await makeComparison(t.database.db, {
      userId: someoneElse.user.id,
      attempts: 1,
      heartbeatAt: new Date(),
    });
    expect(await recoverStaleComparisons(t.database.db, t.queue, { staleMs: 10 * 60 * 1000 })).toBe(2);

    const first = await settle(token, exhausted.id, 10_000);
    expect(first.comparison).toMatchObject({ status: "failed", error: COMPARE_MESSAGES.interrupted });
    // The retried one runs again; its videos are gone, so it fails with that reason and a refund.
    const second = await settle(token, retry.id, 10_000);
    expect(second.comparison.status).toBe("failed");
    expect(second.comparison.error).toMatch(/no longer available/);
    // A job that is alive is left alone.
    const [still] = await t.database.db.select().from(comparisons).where(eq(comparisons.id, fresh.id));
    expect(still?.status).toBe("processing");
    expect(await credits(token)).toBe(11);
    // A second sweep changes nothing: each refund happened once.
    await recoverStaleComparisons(t.database.db, t.queue, { staleMs: 10 * 60 * 1000 });
    expect(await credits(token)).toBe(11);
  });
});
