import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../db/client.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL when the suite runs in its "postgres" project.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) {
    const database = await openDatabase({ pgliteDir: "memory://" });
    await database.migrate();
    return database;
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
