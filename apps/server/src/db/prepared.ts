import type { Queryable } from "./client.ts";

/**
 * A statement for the hottest reads (every signed-in request looks up its session): drizzle builds
 * its SQL once per database instead of on every call, and PostgreSQL parses and plans it once per
 * connection (a named prepared statement). `build` must use `sql.placeholder` for every value.
 */
export function preparedPerDatabase<P>(build: (db: Queryable) => P): (db: Queryable) => P {
  const built = new WeakMap<Queryable, P>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
