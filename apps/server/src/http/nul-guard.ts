import type { FastifyInstance } from "fastify";
import { MESSAGES } from "@stepsync/contracts";
import { HttpError } from "./errors.ts";

const hasNul = (value: unknown): boolean => {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === "object")
    return Object.entries(value).some(([k, v]) => k.includes("\u0000") || hasNul(v));
  return false;
};

/**
 * PostgreSQL text columns refuse U+0000 (the query fails), and no field of ours has a use for it:
 * any NUL in a path, query or JSON body is refused here, once, before a route sees it.
 */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw new HttpError(400, MESSAGES.nulCharacter);
    }
  });
}
