import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "./errors.ts";

describe("isDatabaseUnreachable: an outage is ridden out, a bug is not", () => {
  it("knows a refused or reset connection, also wrapped by Drizzle, and PostgreSQL shutting down", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnreachable(refused)).toBe(true);
    expect(isDatabaseUnreachable(new Error("Failed query: update …", { cause: refused }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error("terminating connection"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnreachable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("does not excuse a query error, a programming error or a non-error", () => {
    expect(isDatabaseUnreachable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnreachable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
    expect(isDatabaseUnreachable("ECONNREFUSED")).toBe(false);
  });
});
