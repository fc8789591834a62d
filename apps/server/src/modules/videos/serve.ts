import type { FastifyReply, FastifyRequest } from "fastify";
import rangeParser from "range-parser";
import type { BlobStore } from "../../storage/blob-store.ts";
import { HttpError } from "../../http/errors.ts";
import { COMPARE_MESSAGES } from "@stepsync/contracts";

/**
 * The one byte range to answer, by `range-parser` (what Express and `send` use): a malformed header,
 * another unit or several ranges get the whole file (undefined), as `send` does; a range wholly past
 * the end is "unsatisfiable" (416).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const ranges = rangeParser(size, header, { combine: true });
  if (ranges === -1) return "unsatisfiable";
  if (ranges === -2 || ranges.type !== "bytes" || ranges.length !== 1) return undefined;
  const [range] = ranges;
  return range ? { start: range.start, end: range.end } : undefined;
}

/**
 * Streams a stored file with HTTP range support, so every browser can seek in a video.
 * `isPublic` decides whether shared caches may keep it.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: BlobStore,
  file: { key: string; mimeType: string; isPublic: boolean },
) {
  const stat = await storage.stat(file.key);
  if (!stat) throw new HttpError(404, COMPARE_MESSAGES.videoNotFound);
  const range = parseRange(request.headers.range, stat.size);
  reply
    .header("accept-ranges", "bytes")
    .header("content-type", file.mimeType)
    .header("cache-control", file.isPublic ? "public, max-age=3600" : "private, max-age=3600")
    .header("x-content-type-options", "nosniff");
  if (range === "unsatisfiable") {
    return reply.status(416).header("content-range", `bytes */${stat.size}`).send();
  }
  if (!range) {
    reply.header("content-length", stat.size);
    return reply.status(200).send(await storage.open(file.key));
  }
  reply
    .status(206)
    .header("content-range", `bytes ${range.start}-${range.end}/${stat.size}`)
    .header("content-length", range.end - range.start + 1);
  return reply.send(await storage.open(file.key, range));
}
