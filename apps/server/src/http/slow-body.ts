import { UPLOAD_MESSAGES } from "@stepsync/contracts";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import { HttpError } from "./errors.ts";

/** How often a body still arriving is looked at. */
const TICK_MS = 500;

/**
 * Cuts off a request body (an upload, mostly) that stalls or trickles: 408 when no byte of it has
 * arrived for `idleMs`, or when fewer than `minBytesPerSecond` arrived on average after `idleMs` of
 * grace (the rule of Apache's mod_reqtimeout). Otherwise anyone could hold connections, memory and
 * upload slots open for hours with a byte every few seconds. Only time the server spends reading
 * counts: while a handler checks the account before reading, or storage pushes back, the client
 * cannot send. The cut goes to whoever reads the body (the JSON parser, the multipart reader), which
 * answers it like any error; then the connection is closed rather than read on.
 */
export function cutSlowBodies(app: FastifyInstance, { idleMs, minBytesPerSecond }: Config["slowBody"]): void {
  app.addHook("onRequest", async (request, reply) => {
    const raw = request.raw;
    // `complete` is false while the body is still arriving (undefined for injected test requests).
    if (raw.complete !== false) return;
    const socket = raw.socket;
    const startBytes = socket.bytesRead;
    let received = 0;
    let idleFor = 0;
    let readingFor = 0;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return clearInterval(timer);
      const now = socket.bytesRead - startBytes;
      const reading = raw.readableFlowing === true;
      if (now > received) idleFor = 0;
      else if (reading) idleFor += TICK_MS;
      if (reading) readingFor += TICK_MS;
      received = now;
      const allowedMs = idleMs + (minBytesPerSecond > 0 ? (received / minBytesPerSecond) * 1000 : Infinity);
      if (idleFor >= idleMs || readingFor > allowedMs) {
        clearInterval(timer);
        cut();
      }
    }, TICK_MS);
    timer.unref();
    reply.raw.once("close", () => clearInterval(timer));

    function cut() {
      request.log.info({ received, readingForMs: readingFor }, "request body too slow: cut off");
      reply.raw.once("finish", () => socket.destroy());
      const error = Object.assign(new HttpError(408, UPLOAD_MESSAGES.tooSlow), { statusCode: 408 });
      if (raw.listenerCount("error") > 0) raw.emit("error", error);
      else socket.destroy();
    }
  });
}
