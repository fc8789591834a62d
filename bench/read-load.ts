/**
 * Authenticated reads under load: requests per second and latency of
 * `GET /api/dashboard/stats` for a signed-in user with 200 comparisons, beside two routes that need
 * no session (`/api/config`, no database; `/api/health`, one query), through the real server on
 * PostgreSQL. Target for dashboard stats: ≥ 5,000 req/s with p99 ≤ 50 ms at 100 connections.
 *
 *   node --import tsx bench/read-load.ts [--connections 100] [--seconds 10] [--log-level info] [--profile DIR]
 *
 * Starts the server as `npm start` would (built JavaScript, ROLES=web, the production default log
 * level unless told otherwise) on a fresh database made in BENCH_DATABASE_URL's server
 * (default postgres://postgres@127.0.0.1:5432/postgres), and drives it with wrk (`apt-get install
 * wrk`) from this machine: on a 2-core machine the generator shares the cores with the server and
 * PostgreSQL, so the figures are a floor. The server writes its log (one line per request at the
 * default level) straight to this process's standard output, as a service manager would collect it:
 * redirect it (`> file`) and the table is at its end.
 */
import { availableParallelism, loadavg } from "node:os";
import { execFile } from "node:child_process";
import { parseArgs, promisify } from "node:util";
import pg from "pg";
import { startServer } from "../e2e/support/server.ts";
import { registerAndLogIn } from "../e2e/support/accounts.ts";

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "100" },
    seconds: { type: "string", default: "10" },
    "log-level": { type: "string", default: "info" },
    /** A folder for the server's CPU profile (node --cpu-prof), to see where the time goes. */
    profile: { type: "string" },
  },
});
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `stepsync_read_load_${process.pid}`;
const COMPARISONS = 200;
const run = promisify(execFile);

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** 200 completed comparisons over the last week, in three styles. */
async function seed(databaseUrl: string, userId: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO comparisons (user_id, activity_type, status, progress, overall_score, created_at)
       SELECT $1, (ARRAY['hip_hop','ballet','fitness'])[1 + i % 3], 'completed', 100, 50 + (i * 7) % 50,
              now() - (i || ' minutes')::interval * 40
       FROM generate_series(1, $2) AS i`,
      [userId, COMPARISONS],
    );
  } finally {
    await client.end();
  }
}

type Row = { route: string; session: string; rps: number; p50: number; p99: number; errors: number };

/** wrk's "Latency" percentile line, e.g. "     99%   12.34ms", in milliseconds. */
function percentile(output: string, pct: number): number {
  const match = output.match(new RegExp(`^\\s*${pct}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m"));
  if (!match) throw new Error(`wrk printed no ${pct}% latency:\n${output}`);
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}

/** One wrk run (a C load generator: a Node one would take most of a core from the server). */
async function load(url: string, token?: string): Promise<Omit<Row, "route" | "session">> {
  const args = [
    "-t2",
    `-c${connections}`,
    `-d${seconds}s`,
    "--latency",
    ...(token ? ["-H", `Authorization: Bearer ${token}`] : []),
    url,
  ];
  const { stdout } = await run("wrk", args);
  const rps = Number(stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const failed = Number(stdout.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const socketErrors = stdout.match(/Socket errors:.*/)?.[0];
  return { rps, p50: percentile(stdout, 50), p99: percentile(stdout, 99), errors: failed + (socketErrors ? 1 : 0) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * A route's figures: a warm-up run (JIT, pool connections, the first heap growth), then the median
 * of three runs of each figure — on a shared virtual machine single runs' tails vary several-fold.
 */
async function measure(url: string, token?: string): Promise<Omit<Row, "route" | "session">> {
  await load(url, token);
  const runs = [await load(url, token), await load(url, token), await load(url, token)];
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

async function main(): Promise<void> {
  const databaseUrl = (() => {
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    return url.toString();
  })();
  await withAdmin((c) => c.query(`CREATE DATABASE ${dbName}`));
  const server = await startServer(
    { DATABASE_URL: databaseUrl, ROLES: "web", LOG_LEVEL: values["log-level"] ?? "info" },
    values.profile ? ["--cpu-prof", `--cpu-prof-dir=${values.profile}`] : [],
  );
  const rows: Row[] = [];
  try {
    const { token, user } = await registerAndLogIn(server.baseUrl, {
      username: "loaded",
      email: "loaded@example.com",
      password: "a long enough password",
    });
    await seed(databaseUrl, user.id);
    const stats = `${server.baseUrl}/api/dashboard/stats?timeframe=month`;
    rows.push({ route: "GET /api/config", session: "none", ...(await measure(`${server.baseUrl}/api/config`)) });
    rows.push({ route: "GET /api/health", session: "none", ...(await measure(`${server.baseUrl}/api/health`)) });
    rows.push({ route: "GET /api/dashboard/stats", session: "bearer", ...(await measure(stats, token)) });
  } finally {
    await server.stop();
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
  console.log(
    `\n${connections} connections, ${seconds} s per route, log level ${values["log-level"]}, ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)}\n`,
  );
  console.log("| route | session | req/s | p50 ms | p99 ms | errors |");
  console.log("|---|---|---:|---:|---:|---:|");
  for (const r of rows)
    console.log(`| ${r.route} | ${r.session} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
  const target = rows.at(-1);
  if (target)
    console.log(
      `\ndashboard stats: ${target.rps >= 5000 && target.p99 <= 50 ? "meets" : "misses"} the target (≥ 5000 req/s, p99 ≤ 50 ms)`,
    );
}

await main();
