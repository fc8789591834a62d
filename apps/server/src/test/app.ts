import type { LightMyRequestResponse } from "fastify";
import { eq } from "drizzle-orm";
import { buildApp, type App } from "../app.ts";
import { users } from "../db/schema.ts";
import { loadConfig, type Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { openTestDatabase } from "./database.ts";

export type TestApp = App & {
  database: Database & { url?: string };
  close(): Promise<void>;
  /** JSON request through the real Fastify pipeline; `token` goes in as a bearer header. */
  call(
    method: string,
    url: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** Listens on a loopback port (for real multipart uploads with fetch) and answers its base URL. */
  listen(): Promise<string>;
  /**
   * Registers a user, logs in, and returns the token and user. The address counts as confirmed (as if the
   * mailed link had been opened: the account may spend its credits) unless `confirmed` is false.
   */
  signUp(
    input?: Partial<{ username: string; email: string; password: string; confirmed: boolean }>,
  ): Promise<{ token: string; user: { id: number; email: string; username: string } }>;
};

/** A logger that says nothing, for queue engines built directly in a test. */
export const quietLog = { error() {}, warn() {}, info() {}, debug() {} } as never;

let counter = 0;

/** An app on a fresh database with quiet logs and no web build; override any setting. */
export async function startTestApp(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
  /** A database another test app already uses (two processes of one deployment). */
  shared?: Database & { url?: string },
): Promise<TestApp> {
  const database = shared ?? (await openTestDatabase());
  const config = loadConfig(
    // MIN_FREE_DISK_MB 0: a test machine short of disk still passes what is not about the disk
    // (storage/disk-space.test.ts sets its own).
    { LOG_LEVEL: "silent", AUTH_RATE_LIMIT: "1000", MIN_FREE_DISK_MB: "0", ...env },
    // On PostgreSQL the app runs as it does in production there: jobs go through pg-boss, so every
    // suite exercises both queue engines (in-process on PGlite, pg-boss on PostgreSQL).
    { webDist: undefined, databaseUrl: database.url, ...overrides },
  );
  const built = await buildApp(config, { database, skipMigrations: true });
  const call: TestApp["call"] = (method, url, options = {}) =>
    built.app.inject({
      method: method as "GET",
      url,
      payload: options.body as object | undefined,
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    });
  return {
    ...built,
    database,
    call,
    async listen() {
      const address = await built.app.listen({ port: 0, host: "127.0.0.1" });
      return address;
    },
    async signUp(input = {}) {
      counter += 1;
      const body = {
        username: input.username ?? `Dancer ${counter}`,
        email: input.email ?? `dancer${counter}-${Date.now()}@example.com`,
        password: input.password ?? "secret123",
      };
      const res = await call("POST", "/api/auth/register", { body });
      if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
      // Sign-up opens no session (a taken address is answered alike): the new account logs in.
      const login = await call("POST", "/api/auth/login", { body: { email: body.email, password: body.password } });
      if (login.statusCode !== 200) throw new Error(`login after sign-up failed: ${login.statusCode} ${login.body}`);
      const answer = login.json();
      if (input.confirmed !== false)
        await built.ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, answer.user.id));
      return answer;
    },
    async close() {
      await built.app.close();
      if (!shared) await database.close();
    },
  };
}
