import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { MotionError } from "../errors.ts";
import type { DecodedFrame } from "../video/decode.ts";
import type { PoseModelName } from "./models.ts";
import type { FrameRequest, WorkerReply } from "./worker.ts";

interface Pending {
  resolve: (r: { keypoints: Float32Array; score: number }) => void;
  reject: (e: Error) => void;
}

class PoseWorker {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  /** Frames sent and not answered yet (used to balance the load). */
  outstanding = 0;
  private pending = new Map<number, Pending>();
  private failed: Error | undefined;

  constructor(model: PoseModelName) {
    const execArgv = process.execArgv.filter((a) => !a.startsWith("--inspect"));
    this.worker = new Worker(new URL("./worker-entry.mjs", import.meta.url), { workerData: { model }, execArgv });
    // Keep the host alive while this worker has work (loading, frames in flight), and let it exit
    // when idle even if the caller forgets shutdownPosePool().
    this.ready = new Promise<void>((resolve, reject) => {
      const onMsg = (m: WorkerReply) => {
        if (m.type === "ready") resolve();
        else if (m.type === "error" && m.id === undefined)
          reject(new MotionError("INTERNAL", `Pose model failed to load: ${m.message}`));
      };
      this.worker.on("message", onMsg);
      this.worker.once("error", reject);
    }).finally(() => {
      if (this.outstanding === 0) this.worker.unref();
    });
    this.worker.on("message", (m: WorkerReply) => {
      if (m.type === "result" || (m.type === "error" && m.id !== undefined)) {
        const p = this.pending.get(m.id as number);
        if (!p) return;
        this.pending.delete(m.id as number);
        this.outstanding--;
        if (this.outstanding === 0) this.worker.unref();
        if (m.type === "result") p.resolve({ keypoints: m.keypoints, score: m.score });
        else p.reject(new MotionError("INTERNAL", `Pose estimation failed: ${m.message}`));
      }
    });
    const fail = (e: Error) => {
      this.failed = e;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    this.worker.on("error", fail);
    this.worker.on("exit", (code) => fail(new MotionError("INTERNAL", `Pose worker exited (code ${code})`)));
  }

  run(req: Omit<FrameRequest, "type">): Promise<{ keypoints: Float32Array; score: number }> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.pending.set(req.id, { resolve, reject });
      if (this.outstanding++ === 0) this.worker.ref();
      this.worker.postMessage({ type: "frame", ...req } satisfies FrameRequest, [req.data.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    this.worker.postMessage({ type: "close" });
    await this.worker.terminate();
  }
}

const pools = new Map<PoseModelName, PoseWorker[]>();
let nextId = 1;
let nextTrack = 1;

/** Worker count: one per core by default (POSE_WORKERS overrides). */
export function poolSize(): number {
  const env = Number(process.env.STEPSYNC_POSE_WORKERS);
  if (Number.isInteger(env) && env > 0) return env;
  return Math.max(1, availableParallelism());
}

async function getPool(model: PoseModelName): Promise<PoseWorker[]> {
  let pool = pools.get(model);
  if (!pool) {
    pool = Array.from({ length: poolSize() }, () => new PoseWorker(model));
    pools.set(model, pool);
  }
  try {
    await Promise.all(pool.map((w) => w.ready));
  } catch (e) {
    pools.delete(model);
    await Promise.allSettled(pool.map((w) => w.close()));
    throw e;
  }
  return pool;
}

/** Stops every pose worker (the server calls this on shutdown; the next analysis starts new ones). */
export async function shutdownPosePool(): Promise<void> {
  const all = [...pools.values()].flat();
  pools.clear();
  await Promise.allSettled(all.map((w) => w.close()));
}

export interface RawPose {
  index: number;
  t: number;
  keypoints: Float32Array;
  score: number;
}

/**
 * Runs pose estimation over a stream of frames on the worker pool. The stream is cut into
 * fixed-length chunks, each tracked independently from a whole-frame start, and chunks are spread
 * over the workers. Chunk boundaries depend only on `chunkFrames`, never on the pool size or timing,
 * so the result is the same however the work is scheduled. Back-pressure: at most `maxInFlight`
 * frames are waiting in workers, so memory does not grow with the video length.
 */
export async function estimatePoses(
  frames: AsyncIterable<DecodedFrame>,
  model: PoseModelName,
  opts: { chunkFrames: number; onFrame?: (done: number) => void },
): Promise<RawPose[]> {
  const pool = await getPool(model);
  const maxInFlight = opts.chunkFrames * pool.length + 4;
  const results: RawPose[] = [];
  const inFlight = new Set<Promise<void>>();
  let firstError: unknown;
  let done = 0;
  let worker: PoseWorker | undefined;
  let track = 0;
  let currentChunk = -1;
  let buffered: DecodedFrame | undefined;

  const dispatch = (f: DecodedFrame, last: boolean) => {
    const chunk = Math.floor(f.index / opts.chunkFrames);
    if (chunk !== currentChunk || !worker) {
      currentChunk = chunk;
      track = nextTrack++;
      // The least busy worker takes the new chunk (ties: lowest index, for reproducible load).
      worker = pool.reduce((a, b) => (b.outstanding < a.outstanding ? b : a));
    }
    const p = worker
      .run({ id: nextId++, track, last, width: f.width, height: f.height, data: f.data })
      .then((r) => {
        results.push({ index: f.index, t: f.t, keypoints: r.keypoints, score: r.score });
        done++;
        opts.onFrame?.(done);
      })
      .catch((e: unknown) => {
        firstError ??= e;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };

  for await (const f of frames) {
    if (firstError) break;
    // Hold one frame back so we know whether the one before it ends its chunk.
    if (buffered) {
      const endsChunk = Math.floor(f.index / opts.chunkFrames) !== Math.floor(buffered.index / opts.chunkFrames);
      dispatch(buffered, endsChunk);
    }
    buffered = f;
    while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
  }
  if (buffered && !firstError) dispatch(buffered, true);
  await Promise.all(inFlight);
  if (firstError) throw firstError;
  results.sort((a, b) => a.index - b.index);
  return results;
}
