import { mkdtemp, readFile, rm } from "node:fs/promises";
import { closeSync, openSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { OneLinePerRequest, TurnBatchedOutput } from "./log-output.ts";

describe("the server log", () => {
  it("has one line per answered request, with the request, its status and its time", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({
      logger: { level: "info", stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
      logController: new OneLinePerRequest(),
    });
    app.get("/api/thing", async () => ({ ok: true }));
    await app.inject({ method: "GET", url: "/api/thing?x=1" });
    await app.close();
    const requestLines = lines.filter((l) => l.reqId);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: "request completed",
      req: { method: "GET", url: "/api/thing?x=1" },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it("writes every line, in order, right after the event-loop turn that logged them", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "log-output-"));
    const file = path.join(dir, "out.log");
    const fd = openSync(file, "w");
    try {
      const out = new TurnBatchedOutput(fd);
      for (let i = 0; i < 1000; i++) out.write(`line ${i}\n`);
      await new Promise((r) => setImmediate(r));
      const written = (await readFile(file, "utf8")).split("\n").slice(0, -1);
      expect(written).toEqual(Array.from({ length: 1000 }, (_, i) => `line ${i}`));
    } finally {
      closeSync(fd);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
