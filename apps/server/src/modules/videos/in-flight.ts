import { UPLOAD_MESSAGES } from "@stepsync/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { HttpError } from "../../http/errors.ts";
import * as repo from "./repository.ts";

/** A slot's row lives this long unless renewed; the process receiving the upload renews it every third. */
const LEASE_MS = 60_000;

/**
 * Takes one of the signed-in account's upload slots, and one of its client address's, for this
 * request until its answer leaves (or the connection drops): each account may have
 * `uploadsInFlight.perAccount` uploads in flight, each address `perAddress`; beyond, 429 in words.
 * Kept in the database, so every web process counts alike; a slot whose process died expires.
 * Call it where a route starts reading the upload, after the checks that refuse without one.
 */
export async function holdUploadSlot(
  ctx: Pick<AppContext, "db" | "config">,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const { db, config } = ctx;
  const userId = request.auth?.user.id;
  if (userId === undefined) throw new Error("holdUploadSlot needs a signed-in request");
  const lease = () => new Date(Date.now() + LEASE_MS);
  const id = await repo.insertUploadSlot(db, userId, request.ip, lease());
  let ahead: { account: number; address: number };
  try {
    ahead = await repo.slotsAhead(db, id, userId, request.ip);
  } catch (error) {
    await repo.deleteUploadSlot(db, id);
    throw error;
  }
  const { perAccount, perAddress } = config.uploadsInFlight;
  if (ahead.account >= perAccount || ahead.address >= perAddress) {
    await repo.deleteUploadSlot(db, id);
    throw new HttpError(
      429,
      ahead.account >= perAccount
        ? UPLOAD_MESSAGES.tooManyUploads(ahead.account)
        : UPLOAD_MESSAGES.tooManyUploadsFromAddress,
    );
  }
  const renew = setInterval(() => {
    repo
      .renewUploadSlot(db, id, lease())
      .catch((err: unknown) => request.log.warn({ err }, "upload slot renewal failed"));
  }, LEASE_MS / 3);
  renew.unref();
  // The answer has left, or the connection dropped: the upload is over either way.
  const release = () => {
    clearInterval(renew);
    repo.deleteUploadSlot(db, id).catch((err: unknown) => request.log.warn({ err }, "upload slot release failed"));
  };
  if (reply.raw.closed || request.raw.socket.destroyed) release();
  else reply.raw.once("close", release);
}
