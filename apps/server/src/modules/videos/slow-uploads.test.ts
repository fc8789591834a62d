import { connect, type Socket } from "node:net";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { UPLOAD_MESSAGES } from "@stepsync/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadSlots } from "../../db/schema.ts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { noPersonVideo, tempDir } from "../../test/videos.ts";

/**
 * Uploads from real, slow HTTP clients over loopback. Limits made small for the test: no byte for 1 s,
 * or under 1 KB/s after 1 s, cuts an upload off; an account may have 2 uploads in flight, an address 3.
 */
const SETTINGS = {
  UPLOAD_IDLE_SECONDS: "1",
  UPLOAD_MIN_KB_PER_S: "1",
  UPLOADS_PER_ACCOUNT: "2",
  UPLOADS_PER_ADDRESS: "3",
};

let t: TestApp;
/** A second web process of the same deployment (one database). */
let other: TestApp;
let bases: [string, string];
let video: Buffer;
let uploads: string;

beforeAll(async () => {
  const dataDir = await tempDir();
  uploads = path.join(dataDir, "uploads");
  t = await startTestApp({ dataDir, uploadsDir: uploads }, SETTINGS);
  other = await startTestApp({ dataDir, uploadsDir: uploads }, SETTINGS, t.database);
  bases = [await t.listen(), await other.listen()];
  video = await readFile(await noPersonVideo(await tempDir()));
}, 120_000);
afterAll(async () => {
  await other.close();
  await t.close();
});

const BOUNDARY = "slow-upload";
const HEAD = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="activity_type"\r\n\r\nhip_hop\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="user_video"; filename="take.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
);
const TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

type Answer = { status: number; body: string };
type Client = { socket: Socket; answer: Promise<Answer>; closed: Promise<void> };

/**
 * A compare upload over a raw socket: its headers promise `length` body bytes; the test writes them as
 * it likes. `answer`: the server's status and body as soon as they are in (status 0 when none came
 * within 15 s); `closed`: when the connection is closed.
 */
function startUpload(base: string, token: string, length: number): Client {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  socket.on("error", () => {});
  socket.write(
    `POST /api/videos/compare HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n`,
  );
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const answer = new Promise<Answer>((resolve) => {
    let text = "";
    const timer = setTimeout(() => resolve({ status: 0, body: "no answer in 15 s" }), 15_000);
    const parse = () => {
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) return undefined;
      const size = Number(/content-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
      const body = text.slice(end + 4);
      return body.length >= size ? { status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]), body } : undefined;
    };
    const settle = (found: Answer | undefined) => {
      if (!found) return;
      clearTimeout(timer);
      resolve(found);
    };
    socket.on("data", (chunk) => {
      text += chunk.toString();
      settle(parse());
    });
    socket.once("close", () => settle(parse() ?? { status: 0, body: "closed without an answer" }));
  });
  return { socket, answer, closed };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Keeps writing `chunk` every `everyMs` until the socket closes; answers a stop function. */
function trickle(socket: Socket, chunk: Buffer, everyMs: number): () => void {
  const timer = setInterval(() => {
    if (socket.destroyed) clearInterval(timer);
    else socket.write(chunk);
  }, everyMs);
  return () => clearInterval(timer);
}

async function partialFiles(): Promise<string[]> {
  const entries = await readdir(uploads, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((name) => name.endsWith(".partial"));
}

const slotsInUse = async () => (await t.ctx.db.select().from(uploadSlots)).length;

describe("an upload that stalls or trickles", () => {
  it("a byte every 200 ms (under 1 KB/s) is cut off with 408 and its words, the connection closed, nothing kept", async () => {
    const { token } = await t.signUp();
    const client = startUpload(bases[0], token, HEAD.length + video.length + TAIL.length);
    client.socket.write(HEAD);
    client.socket.write(video.subarray(0, 8192));
    const stop = trickle(client.socket, Buffer.alloc(1), 200);
    const answer = await client.answer;
    stop();
    expect(answer).toEqual({ status: 408, body: JSON.stringify({ error: UPLOAD_MESSAGES.tooSlow }) });
    await client.closed;
    await expect.poll(partialFiles).toEqual([]);
    await expect.poll(slotsInUse).toBe(0);
    expect((await t.call("GET", "/api/credits/balance", { token })).json().credits).toBe(10);
  });

  it("one that stops sending is cut off after the idle time", async () => {
    const { token } = await t.signUp();
    const client = startUpload(bases[1], token, HEAD.length + video.length + TAIL.length);
    client.socket.write(HEAD);
    client.socket.write(video.subarray(0, 8192));
    expect(await client.answer).toEqual({ status: 408, body: JSON.stringify({ error: UPLOAD_MESSAGES.tooSlow }) });
    await client.closed;
    await expect.poll(slotsInUse).toBe(0);
  });

  it("a slow but steady upload (16 KB/s, for longer than the idle time) goes through", async () => {
    const { token } = await t.signUp();
    const reference = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="reference_video"; filename="ref.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const body = Buffer.concat([reference, video, Buffer.from("\r\n"), HEAD, video, TAIL]);
    const client = startUpload(bases[0], token, body.length);
    const piece = 4096;
    const pieces = Math.max(12, Math.ceil(body.length / piece));
    const size = Math.ceil(body.length / pieces);
    for (let at = 0; at < body.length; at += size) {
      client.socket.write(body.subarray(at, at + size));
      await sleep(250);
    }
    const answer = await client.answer;
    client.socket.destroy();
    expect(answer.status, answer.body).toBe(202);
  });
});

describe("uploads in flight", () => {
  /** An upload kept going (4 KB every 250 ms: 16 KB/s) until stopped. */
  function heldUpload(base: string, token: string) {
    const client = startUpload(base, token, 50 * 1024 * 1024);
    client.socket.write(HEAD);
    client.socket.write(video.subarray(0, 8192));
    const stop = trickle(client.socket, Buffer.alloc(4096), 250);
    return {
      answer: client.answer,
      end() {
        stop();
        client.socket.destroy();
      },
    };
  }

  it("an account has 2 at once, whichever process takes them (429 and its words for a third); an address 3; a slot frees when its upload ends", async () => {
    const first = await t.signUp();
    const second = await t.signUp();
    const third = await t.signUp();
    const held = [heldUpload(bases[0], first.token)];
    const refusedAnswer = async (base: string, token: string) => {
      const refused = startUpload(base, token, HEAD.length);
      refused.socket.write(HEAD);
      const answer = await refused.answer;
      refused.socket.destroy();
      return answer;
    };
    try {
      await expect.poll(slotsInUse).toBe(1);
      held.push(heldUpload(bases[1], first.token));
      await expect.poll(slotsInUse).toBe(2);
      for (const base of bases) {
        expect(await refusedAnswer(base, first.token)).toEqual({
          status: 429,
          body: JSON.stringify({ error: UPLOAD_MESSAGES.tooManyUploads(2) }),
        });
      }

      held.push(heldUpload(bases[0], second.token));
      await expect.poll(slotsInUse).toBe(3);
      expect(await refusedAnswer(bases[1], third.token)).toEqual({
        status: 429,
        body: JSON.stringify({ error: UPLOAD_MESSAGES.tooManyUploadsFromAddress }),
      });

      held[0]?.end();
      await expect.poll(slotsInUse).toBe(2);
      held.push(heldUpload(bases[1], third.token));
      await expect.poll(slotsInUse).toBe(3);
    } finally {
      for (const h of held) h.end();
    }
    await expect.poll(slotsInUse).toBe(0);
  });
});
