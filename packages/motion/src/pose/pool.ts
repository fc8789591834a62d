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

/**
 * The host's Node flags for a worker, minus debugger flags and the tsx loader: worker-entry.mjs
 * registers tsx itself, and loading it twice made each worker start about a second slower.
 */
function workerExecArgv(): string[] {
  const argv = process.execArgv;
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a.startsWith("--inspect")) continue;
    if ((a === "--import" || a === "--loader") && argv[i + 1]?.includes("tsx")) {
      i++;
      continue;
    }
    if (/^--(import|loader)=.*tsx/.test(a)) continue;
    out.push(a);
  }
  return out;
}

/**
 * The worker's script: from the sources (tests, dev tools) a plain-JS shim that registers tsx first;
 * in the built server (scripts/build-server.mjs) the bundled worker beside the bundle, plain JavaScript.
 */
function workerScript(): URL {
  return import.meta.url.endsWith(".ts")
    ? new URL("./worker-entry.mjs", import.meta.url)
    : new URL("./pose-worker.js", import.meta.url);
}

class PoseWorker {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  /** Frames sent and not answered yet (used to balance the load). */
  outstanding = 0;
  private pending = new Map<number, Pending>();
  private failed: Error | undefined;

  constructor(model: PoseModelName) {
    this.worker = new Worker(workerScript(), {
      workerData: { model },
      execArgv: workerExecArgv(),
    });
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

/**
 * Starts the workers and loads the model now, in the background, so that they are ready by the
 * time the first frames are decoded (starting them takes about a second).
 */
export function preparePosePool(model: PoseModelName): void {
  getPool(model).catch(() => {
    // Reported when the pool is first used for real.
  });
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
  // Decode while the workers start: the first frames wait in memory rather than behind a full pipe.
  const early = prefetch(frames, EARLY_FRAMES);
  const pool = await getPool(model).catch(async (e: unknown) => {
    await early.stop();
    throw e;
  });
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

  for await (const f of early.frames) {
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

/** Frames decoded ahead while the workers start (about 0.4 MB each at the decode size). */
const EARLY_FRAMES = 48;

/**
 * Pulls up to `limit` frames from the source right away and keeps them; iterating the result
 * yields those (as soon as each is decoded), then the rest of the source.
 */
function prefetch(
  source: AsyncIterable<DecodedFrame>,
  limit: number,
): { frames: AsyncIterable<DecodedFrame>; stop: () => Promise<void> } {
  const it = source[Symbol.asyncIterator]();
  const buffered: DecodedFrame[] = [];
  let filled = false; // the early pull has ended (limit reached, source ended or failed)
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const filling = (async () => {
    try {
      while (buffered.length < limit) {
        const r = await it.next();
        if (r.done) {
          ended = true;
          break;
        }
        buffered.push(r.value);
        wake?.();
      }
    } catch (e) {
      failure = e;
    } finally {
      filled = true;
      wake?.();
    }
  })();
  return {
    frames: {
      async *[Symbol.asyncIterator]() {
        try {
          for (;;) {
            const f = buffered.shift();
            if (f) {
              yield f;
              continue;
            }
            if (filled) break;
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            wake = undefined;
          }
          if (failure) throw failure;
          if (ended) return;
          for (;;) {
            const r = await it.next();
            if (r.done) return;
            yield r.value;
          }
        } finally {
          // Stopped early (an error): stop the decoder too.
          await filling;
          await it.return?.();
        }
      },
    },
    stop: async () => {
      await filling;
      await it.return?.();
    },
  };
}
