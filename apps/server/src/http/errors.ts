import type { FastifyError, FastifyInstance } from "fastify";
import { MESSAGES } from "@stepsync/contracts";
import type { ZodType } from "zod";

/** An error whose message is meant for the user, sent as `{ error }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Validates input against a contracts schema; the first problem becomes a 400 in the spec's words. */
export function parse<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new HttpError(400, result.error.issues[0]?.message ?? "Invalid request");
}

const MULTIPART_PARSE_ERROR = /multipart|boundary/i;

/** Every error leaves as JSON `{ error }`; unexpected ones are logged and answered without details. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.status).send({ error: error.message });
    // busboy's parse errors (wrong or missing boundary, a truncated body) carry no status: the sender's fault.
    if (!error.statusCode && request.isMultipart() && MULTIPART_PARSE_ERROR.test(error.message)) {
      return reply.status(400).send({ error: MESSAGES.malformedForm });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ error: MESSAGES.tooManyRequests });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: status === 413 ? "Request is too large" : error.message });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ error: MESSAGES.internalError });
  });
}
