import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";

/**
 * Reads a multipart request in order: its text fields into `fields` (filled as they arrive, so a
 * caller's cleanup sees what came before a failure), each file part to `onFile`, which must consume
 * the part's stream or `resume()` it (an unread part stalls the rest of the request).
 */
export async function readMultipart(
  request: FastifyRequest,
  fields: Record<string, string>,
  onFile: (file: MultipartFile) => Promise<void>,
): Promise<void> {
  for await (const part of request.parts()) {
    if (part.type === "field") {
      if (typeof part.value === "string") fields[part.fieldname] = part.value;
      continue;
    }
    await onFile(part as MultipartFile);
  }
}
