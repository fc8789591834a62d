import { mkdir, mkdtemp, readdir, readFile, utimes, writeFile } from "node:fs/promises";
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

  it("sweeps partial files untouched for the given time, and nothing else", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "stepsync-store-"));
    await mkdir(path.join(root, "videos/u1"), { recursive: true });
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of ["a.1.partial", "b.2.partial", "done.mp4"]) {
      await writeFile(path.join(root, "videos/u1", name), "x");
      if (name !== "b.2.partial") await utimes(path.join(root, "videos/u1", name), old, old);
    }
    expect(await localDiskStore(root).sweepPartials(60 * 60 * 1000)).toBe(1);
    expect((await readdir(path.join(root, "videos/u1"))).sort()).toEqual(["b.2.partial", "done.mp4"]);
  });

  it("refuses keys that could escape the folder", async () => {
    const store = localDiskStore(await mkdtemp(path.join(tmpdir(), "stepsync-store-")));
    for (const key of ["../etc/passwd", "/abs/path", "videos/../../x", "a//b"]) {
      await expect(store.stat(key)).rejects.toThrow(/unsafe storage key/);
    }
  });
});
