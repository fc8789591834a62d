import net from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.ts";

/**
 * PostgreSQL's answer to a session the server ended (pg_terminate_backend): an ErrorResponse with
 * severity FATAL and SQLSTATE 57P01, after which the server closes the socket.
 */
function terminatedMessage(): Buffer {
  const field = (code: string, value: string) => Buffer.concat([Buffer.from(code), Buffer.from(`${value}\0`)]);
  const body = Buffer.concat([
    field("S", "FATAL"),
    field("V", "FATAL"),
    field("C", "57P01"),
    field("M", "terminating connection due to administrator command"),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/**
 * A TCP relay to PostgreSQL whose `endSessions()` ends every session open through it the way a
 * terminated backend does, but only as each is next used: its next statement gets the FATAL. That is
 * what a pool meets on a busy machine, where the ends of its idle connections reach it late.
 */
async function sessionEndingRelay(target: URL): Promise<{ url: string; endSessions(): void; close(): Promise<void> }> {
  const open = new Set<{ client: net.Socket; ended: boolean }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const session = { client, ended: false };
    open.add(session);
    client.on("data", (chunk) => {
      if (!session.ended) return void upstream.write(chunk);
      client.end(terminatedMessage());
      upstream.destroy();
    });
    upstream.on("data", (chunk) => {
      if (!session.ended) client.write(chunk);
    });
    const drop = () => {
      open.delete(session);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", drop).on("error", drop);
    upstream.on("close", () => !session.ended && drop()).on("error", drop);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    endSessions: () => {
      for (const s of open) s.ended = true;
    },
    close: async () => {
      for (const s of open) s.client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let database: Database | undefined;
let relay: Awaited<ReturnType<typeof sessionEndingRelay>> | undefined;
afterEach(async () => {
  await database?.close();
  await relay?.close();
  database = relay = undefined;
});

it.runIf(process.env.TEST_DB === "postgres")(
  "a statement reaches a fresh connection when every idle one the pool holds was ended by the server",
  async () => {
    relay = await sessionEndingRelay(new URL(process.env.TEST_DATABASE_URL as string));
    database = await openDatabase({ databaseUrl: relay.url, pgliteDir: "memory://" });
    const { db } = database;
    // Ten connections open and idle (the pool's most), then every session ended.
    await Promise.all(Array.from({ length: 10 }, () => db.execute(sql`select pg_sleep(0.05)`)));
    relay.endSessions();
    const { rows } = await db.execute(sql`select 1 as one`);
    expect(rows).toEqual([{ one: 1 }]);
  },
);
