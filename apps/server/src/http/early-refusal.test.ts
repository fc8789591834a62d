import { Agent, request } from "node:http";
import { MESSAGES } from "@stepsync/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema.ts";
import { startTestApp, type TestApp } from "../test/app.ts";

/**
 * A browser sends the whole upload and reads the answer, then sends its next request on the same
 * kept-alive connection. An upload refused before its end (a NUL in the title, before the file)
 * must reach the client as its answer, and leave nothing in the way of the next request.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  base = await t.listen();
});
afterAll(() => t.close());

type Answer = { status: number; connection: string | undefined; body: string };

/** One request through `agent`: its answer, or the error the client saw (a hang counts after 5 s). */
function send(agent: Agent, method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<Answer | string>((done) => {
    const timer = setTimeout(() => {
      done("no answer in 5 s");
      req.destroy();
    }, 5000);
    const resolve = (answer: Answer | string) => {
      clearTimeout(timer);
      done(answer);
    };
    const req = request(`${base}${path}`, { agent, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end(body);
  });
}

/** A library upload whose title (sent first) holds a NUL, then `mb` of video bytes. */
function uploadWithNulTitle(mb: number): { body: Buffer; type: string } {
  const b = "early-refusal";
  const head = Buffer.from(
    `--${b}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSal\u0000sa\r\n` +
      `--${b}\r\nContent-Disposition: form-data; name="video"; filename="salsa.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${b}--\r\n`);
  return {
    body: Buffer.concat([head, Buffer.alloc(mb * 1024 * 1024, 7), tail]),
    type: `multipart/form-data; boundary=${b}`,
  };
}

describe("an upload refused before its end", () => {
  it("reaches the client as its 400, and the next request on a kept-alive agent is answered, every time", async () => {
    const { token, user } = await t.signUp();
    await t.ctx.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    const auth = { authorization: `Bearer ${token}` };
    const seen: string[] = [];
    // 1 MB fits in the sockets' buffers (the client has sent it all); 8 MB does not (it is still sending).
    for (const mb of [1, 8]) {
      const { body, type } = uploadWithNulTitle(mb);
      for (let i = 0; i < 4; i++) {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        const refused = await send(agent, "POST", "/api/reference-videos", { ...auth, "content-type": type }, body);
        const next = await send(agent, "GET", "/api/auth/session", auth);
        agent.destroy();
        seen.push(
          `${mb} MB: ${typeof refused === "string" ? refused : `${refused.status} ${refused.connection} ${refused.body}`}, then ${typeof next === "string" ? next : next.status}`,
        );
      }
    }
    const answer = `400 close ${JSON.stringify({ error: MESSAGES.nulCharacter })}`;
    expect(seen).toEqual([
      ...Array(4).fill(`1 MB: ${answer}, then 200`),
      ...Array(4).fill(`8 MB: ${answer}, then 200`),
    ]);
  }, 120_000);
});
