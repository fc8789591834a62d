import { request as httpRequest } from "node:http";
import { mkdir, readdir, readFile, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { COMPARE_MESSAGES, UPLOAD_MESSAGES } from "@stepsync/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { noPersonVideo, tempDir } from "../../test/videos.ts";

/**
 * Uploads under faults: aborted and refused uploads leave no bytes behind, and what the
 * engine would refuse is refused at upload, before any credit is taken.
 */

let t: TestApp;
let base: string;
let uploads: string;
let pattern: string;

/** Every file under the uploads folder, relative to it. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(uploads, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(uploads, path.join(e.parentPath, e.name)));
}
const partials = async () => (await storedFiles()).filter((f) => f.endsWith(".partial"));

/**
 * Polls `check` until it holds. 10 s: a dropped upload's partial file goes within milliseconds here, but
 * a full suite's disk (PostgreSQL creating and dropping a database per file, footage decoding) once
 * held it past 3 s; a partial that is never removed still fails.
 */
async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Sends the start of a multipart upload with one file part (the first bytes of a real MP4, so the
 * type check passes and storage starts writing), waits until its bytes reach the disk, then drops
 * the connection as a client closing the tab would.
 */
async function abortMidUpload(url: string, token: string, field: string, fields: Record<string, string> = {}) {
  const already = (await partials()).length;
  const boundary = "----stepsync-abort";
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join("") +
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="clip.mp4"\r\n` +
      "Content-Type: video/mp4\r\n\r\n",
  );
  const req = httpRequest(`${base}${url}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      // Promises far more than is ever sent.
      "content-length": String(head.length + 2 * 1024 * 1024),
    },
  });
  req.on("error", () => {});
  req.write(head);
  req.write(await readFile(pattern));
  // Its own partial file: another one (an upload "elsewhere", made in beforeAll) is there all along.
  const started = await until(async () => (await partials()).length > already);
  req.destroy();
  return started;
}

beforeAll(async () => {
  const dataDir = await tempDir();
  uploads = path.join(dataDir, "uploads");
  // A leftover of a crash long ago, and one an upload in another process is writing right now.
  await mkdir(path.join(uploads, "videos/u1"), { recursive: true });
  const stale = path.join(uploads, "videos/u1/user-old.abc123.partial");
  await writeFile(stale, Buffer.alloc(1024));
  const longAgo = new Date(Date.now() - 3 * 60 * 60 * 1000);
  await utimes(stale, longAgo, longAgo);
  await writeFile(path.join(uploads, "videos/u1/user-new.def456.partial"), Buffer.alloc(1024));
  await writeFile(path.join(uploads, "videos/u1/user-kept"), Buffer.alloc(10));
  t = await startTestApp({ dataDir, uploadsDir: uploads, maxVideoBytes: 5 * 1024 * 1024 });
  base = await t.listen();
  pattern = await noPersonVideo(await tempDir());
}, 120_000);
afterAll(() => t.close());

describe("leftover partial files", () => {
  it("are swept at start when stale; fresh ones (an upload in progress elsewhere) and finished files stay", async () => {
    expect((await storedFiles()).sort()).toEqual(["videos/u1/user-kept", "videos/u1/user-new.def456.partial"]);
  });
});

describe("an upload the client aborts mid-body", () => {
  it("leaves no partial file (comparison upload)", async () => {
    const before = await partials();
    const { token } = await t.signUp();
    expect(await abortMidUpload("/api/videos/compare", token, "user_video")).toBe(true);
    expect(await until(async () => (await partials()).length === before.length)).toBe(true);
  });

  it("leaves no partial file (library upload)", async () => {
    const before = await partials();
    const { token, user } = await t.signUp();
    await t.database.db.update(users).set({ role: "contributor" }).where(eq(users.id, user.id));
    expect(await abortMidUpload("/api/reference-videos", token, "video", { title: "Aborted" })).toBe(true);
    expect(await until(async () => (await partials()).length === before.length)).toBe(true);
  });
});

describe("a refused upload", () => {
  it("a thumbnail that is not an image leaves nothing, every time", async () => {
    const { token, user } = await t.signUp();
    await t.database.db.update(users).set({ role: "contributor" }).where(eq(users.id, user.id));
    const before = await storedFiles();
    for (let i = 0; i < 30; i++) {
      const form = new FormData();
      form.append("title", "Bad thumbnail");
      form.append("thumbnail", new Blob(["not an image at all, just text"]), "thumb.png");
      const res = await fetch(`${base}/api/reference-videos`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(415);
    }
    expect(await storedFiles()).toEqual(before);
  });
});

describe("checks at upload time, before any credit is taken", () => {
  async function compare(token: string, user: Blob) {
    const form = new FormData();
    form.append("activity_type", "ballet");
    form.append("reference_video", new Blob([await readFile(pattern)]), "reference.mp4");
    form.append("user_video", user, "mine.mp4");
    const res = await fetch(`${base}/api/videos/compare`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  const balance = async (token: string) =>
    (
      (await (
        await fetch(`${base}/api/credits/balance`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        credits: number;
      }
    ).credits;

  it("refuses an account whose address is not confirmed (403, in words), keeps nothing and charges nothing; once confirmed it compares", async () => {
    const { token, user } = await t.signUp({ confirmed: false });
    const before = await storedFiles();
    const video = new Blob([await readFile(pattern)]);
    expect(await compare(token, video)).toEqual({
      status: 403,
      body: { error: COMPARE_MESSAGES.confirmEmailFirst },
    });
    expect(await balance(token)).toBe(10);
    expect(await storedFiles()).toEqual(before);
    // What opening the mailed link does to the account. Written behind the server's back after it
    // cached the session (the balance above): it counts once PostgreSQL's change notice arrives
    // (USER_CHANGED), a moment later on a busy machine; a refused try in between charges nothing.
    await t.ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    await expect.poll(async () => (await compare(token, video)).status).toBe(202);
    expect(await balance(token)).toBe(9);
  });

  it("refuses a video over the engine's 10-minute limit, saying so, and charges nothing", async () => {
    const long = await noPersonVideo(await tempDir(), 3600, true);
    const { token } = await t.signUp();
    const before = await storedFiles();
    const res = await compare(token, new Blob([await readFile(long)]));
    expect(res).toEqual({
      status: 400,
      body: { error: "Your video: the video is too long (60 min 0 s); the limit is 10 min 0 s." },
    });
    expect(await balance(token)).toBe(10);
    expect(await storedFiles()).toEqual(before);
  });

  it("states the configured size limit (MAX_VIDEO_MB), not the default", async () => {
    const { token } = await t.signUp();
    const big = new Blob([await readFile(pattern), Buffer.alloc(6 * 1024 * 1024)]);
    expect(await compare(token, big)).toEqual({
      status: 413,
      body: { error: "File too large. Maximum size is 5MB." },
    });
    expect(UPLOAD_MESSAGES.videoTooLarge(500 * 1024 * 1024)).toBe("File too large. Maximum size is 500MB.");
    expect(await balance(token)).toBe(10);
  });
});
