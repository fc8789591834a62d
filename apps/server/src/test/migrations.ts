import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** The app's migrations folder. */
export const migrations = path.resolve(import.meta.dirname, "../../drizzle");

const dirs: string[] = [];

/**
 * A copy of the migrations folder as it stood before `tag` (its journal cut there), to build a
 * database the way the code before that migration left it. removeMigrationCopies() cleans up.
 */
export async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "stepsync-migrations-"));
  dirs.push(dir);
  await cp(migrations, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut <= 0) throw new Error(`no migration ${tag} after the first`);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

export function removeMigrationCopies(): Promise<void> {
  return Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true }))).then(() => undefined);
}
