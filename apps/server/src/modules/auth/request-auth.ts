import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Queryable } from "../../db/client.ts";
import type { UserReadCache } from "../../db/user-read-cache.ts";
import { type Authenticated, findSession, touchSession } from "./sessions.ts";

export const SESSION_COOKIE = "session_id";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user and session, when the request carries a live token. */
    auth: Authenticated | undefined;
    /** A session cookie came with a state change from a page of another origin, and was ignored. */
    foreignCookie: boolean;
  }
}

/**
 * The token of a request: bearer header first, then X-Session-ID, then the session_id cookie. A
 * cookie travels with every request the browser makes, whichever page made it, so it does not sign
 * in a state change (POST, PUT, PATCH, DELETE) sent from a page of another origin — a sibling
 * subdomain or another port of the host, which SameSite=Lax lets through. A page cannot set the
 * headers, so they need no such check.
 */
export function requestToken(request: FastifyRequest, ownOrigins: ReadonlySet<string> = new Set()): string | undefined {
  request.foreignCookie = false;
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith("bearer ")) {
    const token = header.slice(7).trim();
    if (token && token !== "null" && token !== "undefined") return token;
  }
  const sessionHeader = request.headers["x-session-id"];
  if (typeof sessionHeader === "string" && sessionHeader && sessionHeader !== "null") return sessionHeader;
  const cookie = request.cookies[SESSION_COOKIE] || undefined;
  if (cookie && CHANGES_STATE.has(request.method) && fromAnotherOrigin(request, ownOrigins)) {
    request.foreignCookie = true;
    return undefined;
  }
  return cookie;
}

const CHANGES_STATE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const originOf = (url: string | undefined): string | undefined => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Whether the browser says the request comes from a page outside our own origins: by its Origin
 * (sent with every cross-origin and, in current browsers, same-origin POST), else its Referer, else
 * Sec-Fetch-Site. A request with none of them was not made by a browser page (curl, a script) and
 * is not a forgery.
 */
function fromAnotherOrigin(request: FastifyRequest, ownOrigins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  const claimed =
    origin !== undefined ? (origin === "null" ? "null" : originOf(origin)) : originOf(request.headers.referer);
  if (claimed !== undefined)
    return claimed !== originOf(`${request.protocol}://${request.host}`) && !ownOrigins.has(claimed);
  const site = request.headers["sec-fetch-site"];
  return site !== undefined && site !== "same-origin";
}

const TOUCH_EVERY_MS = 60_000;

/**
 * Resolves `request.auth` on every API request; public routes simply ignore it. `ownOrigins`: where
 * our own pages are served from (PUBLIC_URL, CORS_ORIGINS), besides the request's own host. A
 * state-changing request empties `cache` before it answers, so the client's next read sees its write.
 */
export function installRequestAuth(
  app: FastifyInstance,
  db: Queryable,
  cache: UserReadCache,
  ownOrigins: readonly string[],
): void {
  const own = new Set(ownOrigins.flatMap((url) => originOf(url) ?? []));
  app.decorateRequest("auth", undefined);
  app.decorateRequest("foreignCookie", false);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const token = requestToken(request, own);
    if (!token || token.length > 200) return;
    request.auth = await findSession(db, token, cache);
    // lastSeenAt feeds "active users"; writing it at most once a minute keeps reads cheap.
    const session = request.auth?.session;
    if (session && Date.now() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      session.lastSeenAt = new Date(); // the cached session too: the next minute's requests need not write
      await touchSession(db, session.id);
    }
  });
  app.addHook("onSend", async (request) => {
    if (CHANGES_STATE.has(request.method) && request.url.startsWith("/api/")) cache.clear();
  });
}
