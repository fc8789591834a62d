// Draws a live pose over a <video> on a canvas of the same box: the picture's object-fit (cover or
// contain) decides where frame pixels land. The studio's look (lib/skeleton-style): "on track" bones
// with a dark halo and white joints, a limb not seen clearly dashed grey; scored live (a dance-along
// take), each limb in its score band's colour and mark as the result draws it (limb-colours.ts).
import { fittedRect, prepareCanvas } from "../canvas";
import { boneKey as boneKeyOf, limbBands } from "../limb-colours";
import { bandBone, type BoneStyle, plainBoneStyles, SEEN_CONFIDENCE, strokeSkeleton } from "../skeleton-style";
import { MOVENET_MIN_KEYPOINT_SCORE, movenetSeesPerson } from "@stepsync/motion/live";
import type { Keypoints } from "./movenet";

export function clearSkeleton(canvas: HTMLCanvasElement): void {
  prepareCanvas(canvas, canvas.clientWidth, canvas.clientHeight);
}

/**
 * The pose (in the video's pixels) over the video as the page shows it; with `limbs` (limb name →
 * 0–100 now), a scored limb in its band's colour, the rest plain.
 */
export function drawSkeleton(
  canvas: HTMLCanvasElement,
  video: HTMLVideoElement,
  points: Keypoints,
  limbs: Record<string, number | null> | null = null,
): void {
  const ctx = prepareCanvas(canvas, canvas.clientWidth, canvas.clientHeight);
  if (!ctx || !movenetSeesPerson(points)) return;
  const fit = getComputedStyle(video).objectFit === "contain" ? "contain" : "cover";
  const rect = fittedRect(fit, canvas.clientWidth, canvas.clientHeight, video.videoWidth, video.videoHeight);
  const sx = rect.width / (video.videoWidth || 1);
  const sy = rect.height / (video.videoHeight || 1);
  const confidence = (k: number) => points[k * 3 + 2] ?? 0;
  // Below MoveNet's floor a point is a guess: not drawn at all. Above it but not clearly seen: dashed grey.
  const point = (k: number) =>
    confidence(k) < MOVENET_MIN_KEYPOINT_SCORE
      ? null
      : { x: rect.x + (points[k * 3] ?? 0) * sx, y: rect.y + (points[k * 3 + 1] ?? 0) * sy };
  const seen = (k: number) => confidence(k) >= SEEN_CONFIDENCE;
  const line = Math.max(2, Math.min(5, rect.width / 160));
  const plain = plainBoneStyles(seen);
  const bands = limbs ? limbBands(limbs) : null;
  const style = (a: number, b: number): BoneStyle => {
    const band = bands?.get(boneKeyOf(a, b));
    if (!band || !seen(a) || !seen(b)) return plain(a, b);
    return bandBone(band);
  };
  strokeSkeleton(ctx, point, style, line, seen);
}
