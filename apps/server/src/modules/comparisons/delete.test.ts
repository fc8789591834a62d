import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPARE_MESSAGES } from "@stepsync/contracts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison, makeUpload } from "../../test/factories.ts";
import { writeText } from "../../storage/blob-store.ts";
import { completeComparison } from "./service.ts";
import { storageKeys } from "../../storage/keys.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("deleting a comparison", () => {
  it("while it is analysed cancels it and gives the credit back, once; its job then stores nothing", async () => {
    const { token, user } = await t.signUp();
    const credits = async () => (await t.call("GET", "/api/credits/balance", { token })).json().credits as number;
    const before = await credits();
    const running = await makeComparison(t.database.db, { userId: user.id, attempts: 1, heartbeatAt: new Date() });

    const del = await t.call("DELETE", `/api/comparisons/${running.id}`, { token });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: COMPARE_MESSAGES.deletedWhileRunning });
    expect(await credits()).toBe(before + 1);
    const ledger = (await t.call("GET", "/api/credits/transactions", { token })).json();
    expect(JSON.stringify(ledger)).toContain(`comparison #${running.id} was deleted before its analysis finished`);

    // The job finishing afterwards finds no row: no result, no second refund.
    expect(await completeComparison(t.database.db, running.id, { overall_score: 80 })).toBe(false);
    expect((await t.call("DELETE", `/api/comparisons/${running.id}`, { token })).statusCode).toBe(404);
    expect(await credits()).toBe(before + 1);
  });

  it("before its analysis used the take's pose track takes the take and its track with it", async () => {
    const { token, user } = await t.signUp();
    const take = await makeUpload(t.database.db, { ownerId: user.id });
    await writeText(t.ctx.storage, take.storageKey, "take");
    await writeText(t.ctx.storage, storageKeys.takeTrack(take.storageKey), "{}");
    const running = await makeComparison(t.database.db, { userId: user.id, userVideoId: take.id, attempts: 0 });
    expect((await t.call("DELETE", `/api/comparisons/${running.id}`, { token })).statusCode).toBe(200);
    expect(await t.ctx.storage.stat(take.storageKey)).toBeUndefined();
    expect(await t.ctx.storage.stat(storageKeys.takeTrack(take.storageKey))).toBeUndefined();
  });

  it("once finished gives nothing back and says so plainly", async () => {
    const { token, user } = await t.signUp();
    const credits = async () => (await t.call("GET", "/api/credits/balance", { token })).json().credits as number;
    const before = await credits();
    const done = await makeComparison(t.database.db, { userId: user.id, score: 77 });
    const del = await t.call("DELETE", `/api/comparisons/${done.id}`, { token });
    expect(del.json()).toEqual({ message: "Comparison deleted" });
    expect(await credits()).toBe(before);
  });
});
