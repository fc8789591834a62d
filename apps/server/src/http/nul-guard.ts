import type { FastifyInstance } from "fastify";
import { MESSAGES } from "@stepsync/contracts";
import { HttpError } from "./errors.ts";

/** Whether a string, or any key or string inside an array or object, holds U+0000. Walks with a
 * stack of its own, not recursion: a JSON body nested 20,000 levels deep must not overflow it. */
export function hasNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const v = pending.pop();
    if (typeof v === "string") {
      if (v.includes("\u0000")) return true;
    } else if (Array.isArray(v)) {
      pending.push(...v);
    } else if (v && typeof v === "object") {
      for (const [k, inner] of Object.entries(v)) {
        if (k.includes("\u0000")) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text columns refuse U+0000 (the query fails), and no field of ours has a use for it:
 * any NUL in a path, query or JSON body is refused here, once, before a route sees it (multipart
 * fields and file names, read by the route itself, in http/multipart.ts).
 */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw new HttpError(400, MESSAGES.nulCharacter);
    }
  });
}
