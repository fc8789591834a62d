import { mkdir, utimes, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startTestApp } from "../test/app.ts";
import { tempDir } from "../test/videos.ts";
import { partialName } from "./partial-files.ts";
import { STALE_PARTIAL_MS } from "./partial-sweep.ts";

describe("half-written uploads left by a killed server", () => {
  it("are removed when the server starts; an upload being written now is left alone", async () => {
    const dataDir = await tempDir();
    const uploads = path.join(dataDir, "uploads", "user");
    await mkdir(uploads, { recursive: true });
    // kill -9 ten minutes ago, mid-upload.
    const dead = partialName(path.join(uploads, "take.mp4"));
    await writeFile(dead, "half a video");
    const then = new Date(Date.now() - 2 * STALE_PARTIAL_MS);
    await utimes(dead, then, then);
    const live = partialName(path.join(uploads, "other.mp4"));
    await writeFile(live, "being written");

    const t = await startTestApp({ dataDir, uploadsDir: path.join(dataDir, "uploads") });
    try {
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(live)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
