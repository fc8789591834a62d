import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison } from "../../test/factories.ts";
import { awardAchievements } from "./service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function achievementNotes(userId: number) {
  return t.ctx.db
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "achievement")));
}

describe("achievement notifications", () => {
  it("are words only, starting with no emoji (the app shows its own icon; emoji render as boxes without an emoji font)", async () => {
    const { user } = await t.signUp();
    await makeComparison(t.ctx.db, { userId: user.id, score: 92 });
    await awardAchievements(t.ctx.db, user.id);
    const notes = await achievementNotes(user.id);
    expect(notes.length).toBeGreaterThan(0);
    expect(notes).toContainEqual({
      title: "Achievement unlocked: First Steps",
      message: expect.stringMatching(/^[A-Z]/),
    });
    for (const n of notes) expect(`${n.title} ${n.message}`).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});
