/**
 * Whether a database error is a unique-index violation (SQLSTATE 23505), as PostgreSQL and PGlite
 * raise it directly or as Drizzle wraps it (DrizzleQueryError carries it as `cause`).
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}
