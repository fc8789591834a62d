import { randomBytes } from "node:crypto";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";

/** Suffix of a local file still being written (an upload, a download); only the sweep finds them. */
const PARTIAL = ".partial";

/** Where to write `target` before renaming it into place, so a cut-off write is never taken for it. */
export function partialName(target: string): string {
  return `${target}.${randomBytes(6).toString("hex")}${PARTIAL}`;
}

export const isPartial = (name: string): boolean => name.endsWith(PARTIAL);

/** Removes stale partial files under `root` (untouched for `olderThanMs`); answers how many went. */
export function removeStalePartials(root: string, olderThanMs: number): Promise<number> {
  return removeStaleFiles(root, (name) => (isPartial(name) ? olderThanMs : undefined));
}

/** Removes files under `root` untouched for longer than `maxAgeMs(name)` (undefined: keep); answers how many. */
export async function removeStaleFiles(root: string, maxAgeMs: (name: string) => number | undefined): Promise<number> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const now = Date.now();
  let removed = 0;
  for (const entry of entries) {
    const limit = entry.isFile() ? maxAgeMs(entry.name) : undefined;
    if (limit === undefined) continue;
    const file = path.join(entry.parentPath, entry.name);
    const s = await stat(file).catch(() => undefined);
    if (!s || s.mtimeMs > now - limit) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
