import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { MESSAGES } from "@stepsync/contracts";
import { HttpError } from "./errors.ts";
import { hasNul } from "./nul-guard.ts";

/**
 * Reads a multipart request in order: its text fields into `fields` (filled as they arrive, so a
 * caller's cleanup sees what came before a failure), each file part to `onFile`, which must consume
 * the part's stream or `resume()` it (an unread part stalls the rest of the request). A NUL in a
 * field, its name or a file name is refused with 400. `fieldSize` raises the app's cap on one text
 * field for a form that carries a large one (a longer value arrives cut to it).
 */
export async function readMultipart(
  request: FastifyRequest,
  fields: Record<string, string>,
  onFile: (file: MultipartFile) => Promise<void>,
  limits?: { fieldSize: number },
): Promise<void> {
  for await (const part of request.parts(limits ? { limits } : undefined)) {
    // A NUL would fail the query that stores it (PostgreSQL text refuses it): refused as in JSON.
    if (hasNul(part.fieldname) || (part.type === "file" && hasNul(part.filename))) {
      if (part.type === "file") part.file.resume();
      throw new HttpError(400, MESSAGES.nulCharacter);
    }
    if (part.type === "field") {
      if (typeof part.value === "string") {
        if (hasNul(part.value)) throw new HttpError(400, MESSAGES.nulCharacter);
        fields[part.fieldname] = part.value;
      }
      continue;
    }
    await onFile(part as MultipartFile);
  }
}
