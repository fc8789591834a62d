/**
 * AIST++ dance (Li et al., "AI Choreographer", ICCV 2021; annotations by Google LLC, CC BY 4.0),
 * from ../shared/fixtures/tracks/aist (README there): 5-s slices of SMPL joints in 3-D, and
 * 32–48 s of freestyle as COCO-17 keypoints in the picture.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { MeasuredPoints } from "../../../packages/motion/src/index.ts";
import type { Body3D, Vec3 } from "./body.ts";

const FPS = 30;
/** COCO-17 from SMPL joints: nose ← head (15); no eyes or ears. */
const COCO_FROM_SMPL = [15, -1, -1, -1, -1, 16, 17, 18, 19, 20, 21, 1, 2, 4, 5, 7, 8];

/** A `joints3d/NAME.csv` slice: 150 frames × 24 SMPL joints (metres, z up) → COCO-17, y up. */
export function readJoints3d(tracksDir: string, name: string): Body3D {
  const rows = readFileSync(join(tracksDir, "aist", "joints3d", `${name}.csv`), "utf8")
    .trim()
    .split("\n")
    .map((l) => l.split(",").map(Number));
  return {
    fps: FPS,
    frames: rows.map((r) =>
      COCO_FROM_SMPL.map((j) => {
        if (j < 0) return null;
        // z up → y up, keeping the axes right-handed: (x, y, z) → (x, z, −y).
        return [r[j * 3] as number, r[j * 3 + 2] as number, -(r[j * 3 + 1] as number)] as Vec3;
      }),
    ),
  };
}

/** The picture the coco2d keypoints were standardised in, and how to undo it (README). */
const FRAME = { width: 1920, height: 1080 };
const SCALE = [132.3107168, 128.45317772] as const;
const SHIFT = [958.14021941, 612.2909555] as const;

/** Reads a little-endian float64 .npy array: its shape and values. */
export function readNpy(file: string): { shape: number[]; values: Float64Array } {
  const buf = readFileSync(file);
  if (buf.toString("latin1", 1, 6) !== "NUMPY") throw new Error(`${file} is not a .npy file`);
  const major = buf[6] as number;
  const headerLen = major >= 2 ? buf.readUInt32LE(8) : buf.readUInt16LE(8);
  const start = (major >= 2 ? 12 : 10) + headerLen;
  const header = buf.toString("latin1", major >= 2 ? 12 : 10, start);
  if (!header.includes("'<f8'") || header.includes("'fortran_order': True"))
    throw new Error(`${file}: only C-ordered little-endian float64 arrays are read`);
  const shape = (/'shape': \(([^)]*)\)/.exec(header)?.[1] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  const count = shape.reduce((a, b) => a * b, 1);
  const values = new Float64Array(count);
  for (let i = 0; i < count; i++) values[i] = buf.readDoubleLE(start + i * 8);
  return { shape, values };
}

/** A `coco2d/NAME.npy` freestyle take: COCO-17 keypoints in a 1920×1080 picture, 30 fps. */
export function readCoco2d(tracksDir: string, name: string): MeasuredPoints {
  const { shape, values } = readNpy(join(tracksDir, "aist", "coco2d", `${name}.npy`));
  const [frames = 0, cols = 0] = shape;
  if (cols !== 34) throw new Error(`${name}: expected 34 columns, found ${cols}`);
  return {
    fps: FPS,
    ...FRAME,
    frames: Array.from({ length: frames }, (_, f) =>
      Array.from({ length: 17 }, (_, k) => {
        const x = (values[f * 34 + k * 2] as number) * SCALE[0] + SHIFT[0];
        const y = (values[f * 34 + k * 2 + 1] as number) * SCALE[1] + SHIFT[1];
        return [x, y] as const;
      }),
    ),
  };
}
