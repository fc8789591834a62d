// Draws a live pose over a <video> on a canvas of the same box: the picture's object-fit (cover or
// contain) decides where frame pixels land. The same look as the result view's overlay (PoseOverlay):
// pink bones with a soft glow, white joints.
import { COCO_BONES } from "../../components/PoseOverlay";
import { fittedRect, prepareCanvas } from "../canvas";
import { type Keypoints, MIN_POINT_SCORE, MOVENET_KEYPOINTS, showsPerson } from "./movenet";

const BONE = "#ff6fae";
const GLOW = "rgba(255,111,174,0.6)";

export function clearSkeleton(canvas: HTMLCanvasElement): void {
  prepareCanvas(canvas, canvas.clientWidth, canvas.clientHeight);
}

/** The pose (in the video's pixels) over the video as the page shows it. */
export function drawSkeleton(canvas: HTMLCanvasElement, video: HTMLVideoElement, points: Keypoints): void {
  const ctx = prepareCanvas(canvas, canvas.clientWidth, canvas.clientHeight);
  if (!ctx || !showsPerson(points)) return;
  const fit = getComputedStyle(video).objectFit === "contain" ? "contain" : "cover";
  const rect = fittedRect(fit, canvas.clientWidth, canvas.clientHeight, video.videoWidth, video.videoHeight);
  const sx = rect.width / (video.videoWidth || 1);
  const sy = rect.height / (video.videoHeight || 1);
  const point = (k: number) =>
    (points[k * 3 + 2] ?? 0) < MIN_POINT_SCORE
      ? null
      : { x: rect.x + (points[k * 3] ?? 0) * sx, y: rect.y + (points[k * 3 + 1] ?? 0) * sy };
  const line = Math.max(2, Math.min(5, rect.width / 160));
  ctx.lineCap = "round";
  ctx.strokeStyle = BONE;
  ctx.lineWidth = line;
  ctx.shadowColor = GLOW;
  ctx.shadowBlur = 6;
  for (const [a, b] of COCO_BONES) {
    const p = point(a);
    const q = point(b);
    if (!p || !q) continue;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
  }
  ctx.shadowBlur = 0;
  ctx.fillStyle = "#fff";
  for (let k = 0; k < MOVENET_KEYPOINTS; k++) {
    const p = point(k);
    if (!p) continue;
    ctx.beginPath();
    ctx.arc(p.x, p.y, line * 0.9, 0, Math.PI * 2);
    ctx.fill();
  }
}
