import { Readable } from "node:stream";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStore } from "../../storage/blob-store.ts";
import { parseRange, sendStoredFile } from "./serve.ts";

const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const store: BlobStore = {
  put: async () => ({ size: body.length }),
  open: async (_key, range) => Readable.from([range ? body.subarray(range.start, range.end + 1) : body]),
  stat: async (key) => (key === "videos/clip" ? { size: body.length } : undefined),
  delete: async () => {},
  localPath: async () => "",
  sweepPartials: async () => 0,
};

describe("parseRange (range-parser)", () => {
  it.each([
    ["bytes=0-99", { start: 0, end: 99 }],
    ["bytes=900-", { start: 900, end: 999 }],
    ["bytes=-100", { start: 900, end: 999 }],
    ["bytes=990-5000", { start: 990, end: 999 }],
    ["bytes=0-9,5-19", { start: 0, end: 19 }], // overlapping ranges combine into one
  ])("%s", (header, range) => {
    expect(parseRange(header, 1000)).toEqual(range);
  });

  it.each([["bytes=1000-"], ["bytes=5000-6000"], ["bytes=50-10"]])("%s is unsatisfiable", (header) => {
    expect(parseRange(header, 1000)).toBe("unsatisfiable");
  });

  it.each([[undefined], [""], ["bytes"], ["bytes=x-y"], ["items=0-9"], ["bytes=0-9,100-109"]])(
    "%s means the whole file",
    (header) => {
      expect(parseRange(header, 1000)).toBeUndefined();
    },
  );
});

describe("sendStoredFile", () => {
  const app = Fastify();
  app.get("/clip", (request, reply) =>
    sendStoredFile(request, reply, store, { key: "videos/clip", mimeType: "video/mp4", isPublic: false }),
  );
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it("answers a whole file 200 with accept-ranges", async () => {
    const res = await app.inject({ method: "GET", url: "/clip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.headers["content-length"]).toBe("1000");
    expect(res.rawPayload.equals(body)).toBe(true);
  });

  it("answers a range 206 with exactly those bytes", async () => {
    const res = await app.inject({ method: "GET", url: "/clip", headers: { range: "bytes=100-199" } });
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-range"]).toBe("bytes 100-199/1000");
    expect(res.headers["content-length"]).toBe("100");
    expect(res.rawPayload.equals(body.subarray(100, 200))).toBe(true);

    const tail = await app.inject({ method: "GET", url: "/clip", headers: { range: "bytes=-10" } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers["content-range"]).toBe("bytes 990-999/1000");
    expect(tail.rawPayload.equals(body.subarray(990))).toBe(true);
  });

  it("answers a range past the end 416 with the size", async () => {
    const res = await app.inject({ method: "GET", url: "/clip", headers: { range: "bytes=1000-2000" } });
    expect(res.statusCode).toBe(416);
    expect(res.headers["content-range"]).toBe("bytes */1000");
  });

  it("answers a malformed range with the whole file", async () => {
    const res = await app.inject({ method: "GET", url: "/clip", headers: { range: "bytes=abc" } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(1000);
  });
});
