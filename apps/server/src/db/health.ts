import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";

const journal = path.resolve(import.meta.dirname, "../../drizzle/meta/_journal.json");

let newest: number | undefined;
/** When the newest migration this build ships was generated (drizzle records it as `created_at`); read once. */
const newestMigration = (): number => {
  if (newest === undefined) {
    const { entries } = JSON.parse(readFileSync(journal, "utf8")) as { entries: { when: number }[] };
    newest = Math.max(...entries.map((e) => e.when));
  }
  return newest;
};

/**
 * Whether the database can serve the app, not merely answer: reachable, migrated up to this build,
 * and its tables there (a database recreated empty answers `select 1` but fails every call).
 * Answers the problem in words, or undefined when all is well.
 */
export async function schemaProblem(db: Db): Promise<string | undefined> {
  try {
    // Naming `users` fails the query when the tables are gone; the journal says how far migrations went.
    const result = await db.execute<{ applied: string | null }>(
      sql`select max(m.created_at) as applied, (select 1 from users limit 1) as any_user from drizzle.__drizzle_migrations m`,
    );
    const applied = Number(result.rows[0]?.applied ?? 0);
    if (applied < newestMigration()) return "Database schema is not up to date";
    return undefined;
  } catch {
    // Unreachable, or the migrations table or a table the app relies on is missing.
    return "Database unavailable";
  }
}
