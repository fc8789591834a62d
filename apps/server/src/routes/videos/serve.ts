import type { FastifyReply, FastifyRequest } from "fastify";
import type { BlobStore } from "../../storage/blob-store.ts";
import { HttpError } from "../../http/errors.ts";
import { COMPARE_MESSAGES } from "@stepsync/contracts";

/** Parses a single "bytes=start-end" range (the only kind browsers send for media). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from = "", to = ""] = match;
  let start: number;
  let end: number;
  if (from === "" && to === "") return undefined;
  if (from === "") {
    // Suffix range: the last N bytes.
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
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
