// How a skeleton looks wherever the app draws one (the result studio's PoseOverlay, the camera's live
// view while recording): the bones, their colours and the stroke. One home, so both read the same.
import type { Pt } from "./pose-frames";
import { BAND_MARK, BAND_STROKE, type BandMark } from "./score-colours";

/** COCO-17 bones (index pairs). */
export const COCO_BONES: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [0, 2],
  [1, 3],
  [2, 4],
  [5, 6],
  [5, 7],
  [7, 9],
  [6, 8],
  [8, 10],
  [5, 11],
  [6, 12],
  [11, 12],
  [11, 13],
  [13, 15],
  [12, 14],
  [14, 16],
];

/**
 * The skeleton's colours, chosen to stay apart for the common colour-blindnesses too (pinned by
 * PoseOverlay.test.tsx): without per-limb scores a cyan "on track" against an orange, thicker
 * "needs work"; the teacher (on their own video, and as the ghost on yours) in violet, a colour no
 * score band (BAND_STROKE) uses; a limb not seen clearly in dashed grey, never in a score's colour.
 * Every line has a dark halo, so it reads on a white studio wall as on a dark stage.
 */
export const SKELETON_COLOURS = {
  onTrack: "#22d3ee",
  needsWork: "#fb923c",
  ghost: "#8b5cf6",
  /** Not seen clearly, or not scored at this moment (no move matched there). */
  unseen: "#94a3b8",
} as const;
const HALO = "rgba(2, 6, 23, 0.85)";

/**
 * A keypoint the pose model gives less confidence than this is not trusted to be where it is drawn
 * (arms raised to the face guessed at the waist): its bones are drawn as not seen. The engine keeps
 * points from 0.25 (MoveNet's floor); its limb scores weigh them by confidence.
 */
export const SEEN_CONFIDENCE = 0.4;

export interface BoneStyle {
  color: string;
  /** Drawn a little thicker: a limb that needs work. */
  strong: boolean;
  /** Dashed: not seen clearly, so neither good nor bad. */
  unseen?: boolean;
  /** A mark at the bone's middle, a second cue besides its colour (a score band's: BAND_MARK). */
  mark?: BandMark;
}

/** A limb scored in `band`: its colour, its mark, and thicker below 60. */
export function bandBone(band: keyof typeof BAND_STROKE): BoneStyle {
  const mark = BAND_MARK[band];
  return { color: BAND_STROKE[band], strong: band === "red", ...(mark ? { mark } : {}) };
}

/** The teacher's skeleton, on their own video or as the ghost on the dancer's. */
export const TEACHER_BONE: BoneStyle = { color: SKELETON_COLOURS.ghost, strong: false };

export const UNSEEN_BONE: BoneStyle = { color: SKELETON_COLOURS.unseen, strong: false, unseen: true };

/**
 * A skeleton without scores (the camera's live view, the studio without per-limb scores): "on track"
 * where both ends were seen clearly, else not seen.
 */
export function plainBoneStyles(seen: (k: number) => boolean): (a: number, b: number) => BoneStyle {
  return (a, b) => (seen(a) && seen(b) ? { color: SKELETON_COLOURS.onTrack, strong: false } : UNSEEN_BONE);
}

/**
 * Strokes the bones whose two ends have a place (`point`), each in its `style`, with the dark halo;
 * then, with `dots`, a white dot on each point it allows.
 */
export function strokeSkeleton(
  ctx: CanvasRenderingContext2D,
  point: (k: number) => Pt | null,
  style: (a: number, b: number) => BoneStyle,
  line: number,
  dots: ((k: number) => boolean) | null,
) {
  ctx.lineCap = "round";
  for (const [a, b] of COCO_BONES) {
    const p = point(a);
    const q = point(b);
    if (!p || !q) continue;
    const { color, strong, unseen } = style(a, b);
    ctx.strokeStyle = color;
    ctx.lineWidth = strong ? line * 1.25 : unseen ? line * 0.75 : line;
    ctx.setLineDash?.(unseen ? [line * 1.5, line * 1.5] : []);
    ctx.shadowColor = HALO;
    ctx.shadowBlur = unseen ? 2 : 4;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
  }
  ctx.setLineDash?.([]);
  ctx.shadowBlur = 0;
  // The marks go over every line, so a crossing limb never hides one; big enough to tell a diamond
  // from a triangle on a phone (8 px at the least).
  for (const [a, b] of COCO_BONES) {
    const p = point(a);
    const q = point(b);
    const { mark, color } = style(a, b);
    if (!p || !q || !mark) continue;
    markShape(ctx, mark, { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 }, Math.max(8, line * 3.4), color);
  }
  if (!dots) return;
  for (let k = 0; k < 17; k++) {
    const p = point(k);
    // A point not seen clearly gets no dot: nothing says it is there.
    if (!p || !dots(k)) continue;
    ctx.fillStyle = "#fff";
    ctx.beginPath();
    ctx.arc(p.x, p.y, line * 0.9, 0, Math.PI * 2);
    ctx.fill();
  }
}

/**
 * A band's mark, centred on `at` and about `size` across: a diamond or a triangle (point up) in the
 * band's colour with a dark outline, so its shape reads whatever the colour looks like.
 */
export function markShape(ctx: CanvasRenderingContext2D, mark: BandMark, at: Pt, size: number, color: string) {
  const r = size / 2;
  const corners: Array<[number, number]> =
    mark === "diamond"
      ? [
          [0, -r],
          [r, 0],
          [0, r],
          [-r, 0],
        ]
      : [
          [0, -r * 1.15],
          [r * 1.1, r * 0.8],
          [-r * 1.1, r * 0.8],
        ];
  ctx.beginPath();
  for (const [i, [dx, dy]] of corners.entries()) {
    if (i === 0) ctx.moveTo(at.x + dx, at.y + dy);
    else ctx.lineTo(at.x + dx, at.y + dy);
  }
  ctx.closePath?.();
  ctx.fillStyle = color;
  ctx.fill();
  ctx.strokeStyle = HALO;
  ctx.lineWidth = Math.max(1, size / 6);
  ctx.stroke();
}
