import path from "node:path";
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

/** Both drivers expose the same query builder; we type against the node-postgres flavour. */
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the generated SQL migrations in apps/server/drizzle. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

/** PostgreSQL when a URL is given, otherwise embedded PGlite in `pgliteDir` ("memory://" for a throwaway one). */
export async function openDatabase(options: { databaseUrl?: string; pgliteDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // When the server ends an idle connection (restart, failover, a terminated backend) the pool drops
    // that client and opens a new one on demand; it also emits 'error', which would crash the process
    // without a listener.
    pool.on("error", (err) => console.warn(`database: idle connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (!options.pgliteDir.startsWith("memory://")) await mkdir(options.pgliteDir, { recursive: true });
  const client = new PGlite(options.pgliteDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
