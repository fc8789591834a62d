import { execFile } from "node:child_process";
import { cp, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const serverRoot = path.resolve(import.meta.dirname, "../..");
const drizzleKit = path.resolve(serverRoot, "../../node_modules/.bin/drizzle-kit");

describe("migrations", () => {
  it("match the schema: generating from schema.ts finds nothing left to migrate", async () => {
    // On a copy (drizzle-kit wants a path relative to where it runs), so nothing is written here.
    const copy = `.drizzle-check-${process.pid}`;
    await cp(path.join(serverRoot, "drizzle"), path.join(serverRoot, copy), { recursive: true });
    try {
      const before = await readdir(path.join(serverRoot, copy));
      const { stdout } = await promisify(execFile)(
        drizzleKit,
        ["generate", "--dialect", "postgresql", "--schema", "./src/db/schema.ts", "--out", `./${copy}`],
        { cwd: serverRoot, timeout: 60_000 },
      );
      expect(stdout).toContain("No schema changes, nothing to migrate");
      expect(await readdir(path.join(serverRoot, copy))).toEqual(before);
    } finally {
      await rm(path.join(serverRoot, copy), { recursive: true, force: true });
    }
  }, 90_000);
});
