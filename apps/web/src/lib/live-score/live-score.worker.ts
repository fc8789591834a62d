// The live scorer off the page's main thread: judging a move takes tens of milliseconds, which on
// the page would stall the camera preview and the reference's playback.
import type { ScoreReply, ScoreRequest } from "./protocol";
import { answer } from "./respond";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ScoreRequest>) => void) | null;
  postMessage(message: ScoreReply): void;
};

const respond = answer((reply) => scope.postMessage(reply));
scope.onmessage = (event) => respond(event.data);
