/**
 * UI-PRMD (University of Idaho Physical Rehabilitation Movements Data Set; Vakanski et al.,
 * Data 2018; public domain): ten exercises by ten people, ten repetitions each, done correctly and
 * incorrectly, as Kinect skeletons. Read from ../shared/fixtures/tracks/ui-prmd (README there).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { Body3D, Vec3 } from "./body.ts";

/** The movements, by number (m01–m10), as the paper names them. */
export const UI_PRMD_MOVEMENTS: Record<number, string> = {
  1: "deep squat",
  2: "hurdle step",
  3: "inline lunge",
  4: "side lunge",
  5: "sit to stand",
  6: "standing active straight-leg raise",
  7: "standing shoulder abduction",
  8: "standing shoulder extension",
  9: "standing shoulder internal–external rotation",
  10: "standing shoulder scaption",
};

/** The Kinect's frame rate. */
const FPS = 30;
const JOINTS = 22;

/**
 * Parent of each joint (0-based; the paper's order: 0 waist, 1 spine, 2 chest, 3 neck, 4 head,
 * 5 head tip, 6–9 left collar, shoulder, elbow, wrist, 10–13 the same on the right, 14–17 left
 * hip, knee, ankle, toes, 18–21 the same on the right).
 */
const PARENT = [-1, 0, 1, 2, 3, 4, 2, 6, 7, 8, 2, 10, 11, 12, 0, 14, 15, 16, 0, 18, 19, 20];
/** The collars take the chest's angle alone, not the chest's world rotation (the authors' own code). */
const COLLARS = new Set([6, 10]);
/** COCO-17 from the Kinect joints: nose ← head; the eyes and ears have no counterpart. */
const COCO_FROM = [4, -1, -1, -1, -1, 7, 11, 8, 12, 9, 13, 14, 18, 15, 19, 16, 20];

type Mat = number[];
const mul = (a: Mat, b: Mat): Mat => {
  const out = new Array(9).fill(0);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      for (let k = 0; k < 3; k++) out[i * 3 + j] += (a[i * 3 + k] as number) * (b[k * 3 + j] as number);
  return out;
};
const apply = (m: Mat, v: Vec3): Vec3 => [
  (m[0] as number) * v[0] + (m[1] as number) * v[1] + (m[2] as number) * v[2],
  (m[3] as number) * v[0] + (m[4] as number) * v[1] + (m[5] as number) * v[2],
  (m[6] as number) * v[0] + (m[7] as number) * v[1] + (m[8] as number) * v[2],
];
const IDENTITY: Mat = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** Rz(z)·Ry(y)·Rx(x) from degrees (the dataset's Euler convention). */
function rotation(x: number, y: number, z: number): Mat {
  const [a, b, g] = [x, y, z].map((d) => (d * Math.PI) / 180) as [number, number, number];
  const rx = [1, 0, 0, 0, Math.cos(a), -Math.sin(a), 0, Math.sin(a), Math.cos(a)];
  const ry = [Math.cos(b), 0, Math.sin(b), 0, 1, 0, -Math.sin(b), 0, Math.cos(b)];
  const rz = [Math.cos(g), -Math.sin(g), 0, Math.sin(g), Math.cos(g), 0, 0, 0, 1];
  return mul(mul(rz, ry), rx);
}

function readRows(file: string): number[][] {
  return gunzipSync(readFileSync(file))
    .toString("utf8")
    .trim()
    .split("\n")
    .map((line) => line.split(",").map(Number));
}

export interface Take {
  movement: number;
  subject: number;
  repetition: number;
  correct: boolean;
}

function fileOf(root: string, t: Take, kind: "positions" | "angles"): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const folder = t.correct ? "correct" : "incorrect";
  const name = `m${pad(t.movement)}_s${pad(t.subject)}_e${pad(t.repetition)}_${kind}${t.correct ? "" : "_inc"}.txt.gz`;
  return join(root, "ui-prmd", folder, "kinect", kind, name);
}

/**
 * One repetition as absolute joint positions (forward kinematics: each bone vector turned by its
 * parent's world rotation), in metres, y up, as COCO-17 points.
 */
export function readTake(tracksDir: string, t: Take): Body3D {
  const pos = readRows(fileOf(tracksDir, t, "positions"));
  const ang = readRows(fileOf(tracksDir, t, "angles"));
  const n = Math.min(pos.length, ang.length);
  const frames: Body3D["frames"] = [];
  for (let f = 0; f < n; f++) {
    const p = pos[f] as number[];
    const a = ang[f] as number[];
    const own = (j: number) => rotation(a[j * 3] as number, a[j * 3 + 1] as number, a[j * 3 + 2] as number);
    const world: Mat[] = new Array(JOINTS);
    const at: Vec3[] = new Array(JOINTS);
    for (let j = 0; j < JOINTS; j++) {
      const bone: Vec3 = [p[j * 3] as number, p[j * 3 + 1] as number, p[j * 3 + 2] as number];
      const parent = PARENT[j] as number;
      if (parent < 0) {
        world[j] = IDENTITY;
        at[j] = bone;
        continue;
      }
      world[j] = COLLARS.has(j) ? own(parent) : mul(world[parent] as Mat, own(parent));
      const v = apply(world[j] as Mat, bone);
      const base = at[parent] as Vec3;
      at[j] = [base[0] + v[0], base[1] + v[1], base[2] + v[2]];
    }
    frames.push(
      COCO_FROM.map((j) => {
        if (j < 0) return null;
        const q = at[j] as Vec3;
        return [q[0] / 100, q[1] / 100, q[2] / 100] as Vec3;
      }),
    );
  }
  return { fps: FPS, frames };
}

/** Repetitions one after another (each file is one repetition): a longer routine. */
export function readRepetitions(tracksDir: string, take: Omit<Take, "repetition">, reps: number[]): Body3D {
  const parts = reps.map((repetition) => readTake(tracksDir, { ...take, repetition }));
  return { fps: FPS, frames: parts.flatMap((p) => p.frames) };
}
