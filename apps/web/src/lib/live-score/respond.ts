import type { ScoreReply, ScoreRequest } from "./protocol";
import { LiveTakeSession } from "./session";

/**
 * The scoring side of the protocol: a session per reference, each request answered through `send`
 * (only what changed: a pose that completed no analysis frame says nothing).
 */
export function answer(send: (reply: ScoreReply) => void): (request: ScoreRequest) => void {
  let session: LiveTakeSession | null = null;
  return (request) => {
    try {
      if (request.type === "reference") {
        session = new LiveTakeSession(request.analysis, request.window);
        send({ type: "ready" });
        return;
      }
      if (!session) return;
      if (request.type === "begin") session.begin();
      else if (request.type === "finish") send({ type: "finished", ...session.finish() });
      else {
        const update =
          request.type === "offset" ? session.offset(request.takeOffset, request.rate) : session.pose(request);
        if (update.moves.length || update.score || update.limbs) send({ type: "update", ...update });
      }
    } catch (err) {
      session = null;
      send({ type: "error", message: err instanceof Error ? err.message : String(err) });
    }
  };
}
