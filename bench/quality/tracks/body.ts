/**
 * A measured 3-D body in COCO-17 order, and a virtual camera that films it: the bridge between
 * the measured datasets (ui-prmd.ts, aist.ts) and the engine's track input (trackFromPoints).
 */
import type { MeasuredPoints } from "../../../packages/motion/src/index.ts";
import { random } from "../stats.ts";

export type Vec3 = readonly [number, number, number];

/** COCO-17 points in metres, y up (right-handed); null where a dataset has no such point. */
export interface Body3D {
  fps: number;
  frames: Array<Array<Vec3 | null>>;
}

const L_HIP = 11;
const R_HIP = 12;

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const unit = (a: Vec3): Vec3 => scale(a, 1 / (Math.hypot(...a) || 1));
const UP: Vec3 = [0, 1, 0];

/** Where the body faces over the whole take (horizontal unit vector), and its mean hip centre. */
export function facing(body: Body3D): { forward: Vec3; centre: Vec3 } {
  let f: Vec3 = [0, 0, 0];
  let c: Vec3 = [0, 0, 0];
  let n = 0;
  for (const p of body.frames) {
    const l = p[L_HIP];
    const r = p[R_HIP];
    if (!l || !r) continue;
    // The right→left hip line crossed with up points forward (left = +x, up = +y → forward +z).
    const fw = cross(sub(l, r), UP);
    f = add(f, unit([fw[0], 0, fw[2]]));
    c = add(c, scale(add(l, r), 0.5));
    n++;
  }
  if (!n) throw new Error("the body has no hips in any frame");
  return { forward: unit(f), centre: scale(c, 1 / n) };
}

export interface View {
  /** Degrees the camera stands to the body's left (+) or right (−) of straight in front. */
  yaw: number;
  /** Metres from the body's centre (default 3.5). */
  distance?: number;
  /** Focal length in pixels (default 1400). */
  focal?: number;
  /**
   * The camera moves with the body, keeping its hips where they are on average across the picture:
   * a phone carried along, or turned to follow, as the dancer crosses the room. Up and down stay.
   */
  follow?: boolean;
}

/** The body with its hips held at `centre` across the floor (x, z), every frame; heights unchanged. */
function heldInPlace(body: Body3D, centre: Vec3): Body3D {
  return {
    ...body,
    frames: body.frames.map((p) => {
      const l = p[L_HIP];
      const r = p[R_HIP];
      if (!l || !r) return p;
      const hips = scale(add(l, r), 0.5);
      const shift: Vec3 = [centre[0] - hips[0], 0, centre[2] - hips[2]];
      return p.map((q) => (q ? add(q, shift) : null));
    }),
  };
}

/**
 * The body filmed by a level pinhole camera at chest height, `yaw` degrees around it from its
 * front, in a picture just large enough to hold every point (with a margin): what a phone on a
 * tripod at that spot would record (or carried along with the body: view.follow), before any pose model.
 */
export function film(taken: Body3D, view: View): MeasuredPoints {
  const { forward, centre } = facing(taken);
  const body = view.follow ? heldInPlace(taken, centre) : taken;
  const a = (view.yaw * Math.PI) / 180;
  // Rotate the forward direction about the up axis: positive yaw towards the body's left (+x when it faces +z).
  const dir: Vec3 = [
    forward[0] * Math.cos(a) + forward[2] * Math.sin(a),
    0,
    -forward[0] * Math.sin(a) + forward[2] * Math.cos(a),
  ];
  const target: Vec3 = add(centre, [0, 0.3, 0]);
  const cam = add(target, scale(dir, view.distance ?? 3.5));
  const w = unit(sub(target, cam));
  const right = unit(cross(w, UP));
  const down: Vec3 = scale(UP, -1);
  const f = view.focal ?? 1400;
  const projected = body.frames.map((p) =>
    p.map((q) => {
      if (!q) return null;
      const d = sub(q, cam);
      const z = dot(d, w);
      return z > 0.1 ? ([(f * dot(d, right)) / z, (f * dot(d, down)) / z] as [number, number]) : null;
    }),
  );
  const xs = projected.flatMap((p) => p.flatMap((q) => (q ? [q[0]] : [])));
  const ys = projected.flatMap((p) => p.flatMap((q) => (q ? [q[1]] : [])));
  const margin = 40;
  const x0 = Math.min(...xs) - margin;
  const y0 = Math.min(...ys) - margin;
  return {
    fps: body.fps,
    width: Math.ceil(Math.max(...xs) - x0 + margin),
    height: Math.ceil(Math.max(...ys) - y0 + margin),
    frames: projected.map((p) => p.map((q) => (q ? ([q[0] - x0, q[1] - y0] as const) : null))),
  };
}

/**
 * A pose model's error on top of measured points: each point off by a normal error of `sigma`
 * (a share of the body's height in the picture), redrawn every frame. Deterministic per seed.
 */
export function withNoise(points: MeasuredPoints, sigma: number, seed: number): MeasuredPoints {
  const rand = random(seed);
  const normal = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
  const heights = points.frames.map((p) => {
    const ys = p.flatMap((q) => (q ? [q[1]] : []));
    return ys.length ? Math.max(...ys) - Math.min(...ys) : 0;
  });
  const height = [...heights].sort((a, b) => a - b)[Math.floor(heights.length / 2)] ?? 0;
  const s = sigma * height;
  return {
    ...points,
    frames: points.frames.map((p) => p.map((q) => (q ? ([q[0] + s * normal(), q[1] + s * normal()] as const) : null))),
  };
}
