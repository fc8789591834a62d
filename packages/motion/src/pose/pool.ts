import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { MotionError } from "../errors.ts";
import type { DecodedFrame } from "../video/decode.ts";
import type { PoseModelName } from "./model-names.ts";
import type { PersonPose } from "./people.ts";
import type { FrameRequest, WorkerReply } from "./worker.ts";

/** A worker's answer for one frame: one person's pose, or everyone's. */
type FrameAnswer = Extract<WorkerReply, { type: "result" | "people" }>;

interface Pending {
  resolve: (r: FrameAnswer) => void;
  reject: (e: Error) => void;
}

/** A frame waiting for its worker: lower `priority` first, then in the order asked (a chunk's frames stay in order). */
interface Waiting {
  priority: number;
  request: FrameRequest;
}

/**
 * Frames handed to a worker thread at once. The rest wait here, in priority order, so that a short
 * analysis asked for beside a long one is served first instead of queueing behind every frame the
 * long one already sent; two keep the thread busy while the next answer travels back.
 */
const SENT_AHEAD = 2;

/** A pose worker thread ended (crashed, exited, was killed): its frames were not answered. */
class PoseWorkerLost extends MotionError {
  constructor(code: number) {
    super("INTERNAL", `Pose worker exited (code ${code})`);
  }
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
  readonly thread: Worker;
  /** Resolves once the model is loaded; rejects when it fails to load or the thread ends first. */
  readonly ready: Promise<void>;
  /** Frames sent and not answered yet (used to balance the load). */
  outstanding = 0;
  /** The thread has ended: nothing more is sent to it. */
  lost = false;
  private loaded = false;
  private closing = false;
  private pending = new Map<number, Pending>();
  private waiting: Waiting[] = [];
  private sent = 0;

  /** `onLost` hears of a thread that ended after loading its model, before its pending frames fail. */
  constructor(model: PoseModelName, onLost: (worker: PoseWorker) => void) {
    this.thread = new Worker(workerScript(), { workerData: { model }, execArgv: workerExecArgv() });
    // Keep the host alive while this worker has work (loading, frames in flight), and let it exit
    // when idle even if the caller forgets shutdownPosePool().
    this.ready = new Promise<void>((resolve, reject) => {
      this.thread.on("message", (m: WorkerReply) => {
        if (m.type === "ready") {
          this.loaded = true;
          resolve();
        } else if (m.type === "error" && m.id === undefined)
          reject(new MotionError("INTERNAL", `Pose model failed to load: ${m.message}`));
      });
      this.thread.once("exit", (code) => reject(new PoseWorkerLost(code)));
    }).finally(() => {
      if (this.outstanding === 0) this.thread.unref();
    });
    // A replacement nobody awaits may fail to load: its frames then fail with the reason.
    this.ready.catch(() => {});
    this.thread.on("message", (m: WorkerReply) => {
      if (m.type === "result" || m.type === "people" || (m.type === "error" && m.id !== undefined)) {
        const p = this.pending.get(m.id as number);
        if (!p) return;
        this.pending.delete(m.id as number);
        this.outstanding--;
        this.sent--;
        this.sendWaiting();
        if (this.outstanding === 0) this.thread.unref();
        if (m.type === "error") p.reject(new MotionError("INTERNAL", `Pose estimation failed: ${m.message}`));
        else p.resolve(m);
      }
    });
    // An exception thrown outside a frame ends the thread: 'error', then 'exit' (which handles both).
    this.thread.on("error", () => {});
    this.thread.on("exit", (code) => {
      this.lost = true;
      if (this.loaded && !this.closing) onLost(this);
      const error = new PoseWorkerLost(code);
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
      this.waiting = [];
      this.outstanding = 0;
    });
  }

  /** Estimates one frame; among frames waiting for this worker, lower `priority` goes first. */
  run(request: FrameRequest, priority = 0): Promise<FrameAnswer> {
    return new Promise((resolve, reject) => {
      if (this.lost) {
        reject(new PoseWorkerLost(-1));
        return;
      }
      this.pending.set(request.id, { resolve, reject });
      if (this.outstanding++ === 0) this.thread.ref();
      const waiting: Waiting = { priority, request };
      let at = this.waiting.length;
      while (at > 0 && (this.waiting[at - 1] as Waiting).priority > priority) at--;
      this.waiting.splice(at, 0, waiting);
      this.sendWaiting();
    });
  }

  private sendWaiting(): void {
    while (this.sent < SENT_AHEAD && !this.lost) {
      const next = this.waiting.shift();
      if (!next) return;
      this.sent++;
      // Copied, not transferred: the caller keeps the frame until its chunk is answered, to send
      // it again should this worker be lost.
      this.thread.postMessage(next.request);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.thread.postMessage({ type: "close" });
    await this.thread.terminate();
  }
}

/** Worker count: one per core by default (STEPSYNC_POSE_WORKERS overrides). */
export function poolSize(): number {
  const env = Number(process.env.STEPSYNC_POSE_WORKERS);
  if (Number.isInteger(env) && env > 0) return env;
  return Math.max(1, availableParallelism());
}

/**
 * Worker threads running one pose model. A worker whose thread ends after it loaded the model (a
 * crash, an exit, a kill) is replaced at once by a new one; a model that fails to load fails the pool.
 */
export class PosePool {
  private readonly workers: PoseWorker[];

  constructor(
    readonly model: PoseModelName,
    readonly size = poolSize(),
  ) {
    this.workers = Array.from({ length: size }, () => this.startWorker());
  }

  private startWorker(): PoseWorker {
    return new PoseWorker(this.model, (lost) => {
      const i = this.workers.indexOf(lost);
      if (i >= 0) this.workers[i] = this.startWorker();
    });
  }

  /** Resolves when every worker has loaded the model. */
  async ready(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.ready));
  }

  /** The live worker with the fewest frames outstanding (ties: lowest index, for reproducible load). */
  leastBusy(): PoseWorker {
    return this.workers.reduce((a, b) => (b.outstanding < a.outstanding ? b : a));
  }

  /** The worker threads now serving (e.g. for a test that stops one mid-analysis). */
  get threads(): Worker[] {
    return this.workers.map((w) => w.thread);
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.workers.map((w) => w.close()));
  }
}

const pools = new Map<PoseModelName, PosePool>();
let nextId = 1;
let nextTrack = 1;

/** The shared pool of a model, its workers ready; a pool whose model fails to load is dropped. */
async function sharedPool(model: PoseModelName): Promise<PosePool> {
  let pool = pools.get(model);
  if (!pool) {
    pool = new PosePool(model);
    pools.set(model, pool);
  }
  try {
    await pool.ready();
  } catch (e) {
    if (pools.get(model) === pool) pools.delete(model);
    await pool.close();
    throw e;
  }
  return pool;
}

/**
 * Starts the workers and loads the model now, in the background, so that they are ready by the
 * time the first frames are decoded (starting them takes about a second).
 */
export function preparePosePool(model: PoseModelName): void {
  sharedPool(model).catch(() => {
    // Reported when the pool is first used for real.
  });
}

/** Stops every pose worker (the server calls this on shutdown; the next analysis starts new ones). */
export async function shutdownPosePool(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.allSettled(all.map((p) => p.close()));
}

export interface RawPose {
  index: number;
  t: number;
  keypoints: Float32Array;
  score: number;
}

/** Everyone one frame shows (people.ts): keypoints in pixels of the decoded frame. */
export interface RawPeople {
  index: number;
  t: number;
  people: PersonPose[];
}

/** Frames of one independently tracked chunk, kept until all are answered so the chunk can run again. */
interface Chunk {
  index: number;
  frames: DecodedFrame[];
  /** Its last frame has been sent. */
  ended: boolean;
  worker: PoseWorker;
  /** The track id of the current attempt; answers for another one are stale. */
  track: number;
  unanswered: number;
  retried: boolean;
}

export interface EstimateOptions {
  chunkFrames: number;
  onFrame?: (done: number) => void;
  pool?: PosePool;
  /** Among analyses sharing the pool, lower goes first (analyzeVideo: its frame count, shortest first). */
  priority?: number;
}

/**
 * Runs pose estimation over a stream of frames on the worker pool, following one person (the
 * most prominent, estimator.ts). See estimateFrames.
 */
export async function estimatePoses(
  frames: AsyncIterable<DecodedFrame>,
  model: PoseModelName,
  opts: EstimateOptions,
): Promise<RawPose[]> {
  const answers = await estimateFrames(frames, model, opts, "frame");
  return answers.map(({ index, t, answer }) => {
    if (answer.type !== "result") throw new MotionError("INTERNAL", "A pose worker answered a frame with people");
    return { index, t, keypoints: answer.keypoints, score: answer.score };
  });
}

/** Runs pose estimation over a stream of frames on the worker pool, following everyone (people.ts). See estimateFrames. */
export async function estimatePeopleFrames(
  frames: AsyncIterable<DecodedFrame>,
  model: PoseModelName,
  opts: EstimateOptions,
): Promise<RawPeople[]> {
  const answers = await estimateFrames(frames, model, opts, "people");
  return answers.map(({ index, t, answer }) => {
    if (answer.type !== "people") throw new MotionError("INTERNAL", "A pose worker answered people with one pose");
    return { index, t, people: answer.people };
  });
}

/**
 * Runs pose estimation over a stream of frames on the worker pool. The stream is cut into
 * fixed-length chunks, each tracked independently from a whole-frame start, and chunks are spread
 * over the workers. Chunk boundaries depend only on `chunkFrames`, never on the pool size or timing,
 * so the result is the same however the work is scheduled, and a chunk whose worker is lost runs
 * again, once, from its first frame on another worker with the same result. Back-pressure: at most
 * `maxInFlight` frames are waiting in workers, so memory does not grow with the video length.
 */
async function estimateFrames(
  frames: AsyncIterable<DecodedFrame>,
  model: PoseModelName,
  opts: EstimateOptions,
  kind: FrameRequest["type"],
): Promise<Array<{ index: number; t: number; answer: FrameAnswer }>> {
  // Decode while the workers start: the first frames wait in memory rather than behind a full pipe.
  const early = prefetch(frames, EARLY_FRAMES);
  const pool = await (opts.pool ? opts.pool.ready().then(() => opts.pool as PosePool) : sharedPool(model)).catch(
    async (e: unknown) => {
      await early.stop();
      throw e;
    },
  );
  const maxInFlight = opts.chunkFrames * pool.size + 4;
  const results = new Map<number, { index: number; t: number; answer: FrameAnswer }>();
  const inFlight = new Set<Promise<void>>();
  let firstError: unknown;
  let chunk: Chunk | undefined;
  let buffered: DecodedFrame | undefined;

  const send = (c: Chunk, f: DecodedFrame, last: boolean) => {
    const track = c.track;
    c.unanswered++;
    const request: FrameRequest = {
      type: kind,
      id: nextId++,
      track,
      last,
      width: f.width,
      height: f.height,
      data: f.data,
    };
    const p = c.worker
      .run(request, opts.priority)
      .then((answer) => {
        if (c.track !== track) return;
        const first = !results.has(f.index);
        results.set(f.index, { index: f.index, t: f.t, answer });
        if (first) opts.onFrame?.(results.size);
        if (--c.unanswered === 0 && c.ended) c.frames = [];
      })
      .catch((e: unknown) => {
        if (c.track !== track) return;
        if (e instanceof PoseWorkerLost && !c.retried) retry(c);
        else firstError ??= e;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };

  // The lost worker's frames of this chunk all fail at once; the first starts the chunk again.
  const retry = (c: Chunk) => {
    c.retried = true;
    c.worker = pool.leastBusy();
    c.track = nextTrack++;
    c.unanswered = 0;
    for (const [i, f] of c.frames.entries()) send(c, f, c.ended && i === c.frames.length - 1);
  };

  const dispatch = (f: DecodedFrame, last: boolean) => {
    const index = Math.floor(f.index / opts.chunkFrames);
    if (chunk?.index !== index) {
      // The least busy worker takes the new chunk.
      const worker = pool.leastBusy();
      chunk = { index, frames: [], ended: false, worker, track: nextTrack++, unanswered: 0, retried: false };
    }
    chunk.frames.push(f);
    chunk.ended = last;
    send(chunk, f, last);
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
  // A retry sends its chunk again while the first attempt settles: wait for those too.
  while (inFlight.size > 0) await Promise.all(inFlight);
  if (firstError) throw firstError;
  return [...results.values()].sort((a, b) => a.index - b.index);
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
