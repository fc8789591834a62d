// Live scoring of dance-along takes on a reference's analysis: a worker when the browser has them
// (judging stays off the page's thread), else the same code in place (as in tests).
import type { ReferenceAnalysis, ReferenceWindow } from "@stepsync/motion/live";
import type { ScoreReply, ScoreRequest } from "./protocol";

export interface LiveScoring {
  send(request: ScoreRequest, transfer?: Transferable[]): void;
  stop(): void;
}

function createScoreWorker(): Worker {
  // The literal `new Worker(new URL(…))` form is what the bundler turns into its own chunk.
  return new Worker(new URL("./live-score.worker.ts", import.meta.url), { type: "module", name: "live-score" });
}

/** Starts scoring against `analysis`; replies come to `onReply` (always asynchronously). */
export function startLiveScoring(
  analysis: ReferenceAnalysis,
  window: ReferenceWindow | undefined,
  onReply: (reply: ScoreReply) => void,
): LiveScoring {
  let stopped = false;
  const deliver = (reply: ScoreReply) => {
    if (!stopped) onReply(reply);
  };
  let scoring: LiveScoring;
  if (typeof Worker === "undefined") {
    // Loaded only here: the engine is the worker's chunk, not the page's.
    const respond = import("./respond").then(({ answer }) => answer((reply) => queueMicrotask(() => deliver(reply))));
    scoring = { send: (request) => void respond.then((r) => r(request)), stop: () => undefined };
  } else {
    const worker = createScoreWorker();
    worker.onmessage = (event: MessageEvent<ScoreReply>) => deliver(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      deliver({ type: "error", message: "the live scorer did not start" });
    };
    scoring = {
      send: (request, transfer = []) => worker.postMessage(request, transfer),
      stop: () => worker.terminate(),
    };
  }
  scoring.send({ type: "reference", analysis, window });
  return {
    send: (request, transfer) => {
      if (!stopped) scoring.send(request, transfer);
    },
    stop: () => {
      stopped = true;
      scoring.stop();
    },
  };
}
