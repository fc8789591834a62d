import { cocoIndexMap } from "./pose/keypoints.ts";
import type { PoseFrame, PoseTrack } from "./types.ts";
import { angleDiff, FLOAT_SLACK, float64Views, lowerQuantile, upperMedian, wrap } from "./numbers.ts";

/** Joints whose angles are compared and explained (names are the ones shown to the dancer). */
export const JOINTS = [
  "left_elbow",
  "right_elbow",
  "left_shoulder",
  "right_shoulder",
  "left_hip",
  "right_hip",
  "left_knee",
  "right_knee",
  "torso",
  "head",
] as const;
export type Joint = (typeof JOINTS)[number];

/** Body parts a dancer recognises; every segment belongs to one. */
export const PARTS = ["left_arm", "right_arm", "left_leg", "right_leg", "torso", "head"] as const;
export type Part = (typeof PARTS)[number];

/** The joints that describe each part (for "bend your left elbow" rather than "left forearm 20° off"). */
export const PART_JOINTS: Record<Part, readonly Joint[]> = {
  left_arm: ["left_shoulder", "left_elbow"],
  right_arm: ["right_shoulder", "right_elbow"],
  left_leg: ["left_hip", "left_knee"],
  right_leg: ["right_hip", "right_knee"],
  torso: ["torso"],
  head: ["head"],
};

/**
 * Body segments whose directions (in the picture) are compared. "mid:a,b" is the midpoint of two
 * points. The shoulder and hip lines carry which way the dancer faces (a turn flips them).
 */
export const SEGMENTS = [
  { name: "left_upper_arm", from: [5], to: [7], part: "left_arm" },
  { name: "right_upper_arm", from: [6], to: [8], part: "right_arm" },
  { name: "left_forearm", from: [7], to: [9], part: "left_arm" },
  { name: "right_forearm", from: [8], to: [10], part: "right_arm" },
  { name: "left_thigh", from: [11], to: [13], part: "left_leg" },
  { name: "right_thigh", from: [12], to: [14], part: "right_leg" },
  { name: "left_shin", from: [13], to: [15], part: "left_leg" },
  { name: "right_shin", from: [14], to: [16], part: "right_leg" },
  { name: "torso", from: [11, 12], to: [5, 6], part: "torso" },
  { name: "head", from: [5, 6], to: [0], part: "head" },
  { name: "shoulders", from: [6], to: [5], part: "torso" },
  { name: "hips", from: [12], to: [11], part: "torso" },
] as const satisfies ReadonlyArray<{
  name: string;
  from: readonly number[];
  to: readonly number[];
  part: Part;
}>;
export const SEGMENT_COUNT = SEGMENTS.length;
/**
 * The shoulder and hip lines (SEGMENTS indices): drawn from one side to the other, they carry which
 * way the body faces, and point the other way when the sides are named the other way round.
 */
export const FACING_LINES: readonly number[] = SEGMENTS.flatMap((s, k) =>
  s.name === "shoulders" || s.name === "hips" ? [k] : [],
);

/**
 * The shortest a shoulder or hip line is, in torso lengths, seen broadside: real bodies read
 * 0.4–1.4 (shoulders) and 0.2–0.8 (hips) facing the camera, a body side-on 0.01–0.1.
 */
const ACROSS_MIN_LEN = 0.5;

/** Body points whose normalised positions are compared (COCO indices). */
const POSITION_POINTS = [0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
/** Left ↔ right partner of each COCO index, for the mirrored variant. */
const COCO_MIRROR = [0, 2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15];
const MIRROR_JOINT: Record<Joint, Joint> = {
  left_elbow: "right_elbow",
  right_elbow: "left_elbow",
  left_shoulder: "right_shoulder",
  right_shoulder: "left_shoulder",
  left_hip: "right_hip",
  right_hip: "left_hip",
  left_knee: "right_knee",
  right_knee: "left_knee",
  torso: "torso",
  head: "head",
};
export const MIRROR_PART: Record<Part, Part> = {
  left_arm: "right_arm",
  right_arm: "left_arm",
  left_leg: "right_leg",
  right_leg: "left_leg",
  torso: "torso",
  head: "head",
};
/** Signed angles (direction matters) flip sign in a mirror; interior angles do not. */
const SIGNED: ReadonlySet<Joint> = new Set<Joint>(["torso", "head"]);

export interface FrameFeatures {
  t: number;
  /** A person with a visible torso is in the frame. */
  valid: boolean;
  /** Degrees per joint, NaN when a point it needs is missing. */
  angles: Float64Array;
  /** [x, y] per POSITION_POINTS entry, hip-centred and divided by the track's torso length; NaN when missing. */
  positions: Float64Array;
  /** Direction of each SEGMENTS entry in the picture, degrees (0 = pointing down, 90 = to the picture's right); NaN when missing. */
  seg: Float64Array;
  /** 0–1 trust in each segment's direction: keypoint confidence, lowered when the segment is foreshortened. */
  segW: Float64Array;
  /** How fast each segment turns here, degrees per second (centred difference; 0 where unknown). */
  segSpeed: Float64Array;
  /** Hip centre in torso lengths from the track's median hip centre (x right, y down); NaN when missing. */
  hip: [number, number];
}

export interface FeatureTrack {
  fps: number;
  duration: number;
  frames: FrameFeatures[];
  /** Median torso length in pixels (the scale unit). */
  torso: number;
}

type P = [number, number] | null;

function angleAt(a: P, b: P, c: P): number {
  if (!a || !b || !c) return Number.NaN;
  const v1x = a[0] - b[0];
  const v1y = a[1] - b[1];
  const v2x = c[0] - b[0];
  const v2y = c[1] - b[1];
  const n = Math.hypot(v1x, v1y) * Math.hypot(v2x, v2y);
  if (n < FLOAT_SLACK) return Number.NaN;
  const cos = Math.max(-1, Math.min(1, (v1x * v2x + v1y * v2y) / n));
  return (Math.acos(cos) * 180) / Math.PI;
}

/** Signed angle of vector (from→to) away from straight up, degrees (positive = towards +x). */
function leanFromVertical(from: P, to: P): number {
  if (!from || !to) return Number.NaN;
  return (Math.atan2(to[0] - from[0], -(to[1] - from[1])) * 180) / Math.PI;
}

function mid(a: P, b: P): P {
  if (!a || !b) return null;
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

/**
 * Hip-centred, torso-scaled coordinates, joint angles and segment directions for every frame (in
 * pixels of the source, so the frame's aspect ratio does not bend angles). With `mirrored`, the
 * pose is flipped left ↔ right first: comparing a mirrored user against the reference tells whether
 * they danced mirror-wise.
 */
export function extractFeatures(track: PoseTrack, mirrored = false): FeatureTrack {
  const read = frameReader(track, mirrored);
  return assembleFeatures(
    track.frames.map((f) => read(f)),
    track.fps,
    track.duration,
  );
}

/**
 * extractFeatures of a track that grows frame by frame (a take while it is danced), equal to it at
 * every length when rescaled every frame: what a frame says on its own is read once, and only what
 * the whole track's scale decides (positions, hip, segment weights) is worked out again as it grows.
 */
export class GrowingFeatures {
  private readonly read: (f: PoseFrame) => FrameReading;
  private readonly readings: FrameReading[] = [];
  private readonly fps: number;
  /** What `of` made last: the scale it used, when it was worked out (frames then), the frames at it. */
  private made: { scale: TrackScale; scaledAt: number; frames: FrameFeatures[] } | undefined;

  constructor(track: Pick<PoseTrack, "keypointNames" | "width" | "height" | "fps">, mirrored = false) {
    this.read = frameReader(track, mirrored);
    this.fps = track.fps;
  }

  /**
   * The features of the track's frames so far (its duration: one frame interval each), after reading
   * those it has not seen yet. The track's scale is worked out again once `rescaleAfter` frames have
   * come since it last was (1: every time, exactly extractFeatures); until then the frames since are
   * added at the scale there is — a take read after nearly every frame while it is danced need not be
   * made again each time (its median torso, hips and segment lengths barely move in a second).
   */
  of(frames: readonly PoseFrame[], rescaleAfter = 1): FeatureTrack {
    this.catchUp(frames);
    const n = this.readings.length;
    const made = this.made;
    if (!made || n - made.scaledAt >= rescaleAfter) {
      const scale = scaleOf(this.readings);
      this.made = { scale, scaledAt: n, frames: assembleFeatures(this.readings, this.fps, n / this.fps, scale).frames };
    } else {
      const from = made.frames.length;
      for (let i = from; i < n; i++) made.frames.push(frameFeatures(this.readings[i] as FrameReading, made.scale));
      // The frame that was last has a neighbour after it now: its speed is read again, on a copy (the
      // tracks given out before keep theirs).
      const last = made.frames[from - 1];
      if (last) made.frames[from - 1] = { ...last, segSpeed: new Float64Array(SEGMENT_COUNT) };
      setSpeeds(made.frames, this.fps, Math.max(0, from - 1));
    }
    const { scale, frames: all } = this.made as NonNullable<typeof this.made>;
    return { fps: this.fps, duration: n / this.fps, frames: all.slice(), torso: scale.torso };
  }

  /** extractFeatures of the last `count` frames alone (a track of its own), reading each frame once. */
  tail(frames: readonly PoseFrame[], count: number): FeatureTrack {
    this.catchUp(frames);
    const last = this.readings.slice(Math.max(0, frames.length - count), frames.length);
    return assembleFeatures(last, this.fps, last.length / this.fps);
  }

  private catchUp(frames: readonly PoseFrame[]): void {
    for (let i = this.readings.length; i < frames.length; i++) this.readings.push(this.read(frames[i] as PoseFrame));
  }
}

/** What one frame says on its own, whatever the rest of the track: its scale-free features and raw lengths. */
interface FrameReading {
  t: number;
  valid: boolean;
  angles: Float64Array;
  seg: Float64Array;
  /** Segment lengths in pixels (NaN where a segment is not seen) and the confidence of their ends. */
  segLen: Float64Array;
  segConf: Float64Array;
  /** Hip and shoulder centres in pixels; the torso length (NaN when either is missing). */
  hips: P;
  torsoLen: number;
  /** POSITION_POINTS in pixels from the hip centre (NaN where unseen or without hips). */
  fromHips: Float64Array;
}

/** Reads frames of `track` (its keypoint layout and picture size), flipped left ↔ right with `mirrored`. */
function frameReader(
  track: Pick<PoseTrack, "keypointNames" | "width" | "height">,
  mirrored: boolean,
): (f: PoseFrame) => FrameReading {
  const map = cocoIndexMap(track.keypointNames);
  const point = (p: P[], idx: readonly number[]): P =>
    idx.length === 1 ? (p[idx[0] as number] ?? null) : mid(p[idx[0] as number] ?? null, p[idx[1] as number] ?? null);
  return (f) => {
    let pts: P[] = [];
    let conf: number[] = [];
    for (const src of map) {
      const s = f.keypoints[src * 3 + 2] ?? 0;
      conf.push(s);
      if (s <= 0) {
        pts.push(null);
        continue;
      }
      const x = (f.keypoints[src * 3] ?? 0) * track.width;
      const y = (f.keypoints[src * 3 + 1] ?? 0) * track.height;
      pts.push([mirrored ? track.width - x : x, y]);
    }
    if (mirrored) {
      const flipped = pts;
      const flippedConf = conf;
      pts = COCO_MIRROR.map((m) => flipped[m] ?? null);
      conf = COCO_MIRROR.map((m) => flippedConf[m] ?? 0);
    }
    const g = (i: number): P => pts[i] ?? null;
    const shoulders = mid(g(5), g(6));
    const hips = mid(g(11), g(12));
    const byName: Record<Joint, number> = {
      left_elbow: angleAt(g(5), g(7), g(9)),
      right_elbow: angleAt(g(6), g(8), g(10)),
      left_shoulder: angleAt(g(11), g(5), g(7)),
      right_shoulder: angleAt(g(12), g(6), g(8)),
      left_hip: angleAt(g(5), g(11), g(13)),
      right_hip: angleAt(g(6), g(12), g(14)),
      left_knee: angleAt(g(11), g(13), g(15)),
      right_knee: angleAt(g(12), g(14), g(16)),
      torso: leanFromVertical(hips, shoulders),
      // Head: direction shoulders→nose relative to the torso's own direction.
      head: wrap(leanFromVertical(shoulders, g(0)) - leanFromVertical(hips, shoulders)),
    };
    const [angles, fromHips, seg, segLen, segConf] = float64Views(
      JOINTS.length,
      POSITION_POINTS.length * 2,
      SEGMENT_COUNT,
      SEGMENT_COUNT,
      SEGMENT_COUNT,
    ) as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
    JOINTS.forEach((j, k) => {
      angles[k] = byName[j];
    });
    fromHips.fill(Number.NaN);
    if (hips) {
      POSITION_POINTS.forEach((pi, k) => {
        const q = g(pi);
        if (!q) return;
        fromHips[k * 2] = q[0] - hips[0];
        fromHips[k * 2 + 1] = q[1] - hips[1];
      });
    }
    seg.fill(Number.NaN);
    segLen.fill(Number.NaN);
    SEGMENTS.forEach((sg, k) => {
      const a = point(pts, sg.from);
      const b = point(pts, sg.to);
      if (!a || !b) return;
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const len = Math.hypot(dx, dy);
      segLen[k] = len;
      if (len < 1e-6) return;
      seg[k] = (Math.atan2(dx, dy) * 180) / Math.PI;
      let c = Number.POSITIVE_INFINITY;
      for (const i of sg.from) c = Math.min(c, conf[i] ?? 0);
      for (const i of sg.to) c = Math.min(c, conf[i] ?? 0);
      segConf[k] = c;
    });
    const torsoLen = shoulders && hips ? Math.hypot(shoulders[0] - hips[0], shoulders[1] - hips[1]) : Number.NaN;
    return {
      t: f.t,
      valid: f.score > 0 && !!hips && !!shoulders,
      angles,
      seg,
      segLen,
      segConf,
      hips,
      torsoLen,
      fromHips,
    };
  };
}

const SIDE_NAME = (name: string) =>
  name.startsWith("left_") ? `right_${name.slice(5)}` : name.startsWith("right_") ? `left_${name.slice(6)}` : name;
/** Each segment's partner with the sides named the other way round (itself for the torso, head and the lines across). */
const SEGMENT_SIDES = SEGMENTS.map((s) => SEGMENTS.findIndex((o) => o.name === SIDE_NAME(s.name)));
const JOINT_SIDES = JOINTS.map((j) => JOINTS.indexOf(MIRROR_JOINT[j]));
const POSITION_SIDES = POSITION_POINTS.map((p) => POSITION_POINTS.indexOf(COCO_MIRROR[p] as number));

/** Shoulder and hip lines at least this far apart (degrees)… */
const OPPOSITE_DEG = 135;
/** …and at least this wide (segment weight: not side-on to the camera) face opposite ways. */
const WIDE = 0.5;

/** Whether a shoulder or hip line is seen wide enough (not side-on) for its direction to say which way the body faces. */
export function seenBroadside(f: FrameFeatures, k: number): boolean {
  return (f.segW[k] as number) >= WIDE;
}

/**
 * Whether two poses face opposite ways in the picture: both their shoulder lines and their hip
 * lines point opposite ways (≥ OPPOSITE_DEG), all four clearly wide. One of them faces away, or the
 * pose model named one's sides the other way round: a picture cannot tell which.
 */
export function facesOpposite(a: FrameFeatures, b: FrameFeatures): boolean {
  for (const k of FACING_LINES) {
    const x = a.seg[k] as number;
    const y = b.seg[k] as number;
    if (Number.isNaN(x) || Number.isNaN(y)) return false;
    if (!seenBroadside(a, k) || !seenBroadside(b, k)) return false;
    if (angleDiff(x, y, true) < OPPOSITE_DEG) return false;
  }
  return true;
}

/**
 * A frame with its left and right named the other way round, where they are in the picture: the
 * body as seen from behind, if it was read as facing the camera (or the other way). Not a mirror:
 * nothing moves in the picture, only the names of the sides.
 */
export function swapSides(f: FrameFeatures): FrameFeatures {
  const seg = new Float64Array(SEGMENT_COUNT);
  const segW = new Float64Array(SEGMENT_COUNT);
  const segSpeed = new Float64Array(SEGMENT_COUNT);
  SEGMENT_SIDES.forEach((o, k) => {
    const v = f.seg[o] as number;
    seg[k] = FACING_LINES.includes(k) ? wrap(v + 180) : v;
    segW[k] = f.segW[o] as number;
    segSpeed[k] = f.segSpeed[o] as number;
  });
  const angles = Float64Array.from(JOINT_SIDES, (o) => f.angles[o] as number);
  const positions = new Float64Array(f.positions.length);
  POSITION_SIDES.forEach((o, k) => {
    positions[k * 2] = f.positions[o * 2] as number;
    positions[k * 2 + 1] = f.positions[o * 2 + 1] as number;
  });
  return { ...f, seg, segW, segSpeed, angles, positions };
}

/** What the whole track decides of every frame's features: its scale, where its hips are, how long each segment is at full length. */
interface TrackScale {
  torso: number;
  hipX: number;
  hipY: number;
  fullLen: number[];
}

function scaleOf(readings: readonly FrameReading[]): TrackScale {
  // One scale for the whole track (median torso length), so a dancer bending over is not "rescaled".
  const torsos: number[] = [];
  const hipsX: number[] = [];
  const hipsY: number[] = [];
  const segLen: number[][] = SEGMENTS.map(() => []);
  for (const r of readings) {
    if (!Number.isNaN(r.torsoLen)) torsos.push(r.torsoLen);
    if (r.hips) {
      hipsX.push(r.hips[0]);
      hipsY.push(r.hips[1]);
    }
    for (let k = 0; k < SEGMENT_COUNT; k++) {
      const l = r.segLen[k] as number;
      if (!Number.isNaN(l)) segLen[k]?.push(l);
    }
  }
  const torso = torsos.length ? upperMedian(torsos) : 1;
  // A segment's full length is about its longest appearance; shorter means it points at or away
  // from the camera, where its direction in the picture says little. A line across the body is
  // never seen shorter than ACROSS_MIN_LEN torsos broadside: a dancer side-on to the camera
  // throughout (a push-up filmed from aside) has no longest appearance of it to go by.
  return {
    torso,
    hipX: upperMedian(hipsX),
    hipY: upperMedian(hipsY),
    fullLen: segLen.map((l, k) =>
      Math.max(lowerQuantile(l, 0.9), (FACING_LINES.includes(k) ? ACROSS_MIN_LEN : 0.05) * torso),
    ),
  };
}

/** One frame's features at the track's scale (its segment speeds are set by setSpeeds, from its neighbours). */
function frameFeatures(
  r: FrameReading,
  { torso, hipX, hipY, fullLen }: TrackScale,
  [positions, segW, segSpeed] = float64Views(r.fromHips.length, SEGMENT_COUNT, SEGMENT_COUNT),
): FrameFeatures {
  if (!positions || !segW || !segSpeed) throw new Error("frameFeatures needs three arrays to fill");
  for (let k = 0; k < positions.length; k++) positions[k] = (r.fromHips[k] as number) / torso;
  for (let k = 0; k < SEGMENT_COUNT; k++) {
    if (Number.isNaN(r.seg[k] as number)) continue;
    segW[k] =
      Math.min(1, (r.segConf[k] as number) / 0.5) *
      Math.min(1, (r.segLen[k] as number) / (0.5 * (fullLen[k] as number)));
  }
  const hip: [number, number] = r.hips
    ? [(r.hips[0] - hipX) / torso, (r.hips[1] - hipY) / torso]
    : [Number.NaN, Number.NaN];
  return { t: r.t, valid: r.valid, angles: r.angles, positions, seg: r.seg, segW, segSpeed, hip };
}

/** Segment speeds (degrees per second) of frames `from` on: centred differences, one-sided at the ends. */
function setSpeeds(frames: readonly FrameFeatures[], fps: number, from = 0): void {
  for (let i = from; i < frames.length; i++) {
    const f = frames[i] as FrameFeatures;
    const a = frames[Math.max(0, i - 1)] as FrameFeatures;
    const b = frames[Math.min(frames.length - 1, i + 1)] as FrameFeatures;
    const dt = (Math.min(frames.length - 1, i + 1) - Math.max(0, i - 1)) / fps;
    if (!(dt > 0)) continue;
    for (let k = 0; k < SEGMENT_COUNT; k++) {
      const x = a.seg[k] as number;
      const y = b.seg[k] as number;
      f.segSpeed[k] = Number.isNaN(x) || Number.isNaN(y) ? 0 : Math.abs(wrap(y - x)) / dt;
    }
  }
}

/** The frames' features at the scale of all of them (or at `scale`, worked out from them already). */
function assembleFeatures(
  readings: readonly FrameReading[],
  fps: number,
  duration: number,
  scale = scaleOf(readings),
): FeatureTrack {
  // Every frame's arrays over one buffer (see float64Views).
  const views = float64Views(...readings.flatMap((r) => [r.fromHips.length, SEGMENT_COUNT, SEGMENT_COUNT]));
  const frames = readings.map((r, i) => frameFeatures(r, scale, views.slice(3 * i, 3 * i + 3)));
  setSpeeds(frames, fps);
  return { fps, duration, frames, torso: scale.torso };
}

/**
 * Mean over the body points both poses show of `f(squared distance)` between two frames'
 * positions (x, y interleaved; hip-centred, in torso lengths); NaN when they share none.
 */
export function meanOverPositions(a: Float64Array, b: Float64Array, f: (d2: number) => number): number {
  let s = 0;
  let n = 0;
  for (let k = 0; k < a.length; k += 2) {
    const ax = a[k] as number;
    const bx = b[k] as number;
    if (Number.isNaN(ax) || Number.isNaN(bx)) continue;
    const dy = (a[k + 1] as number) - (b[k + 1] as number);
    s += f((ax - bx) ** 2 + dy * dy);
    n++;
  }
  return n ? s / n : Number.NaN;
}

export function isSignedJoint(j: Joint): boolean {
  return SIGNED.has(j);
}

export { MIRROR_JOINT };
