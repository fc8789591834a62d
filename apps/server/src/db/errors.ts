/**
 * Whether a database error is a unique-index violation (SQLSTATE 23505), as PostgreSQL and PGlite
 * raise it directly or as Drizzle wraps it (DrizzleQueryError carries it as `cause`).
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** Socket failures on the way to the database server. */
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH"]);
/** PostgreSQL's connection-exception class (08…) and its shutting-down and starting-up answers (57P01–57P03). */
const UNREACHABLE_SQLSTATE = /^(08...|57P0[123])$/;
/** node-postgres's words for a connection that went away mid-query. */
const UNREACHABLE_MESSAGE = /Connection terminated|Client has encountered a connection error|terminating connection/i;

/**
 * Whether an error means the database is out of reach for now (restarting, failing over, a network
 * blip) rather than a bug: the process should ride it out, and what was lost is taken back later.
 * Follows Drizzle's and pg-boss's wrapping through `cause`.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === "string" && (UNREACHABLE_CODES.has(e.code) || UNREACHABLE_SQLSTATE.test(e.code))) return true;
    if (typeof e.message === "string" && UNREACHABLE_MESSAGE.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
