import { cocoIndexMap } from "./pose/keypoints.ts";
import type { PoseTrack } from "./types.ts";

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

export const JOINT_GROUPS = {
  arms: ["left_elbow", "right_elbow", "left_shoulder", "right_shoulder"],
  legs: ["left_hip", "right_hip", "left_knee", "right_knee"],
  posture: ["torso", "head"],
} as const satisfies Record<string, readonly Joint[]>;

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
  if (n < 1e-9) return Number.NaN;
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
 * Hip-centred, torso-scaled coordinates and joint angles for every frame (in pixels of the source,
 * so the frame's aspect ratio does not bend angles). With `mirrored`, the pose is flipped left ↔
 * right first: comparing a mirrored user against the reference tells whether they danced mirror-wise.
 */
export function extractFeatures(track: PoseTrack, mirrored = false): FeatureTrack {
  const map = cocoIndexMap(track.keypointNames);
  const points = (f: { keypoints: number[] }): P[] => {
    const pts: P[] = map.map((src) => {
      const s = f.keypoints[src * 3 + 2] ?? 0;
      if (s <= 0) return null;
      const x = (f.keypoints[src * 3] ?? 0) * track.width;
      const y = (f.keypoints[src * 3 + 1] ?? 0) * track.height;
      return [mirrored ? track.width - x : x, y];
    });
    return mirrored ? COCO_MIRROR.map((m) => pts[m] ?? null) : pts;
  };
  // One scale for the whole track (median torso length), so a dancer bending over is not "rescaled".
  const torsos: number[] = [];
  const all = track.frames.map((f) => points(f));
  for (const p of all) {
    const s = mid(p[5] ?? null, p[6] ?? null);
    const h = mid(p[11] ?? null, p[12] ?? null);
    if (s && h) torsos.push(Math.hypot(s[0] - h[0], s[1] - h[1]));
  }
  torsos.sort((a, b) => a - b);
  const torso = torsos.length ? (torsos[Math.floor(torsos.length / 2)] as number) : 1;
  const frames = track.frames.map((f, idx): FrameFeatures => {
    const p = all[idx] as P[];
    const g = (i: number): P => p[i] ?? null;
    const shoulders = mid(g(5), g(6));
    const hips = mid(g(11), g(12));
    const angles = new Float64Array(JOINTS.length);
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
    JOINTS.forEach((j, k) => {
      angles[k] = byName[j];
    });
    const positions = new Float64Array(POSITION_POINTS.length * 2).fill(Number.NaN);
    if (hips) {
      POSITION_POINTS.forEach((pi, k) => {
        const q = g(pi);
        if (!q) return;
        positions[k * 2] = (q[0] - hips[0]) / torso;
        positions[k * 2 + 1] = (q[1] - hips[1]) / torso;
      });
    }
    return { t: f.t, valid: f.score > 0 && !!hips && !!shoulders, angles, positions };
  });
  return { fps: track.fps, duration: track.duration, frames, torso };
}

/** Wraps degrees into (-180, 180]. */
export function wrap(deg: number): number {
  if (Number.isNaN(deg)) return deg;
  let d = deg % 360;
  if (d > 180) d -= 360;
  if (d <= -180) d += 360;
  return d;
}

export function jointIndex(j: Joint): number {
  return JOINTS.indexOf(j);
}

export function isSignedJoint(j: Joint): boolean {
  return SIGNED.has(j);
}

export { MIRROR_JOINT };
