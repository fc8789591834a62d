import { type FeatureTrack, facesOpposite, type FrameFeatures, SEGMENT_COUNT, swapSides } from "../features.ts";
import { FLOAT_SLACK, float64Views } from "../numbers.ts";

/** How far past the end of a recording a moment still reads as its last frame, seconds. */
const EDGE_S = 0.25;

/**
 * A feature track read at any time, not only at its analysed frames: linear between the two
 * nearest frames (segment directions through their unit vectors, so 179° and −179° blend to 180°).
 * This is what lets timing be measured to a few milliseconds from 8 analysed frames per second.
 */
export class ContinuousTrack {
  readonly fps: number;
  readonly duration: number;
  private readonly frames: FrameFeatures[];
  /**
   * Each frame's segment directions as unit vectors (cosines, then sines, SEGMENT_COUNT each, frame
   * after frame), worked out when first read (`unitDone`): a live take's track is remade often and
   * read in few places.
   */
  private readonly units: Float64Array;
  private readonly unitDone: Uint8Array;
  /** What positionsAt answers in: timing reads it thousands of times per move and keeps none. */
  private readonly scratch: Float64Array;

  constructor(track: FeatureTrack) {
    this.fps = track.fps;
    this.frames = track.frames;
    this.duration = track.frames.length ? (track.frames.length - 1) / track.fps : 0;
    this.units = new Float64Array(2 * SEGMENT_COUNT * track.frames.length);
    this.unitDone = new Uint8Array(track.frames.length);
    this.scratch = new Float64Array(track.frames[0]?.positions.length ?? 0);
  }

  /** Where frame i's unit vectors start in `units` (cosines there, sines SEGMENT_COUNT further), worked out if not yet. */
  private unit(i: number): number {
    const at = 2 * SEGMENT_COUNT * i;
    const frame = this.frames[i];
    if (this.unitDone[i] || !frame) return at;
    for (let k = 0; k < SEGMENT_COUNT; k++) {
      const a = ((frame.seg[k] as number) * Math.PI) / 180;
      this.units[at + k] = Math.cos(a);
      this.units[at + SEGMENT_COUNT + k] = Math.sin(a);
    }
    this.unitDone[i] = 1;
    return at;
  }

  /** The analysed frames (as they are, not blended) from t0 to t1 seconds, both included. */
  framesBetween(t0: number, t1: number): FrameFeatures[] {
    const from = Math.max(0, Math.ceil(t0 * this.fps - FLOAT_SLACK));
    const to = Math.min(this.frames.length - 1, Math.floor(t1 * this.fps + FLOAT_SLACK));
    return to >= from ? this.frames.slice(from, to + 1) : [];
  }

  /** Whether t (seconds) lies within the analysed video. */
  covers(t: number): boolean {
    const x = t * this.fps;
    return x >= -FLOAT_SLACK && x <= this.frames.length - 1 + FLOAT_SLACK;
  }

  /**
   * t, pulled onto the video when it falls just past either end (by up to EDGE_S): a move found a
   * few milliseconds late at the very end of the recording is not a missed moment.
   */
  clampEdge(t: number): number {
    if (t < 0 && t >= -EDGE_S) return 0;
    if (t > this.duration && t <= this.duration + EDGE_S) return this.duration;
    return t;
  }

  /** The frame at time t (seconds), or undefined outside the track or where no one is visible. */
  at(t: number): FrameFeatures | undefined {
    const n = this.neighbours(t);
    if (!n || n.w === 0) return n?.a;
    const { a, b, i, w, named } = n;
    const [angles, positions, seg, segW, segSpeed] = float64Views(
      a.angles.length,
      a.positions.length,
      SEGMENT_COUNT,
      SEGMENT_COUNT,
      SEGMENT_COUNT,
    ) as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
    return {
      t,
      valid: true,
      angles: blend(a.angles, b.angles, w, angles),
      positions: blend(a.positions, b.positions, w, positions),
      seg: named ? blendDirections(a.seg, b.seg, w, seg) : this.blendDirections(i, w, seg),
      segW: blend(a.segW, b.segW, w, segW),
      segSpeed: blend(a.segSpeed, b.segSpeed, w, segSpeed),
      hip: [a.hip[0] * (1 - w) + b.hip[0] * w, a.hip[1] * (1 - w) + b.hip[1] * w],
    };
  }

  /**
   * `at(t).positions` alone, blending nothing else: what timing a move compares, many times over.
   * The answer is only good until the next call (it is written into one array the track keeps).
   */
  positionsAt(t: number): Float64Array | undefined {
    const n = this.neighbours(t);
    if (!n || n.w === 0) return n?.a.positions;
    return blend(n.a.positions, n.b.positions, n.w, this.scratch);
  }

  /**
   * The two frames around time t and how far t lies from the first to the second (w); w 0 when t
   * is read as one frame as it is (on a frame, at the end, or next to a gap, where the nearer frame
   * is taken rather than a pose blended with nothing). Undefined outside the track or where no one
   * is visible.
   */
  private neighbours(
    t: number,
  ): { a: FrameFeatures; b: FrameFeatures; i: number; w: number; named: boolean } | undefined {
    const x = t * this.fps;
    if (x < -FLOAT_SLACK || x > this.frames.length - 1 + FLOAT_SLACK) return undefined;
    const i = Math.min(this.frames.length - 1, Math.max(0, Math.floor(x)));
    const w = Math.min(1, Math.max(0, x - i));
    const a = this.frames[i] as FrameFeatures;
    const b = this.frames[i + 1];
    if (b && w >= 1e-6 && a.valid && b.valid) {
      // Two frames facing opposite ways (the pose model named the sides of one the other way round,
      // as it does from frame to frame in a turn): the farther one is named as the nearer one, so
      // that a left arm is not blended with a right one.
      if (!facesOpposite(a, b)) return { a, b, i, w, named: false };
      return w < 0.5 ? { a, b: swapSides(b), i, w, named: true } : { a: swapSides(a), b, i, w, named: true };
    }
    // On a frame or at the end, that frame; next to a gap, the nearer one.
    const one = !b || w < 1e-6 || w < 0.5 ? a : b;
    return one.valid ? { a: one, b: one, i, w: 0, named: false } : undefined;
  }

  /** blendDirections of frames i and i + 1 through their unit vectors worked out once. */
  private blendDirections(i: number, w: number, out: Float64Array): Float64Array {
    const a = this.unit(i);
    const b = this.unit(i + 1);
    const u = this.units;
    for (let k = 0; k < SEGMENT_COUNT; k++) {
      const c = (u[a + k] as number) * (1 - w) + (u[b + k] as number) * w;
      const s = (u[a + SEGMENT_COUNT + k] as number) * (1 - w) + (u[b + SEGMENT_COUNT + k] as number) * w;
      out[k] = (Math.atan2(s, c) * 180) / Math.PI;
    }
    return out;
  }
}

/** Directions (degrees) blended through their unit vectors into `out`, so 179° and −179° blend to 180°. */
function blendDirections(a: Float64Array, b: Float64Array, w: number, out: Float64Array): Float64Array {
  for (let k = 0; k < SEGMENT_COUNT; k++) {
    const x = ((a[k] as number) * Math.PI) / 180;
    const y = ((b[k] as number) * Math.PI) / 180;
    out[k] =
      (Math.atan2(Math.sin(x) * (1 - w) + Math.sin(y) * w, Math.cos(x) * (1 - w) + Math.cos(y) * w) * 180) / Math.PI;
  }
  return out;
}

/** Element-wise linear blend into `out`; a value missing (NaN) on one side takes the other side's. */
function blend(a: Float64Array, b: Float64Array, w: number, out: Float64Array): Float64Array {
  for (let k = 0; k < a.length; k++) {
    const x = a[k] as number;
    const y = b[k] as number;
    out[k] = Number.isNaN(x)
      ? w >= 0.5
        ? y
        : Number.NaN
      : Number.isNaN(y)
        ? w < 0.5
          ? x
          : Number.NaN
        : x + (y - x) * w;
  }
  return out;
}
