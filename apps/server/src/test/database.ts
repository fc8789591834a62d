import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, migratedPgliteSnapshot, migrationsFolder, openDatabase } from "../db/client.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL when the suite runs in its "postgres" project.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) {
    snapshot ??= pgliteSnapshot();
    return openDatabase({ pgliteDir: "memory://", pgliteFrom: await snapshot });
  }
  const created = await createPostgresDatabase(url);
  const database = await openDatabase({ databaseUrl: created.url, pgliteDir: "" });
  await database.migrate();
  return {
    ...database,
    url: created.url,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/** Read once per test file, however many databases it opens. */
let snapshot: Promise<Blob> | undefined;

/**
 * The migrated empty database every PGlite test file starts from, made once for all the suite's
 * processes: kept in the system's temporary folder under a name that changes with the migrations
 * and the PGlite build (written whole, then renamed, so a process never reads half of one).
 */
async function pgliteSnapshot(): Promise<Blob> {
  const hash = createHash("sha256");
  const pgliteEntry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  hash.update(await readFile(path.join(path.dirname(pgliteEntry), "../package.json")));
  for (const name of (await readdir(migrationsFolder, { recursive: true })).sort()) {
    const file = path.join(migrationsFolder, name);
    if (/\.(sql|json)$/.test(name)) hash.update(name).update(await readFile(file));
  }
  const kept = path.join(os.tmpdir(), `stepsync-test-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(kept)]);
  } catch {
    const snapshot = await migratedPgliteSnapshot();
    const partial = `${kept}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(partial, Buffer.from(await snapshot.arrayBuffer()));
    await rename(partial, kept);
    return snapshot;
  }
}

/** A new, empty database on the PostgreSQL server of `serverUrl`; drop() removes it, connections and all. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `stepsync_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
