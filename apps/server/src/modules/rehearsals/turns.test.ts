/**
 * One rehearsal per user analysed at a time, as comparisons: a group video is minutes of work, and a
 * user who sends three must not take every worker while someone else's first one waits.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rehearsals } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { rehearsalJobHandler } from "./job.ts";

let t: TestApp;
beforeAll(async () => {
  // No worker: the test hands the jobs to the handler itself.
  t = await startTestApp({ roles: { web: true, worker: false }, jobConcurrency: 1 });
});
afterAll(() => t?.close());

async function rehearsalOf(userId: number, running = false) {
  const [row] = await t.ctx.db
    .insert(rehearsals)
    .values({
      userId,
      referenceTitle: "Our sangeet routine",
      activityType: "hip_hop",
      videoKey: `videos/missing-${Math.random()}`,
      mimeType: "video/mp4",
      sizeBytes: 1,
      creditsCharged: 1,
      ...(running ? { attempts: 1, heartbeatAt: new Date() } : {}),
    })
    .returning();
  return row?.id as number;
}

const stored = async (id: number) => (await t.ctx.db.select().from(rehearsals).where(eq(rehearsals.id, id)))[0];

describe("rehearsals take turns per user", () => {
  it("while one of a user's rehearsals is analysed, a worker hands their next back (held a few seconds) and takes another user's", async () => {
    const ana = await t.signUp();
    const bo = await t.signUp();
    await rehearsalOf(ana.user.id, true);
    const anaNext = await rehearsalOf(ana.user.id);
    const boFirst = await rehearsalOf(bo.user.id);
    const handler = rehearsalJobHandler(t.ctx);

    await handler({ rehearsalId: anaNext });
    expect(await stored(anaNext)).toMatchObject({ status: "processing", attempts: 0, heartbeatAt: null });

    await handler({ rehearsalId: boFirst });
    // Taken (an attempt counted); its video does not exist here, so it ends failed, saying why.
    expect(await stored(boFirst)).toMatchObject({ attempts: 1, status: "failed" });

    // Ana's next comes back to the queue a few seconds later.
    const back = Date.now();
    const seen = await new Promise<number>((resolve) => {
      void t.queue.work("rehearsal", async ({ rehearsalId }) => {
        if (rehearsalId === anaNext) resolve(Date.now() - back);
      });
    });
    expect(seen).toBeGreaterThan(2000);
  }, 30_000);
});
