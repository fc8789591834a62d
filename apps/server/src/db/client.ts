import path from "node:path";
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { acquireDataLock } from "./data-lock.ts";
import { type ChannelListener, listenOnPostgres } from "./listener.ts";
import * as schema from "./schema.ts";

/** Both drivers expose the same query builder; we type against the node-postgres flavour. */
export type Db = NodePgDatabase<typeof schema>;
/** The one transaction type: what `db.transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Repository functions that work inside or outside a transaction take this. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the generated SQL migrations in apps/server/drizzle. */
  migrate(): Promise<void>;
  /** Hears NOTIFY on `channel` (see listener.ts); answers a function that stops. */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

/**
 * SQLSTATEs PostgreSQL sends when it ends a session (terminated backend, crash, restart). A statement
 * that gets one either never ran or was rolled back with the session, so running it once more on a
 * fresh connection is safe; anything else (including a bare socket loss) is passed on untouched.
 */
const SESSION_ENDED = new Set(["57P01", "57P02", "57P03"]);

/**
 * A pool whose single statements survive a connection that the server ended while the pool still
 * thought it usable: the pool drops a connection when the end reaches it, but a statement sent in
 * between gets the session's FATAL as its answer. Transactions (pool.connect) fail as a whole instead.
 */
class ReconnectingPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; only the promise form is retried.
  override query(...args: any[]): any {
    const run = (): unknown => Reflect.apply(super.query, this, args);
    if (typeof args.at(-1) === "function") return run();
    // When the server ended every connection, each idle one the pool hands out may be just as dead
    // (on a busy machine their ends reach the pool late): a failed one is dropped, so as many tries
    // as the pool holds connections, and one more, reach a fresh connection.
    const attempt = (left: number): Promise<unknown> =>
      (run() as Promise<unknown>).catch((err: { code?: string }) => {
        if (left === 0 || !SESSION_ENDED.has(err?.code ?? "")) throw err;
        return attempt(left - 1);
      });
    return attempt(this.options.max);
  }
}

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite in `pgliteDir` ("memory://" for a throwaway
 * one), started from `pgliteFrom` (a migratedPgliteSnapshot) when given.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir: string;
  pgliteFrom?: Blob;
}): Promise<Database> {
  const databaseUrl = options.databaseUrl;
  if (databaseUrl) {
    const pool = new ReconnectingPool({ connectionString: databaseUrl, max: 10 });
    // When the server ends an idle connection (restart, failover, a terminated backend) the pool drops
    // that client and opens a new one on demand; it also emits 'error', which would crash the process
    // without a listener.
    pool.on("error", (err) => console.warn(`database: idle connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(db, { migrationsFolder }),
      listen: async (channel, listener) => listenOnPostgres(databaseUrl, channel, listener),
      close: () => pool.end(),
    };
  }
  const onDisk = !options.pgliteDir.startsWith("memory://");
  if (onDisk) await mkdir(path.dirname(options.pgliteDir), { recursive: true });
  // Locked before anything touches the folder: a second process must leave it as it found it.
  const lock = onDisk ? acquireDataLock(`${options.pgliteDir}.lock`, path.dirname(options.pgliteDir)) : null;
  try {
    if (onDisk) await mkdir(options.pgliteDir, { recursive: true });
    const client = new PGlite(options.pgliteDir, options.pgliteFrom && { loadDataDir: options.pgliteFrom });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: "pglite",
      migrate: () => migratePglite(db as never, { migrationsFolder }),
      // One process holds the embedded database: every change is made, and heard, right here.
      listen: async (channel, listener) => {
        const stop = await client.listen(channel, (payload) => listener.notice(payload));
        listener.live(true);
        return () => stop();
      },
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (e) {
    lock?.release();
    throw e;
  }
}

/**
 * An empty embedded database with every migration applied, as a data-directory tarball: opening a
 * throwaway database from it takes ~0.6 s instead of PGlite's ~2.5 s initdb (the test suite opens
 * one per test file).
 */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const client = new PGlite("memory://");
  try {
    await migratePglite(drizzlePglite(client) as never, { migrationsFolder });
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}
