import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@stepsync/contracts";
import { eq } from "drizzle-orm";
import { users } from "../db/schema.ts";
import { startTestApp, type TestApp } from "../test/app.ts";
import { noPersonVideo, tempDir } from "../test/videos.ts";

/**
 * Multipart fields and file names are read by the routes themselves, past the NUL guard's JSON
 * check: a NUL there reached the database (PostgreSQL text refuses it) and answered 500.
 */
let t: TestApp;
let video: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  video = await readFile(await noPersonVideo(await tempDir()));
});
afterAll(() => t.close());

/** A multipart body: text fields, then one video part under `fileField` named `filename`. */
function form(fields: Record<string, string>, fileField: string, filename: string): { payload: Buffer; type: string } {
  const b = "nulboundary";
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${filename}"\r\nContent-Type: video/mp4\r\n\r\n`,
    ),
    video,
    Buffer.from(`\r\n--${b}--\r\n`),
  );
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${b}` };
}

describe("a NUL in a multipart upload", () => {
  it("in a compare field or the video's file name: 400 with the NUL message, and the credit stays", async () => {
    const { token } = await t.signUp();
    const credits = async () => (await t.call("GET", "/api/credits/balance", { token })).json().credits;
    const before = await credits();
    for (const [fields, filename] of [
      [{ activity_type: "hip_hop", part_label: "counts 5\u00008" }, "take.mp4"],
      [{ activity_type: "hip_hop" }, "ta\u0000ke.mp4"],
      [{ "activity\u0000type": "hip_hop" }, "take.mp4"],
    ] as const) {
      const { payload, type } = form(fields, "user_video", filename);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/videos/compare",
        payload,
        headers: { authorization: `Bearer ${token}`, "content-type": type },
      });
      expect(res.statusCode, JSON.stringify(fields) + filename).toBe(400);
      expect(res.json()).toEqual({ error: MESSAGES.nulCharacter });
    }
    expect(await credits()).toBe(before);
  });

  it("in a library upload's title, description or tags: 400 with the NUL message", async () => {
    const { token, user } = await t.signUp();
    await t.ctx.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    for (const field of ["title", "description", "tags"]) {
      const fields = { title: "Salsa basics", description: "Step by step", tags: "salsa", category: "latin" };
      const { payload, type } = form({ ...fields, [field]: "sal\u0000sa" }, "video", "salsa.mp4");
      const res = await t.app.inject({
        method: "POST",
        url: "/api/reference-videos",
        payload,
        headers: { authorization: `Bearer ${token}`, "content-type": type },
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toEqual({ error: MESSAGES.nulCharacter });
    }
  });
});

describe("a JSON body nested 20,000 levels deep", () => {
  it("is answered like any other wrong body (4xx), not with the guard's stack overflow", async () => {
    const deep = `{"email":${"[".repeat(20_000)}${"]".repeat(20_000)},"password":"x"}`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: deep,
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().error).toBe("string");
  });
});
