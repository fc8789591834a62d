import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/** How long a connection answered before its body ended keeps reading what the client still sends. */
const LINGER_MS = 30_000;

/**
 * An answer sent before the request's body was read to its end (an upload refused early: a NUL in
 * a field, a wrong type, too large) closes the connection, the way a web server's "lingering close"
 * does it. The rest of the body is still on its way: left unread, a client sending its next request
 * on the same kept-alive connection waits behind it forever, and closing at once resets the
 * connection under the client's upload (it then shows a network error, not our answer). So the
 * answer says `Connection: close`, and the rest of the body is read and dropped until the client
 * stops sending (it has our answer) or LINGER_MS pass; only then is the connection closed.
 */
export function closeAfterUnreadBody(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply) => {
    // `complete` is false while the body is still arriving (undefined for injected test requests).
    if (request.raw.complete !== false) return;
    reply.header("connection", "close");
    // Whatever was reading it (the multipart parser) stopped; its pipe would hold the body back.
    request.raw.unpipe();
    request.raw.resume();
    lingerOnClose(request.raw.socket);
  });
}

/** Replaces the socket's close-after-answer (Node's destroySoon) by a half-close that reads on. */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("end", () => this.destroy());
    this.once("close", () => clearTimeout(timer));
  };
}
