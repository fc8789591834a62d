import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BlobTooLargeError } from "./blob-store.ts";
import { localDiskStore } from "./local-disk.ts";

describe("local disk storage", () => {
  it("stores, reads ranges, stats and deletes files", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "stepsync-store-"));
    const store = localDiskStore(root);
    expect(await store.put("videos/a1.mp4", Readable.from([Buffer.from("0123456789")]))).toEqual({ size: 10 });
    expect(await store.stat("videos/a1.mp4")).toEqual({ size: 10 });
    const chunks: Buffer[] = [];
    for await (const c of await store.open("videos/a1.mp4", { start: 2, end: 5 })) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("2345");
    expect(await readFile(await store.localPath("videos/a1.mp4"), "utf8")).toBe("0123456789");
    await store.delete("videos/a1.mp4");
    expect(await store.stat("videos/a1.mp4")).toBeUndefined();
  });

  it("rejects an oversized upload while streaming and leaves no partial file", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "stepsync-store-"));
    const store = localDiskStore(root);
    const big = Readable.from(
      (function* () {
        for (let i = 0; i < 20; i++) yield Buffer.alloc(1024, 1);
      })(),
    );
    await expect(store.put("videos/big.mp4", big, { maxBytes: 8 * 1024 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await readdir(path.join(root, "videos"))).toEqual([]);
  });

  it("refuses keys that could escape the folder", async () => {
    const store = localDiskStore(await mkdtemp(path.join(tmpdir(), "stepsync-store-")));
    for (const key of ["../etc/passwd", "/abs/path", "videos/../../x", "a//b"]) {
      await expect(store.stat(key)).rejects.toThrow(/unsafe storage key/);
    }
  });
});
