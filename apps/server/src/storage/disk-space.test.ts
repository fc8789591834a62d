import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { UPLOAD_MESSAGES } from "@stepsync/contracts";
import { users } from "../db/schema.ts";
import { startTestApp, type TestApp } from "../test/app.ts";
import { noPersonVideo, postCompareForm, tempDir } from "../test/videos.ts";

/**
 * A disk with less free space than MIN_FREE_DISK_MB (here: more than any disk has, so this machine's
 * real free space is below it): uploads get 507 in words before anything is written or charged, and
 * health says why it is not ok.
 */
let full: TestApp;
let base: string;
beforeAll(async () => {
  full = await startTestApp({ minFreeDiskBytes: Number.MAX_SAFE_INTEGER });
  base = await full.listen();
});
afterAll(() => full.close());

describe("a nearly full disk", () => {
  it("health answers 503 and says the disk is low; with room it is ok", async () => {
    const res = await full.call("GET", "/api/health");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "error", error: expect.stringMatching(/^Disk space low: \d+ MB free/) });
    const roomy = await startTestApp({}, { MIN_FREE_DISK_MB: "1" });
    try {
      expect((await roomy.call("GET", "/api/health")).statusCode).toBe(200);
    } finally {
      await roomy.close();
    }
  });

  it("a comparison upload gets 507 with words and costs nothing; a library upload too", async () => {
    const { token, user } = await full.signUp();
    // Made admin before any request reads the session: a direct write reaches this process's session
    // cache only by the database's notice, which may come after the next request.
    await full.database.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    const before = (await full.call("GET", "/api/credits/balance", { token })).json().credits;
    const video = await noPersonVideo(await tempDir());
    const sent = await postCompareForm(base, token, { activity_type: "hip_hop" }, { user: video, reference: video });
    expect(sent).toEqual({ status: 507, body: { error: UPLOAD_MESSAGES.storageFull } });
    expect((await full.call("GET", "/api/credits/balance", { token })).json().credits).toBe(before);

    const form = new FormData();
    form.set("title", "Full disk");
    form.set("category", "latin");
    form.set("video", new Blob([Buffer.from("not read")], { type: "video/mp4" }), "v.mp4");
    const library = await fetch(`${base}/api/reference-videos`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(library.status).toBe(507);
    expect(await library.json()).toEqual({ error: UPLOAD_MESSAGES.storageFull });
  });
});
