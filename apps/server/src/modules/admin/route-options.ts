import type { ZodType } from "zod";
import { responds } from "../../http/responds.ts";
import { guard } from "../../http/guard.ts";

/** Options of every /api/admin route: admins only. */
export const adminOnly = { preHandler: guard("admin") };

/**
 * An admin route with a JSON answer: admins only, and the answer leaves through its contracts
 * schema (CSV downloads use adminOnly).
 */
export function adminAnswers(schema: ZodType, status?: 201) {
  return { ...adminOnly, ...responds(schema, status) };
}
