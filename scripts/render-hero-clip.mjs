// Renders the home page's hero clip: a dancing skeleton (the user, pink) moving against a reference
// skeleton (the instructor, teal ghost) on the app's night background. No footage, no new packages:
// the frames are drawn here as raw RGB into Buffers (anti-aliased capsules and discs, 2× supersampled)
// and piped to the ffmpeg the engine resolves (packages/motion/src/video/binaries.ts).
//
//   node --import tsx scripts/render-hero-clip.mjs
//
// writes (and the files are committed):
//   apps/web/public/media/hero-dance.mp4    H.264, yuv420p, +faststart, no audio
//   apps/web/public/media/hero-dance.webm   VP9, no audio
//   apps/web/public/media/hero-dance.jpg    the poster (also shown when prefers-reduced-motion is set)
//
// The poses are those of the live canvas (apps/web/src/lib/skeleton-pose.ts), so the clip loops seamlessly.
// Output is deterministic; re-run after changing the keyframes and commit the three files.
import { spawnSync } from "node:child_process";
import { mkdirSync, statSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GROOVE, joints, poseAt as poseAtKeys } from "../apps/web/src/lib/skeleton-pose.ts";
import { ffmpegPath } from "../packages/motion/src/video/binaries.ts";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "apps/web/public/media");
const OUT_W = 640;
const OUT_H = 400;
const SS = 2; // supersampling factor: drawn at 2×, scaled down with lanczos by ffmpeg
const W = OUT_W * SS;
const H = OUT_H * SS;
const FPS = 24;
const SECONDS = 4;
const FRAMES = FPS * SECONDS;

// ---------- poses ----------
// Keyframes, spline and joints come from the web app's own model (apps/web/src/lib/skeleton-pose.ts).
const poseAt = (u) => poseAtKeys(GROOVE, u);
const skeleton = joints;

const BONES = [
  ["neck", "pelvis"],
  ["ls", "rs"],
  ["lh", "rh"],
  ["ls", "le"],
  ["le", "lw"],
  ["rs", "re"],
  ["re", "rw"],
  ["lh", "lk"],
  ["lk", "la"],
  ["rh", "rk"],
  ["rk", "ra"],
];

// ---------- raster ----------
function background() {
  const buf = Buffer.alloc(W * H * 3);
  const top = [22, 14, 52];
  const bottom = [11, 8, 32];
  for (let y = 0; y < H; y++) {
    const t = y / (H - 1);
    for (let x = 0; x < W; x++) {
      const dx = (x - W * 0.5) / W;
      const dy = (y - H * 0.42) / H;
      const glow = Math.max(0, 1 - Math.sqrt(dx * dx * 1.4 + dy * dy * 3) * 1.9);
      const g2 = glow * glow;
      const o = (y * W + x) * 3;
      buf[o] = Math.min(255, top[0] + (bottom[0] - top[0]) * t + 60 * g2);
      buf[o + 1] = Math.min(255, top[1] + (bottom[1] - top[1]) * t + 18 * g2);
      buf[o + 2] = Math.min(255, top[2] + (bottom[2] - top[2]) * t + 80 * g2);
    }
  }
  // a faint floor grid
  const floor = Math.round(H * 0.8);
  for (let x = 0; x < W; x++) {
    for (let y = floor; y < floor + SS; y++) {
      const o = (y * W + x) * 3;
      const fade = 1 - Math.abs(x - W / 2) / (W / 2);
      buf[o] += 40 * fade;
      buf[o + 1] += 30 * fade;
      buf[o + 2] += 70 * fade;
    }
  }
  return buf;
}

function blend(buf, x, y, color, alpha) {
  if (alpha <= 0 || x < 0 || y < 0 || x >= W || y >= H) return;
  const o = (y * W + x) * 3;
  const a = Math.min(1, alpha);
  buf[o] = buf[o] + (color[0] - buf[o]) * a;
  buf[o + 1] = buf[o + 1] + (color[1] - buf[o + 1]) * a;
  buf[o + 2] = buf[o + 2] + (color[2] - buf[o + 2]) * a;
}

/** An anti-aliased capsule (thick segment with round caps); `soft` widens the edge into a glow. */
function capsule(buf, a, b, r, color, alpha, soft = 1) {
  const minX = Math.max(0, Math.floor(Math.min(a.x, b.x) - r - soft));
  const maxX = Math.min(W - 1, Math.ceil(Math.max(a.x, b.x) + r + soft));
  const minY = Math.max(0, Math.floor(Math.min(a.y, b.y) - r - soft));
  const maxY = Math.min(H - 1, Math.ceil(Math.max(a.y, b.y) + r + soft));
  const vx = b.x - a.x;
  const vy = b.y - a.y;
  const len2 = vx * vx + vy * vy || 1;
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const px = x + 0.5 - a.x;
      const py = y + 0.5 - a.y;
      const t = Math.max(0, Math.min(1, (px * vx + py * vy) / len2));
      const dx = px - vx * t;
      const dy = py - vy * t;
      const d = Math.sqrt(dx * dx + dy * dy);
      const cover = Math.max(0, Math.min(1, (r + soft / 2 - d) / soft));
      if (cover > 0) blend(buf, x, y, color, cover * alpha);
    }
  }
}
const disc = (buf, c, r, color, alpha, soft) => capsule(buf, c, c, r, color, alpha, soft);

function drawSkeleton(buf, joints, main, alpha, scale) {
  const r = 7 * scale;
  for (const [p, q] of BONES) capsule(buf, joints[p], joints[q], r * 2.6, main, 0.12 * alpha, 18 * scale);
  for (const [p, q] of BONES) capsule(buf, joints[p], joints[q], r, main, alpha, 2 * SS);
  const white = [255, 255, 255];
  for (const name of ["ls", "rs", "le", "re", "lw", "rw", "lh", "rh", "lk", "rk", "la", "ra"]) {
    disc(buf, joints[name], r * 1.35, white, 0.9 * alpha, 2 * SS);
    disc(buf, joints[name], r * 0.75, main, alpha, 2 * SS);
  }
  disc(buf, joints.head, r * 4.2, main, 0.15 * alpha, 18 * scale);
  disc(buf, joints.head, r * 3.3, main, alpha, 2 * SS);
}

function shadow(buf, x, y, rx, ry, alpha) {
  for (let py = Math.floor(y - ry); py <= y + ry; py++) {
    for (let px = Math.floor(x - rx); px <= x + rx; px++) {
      const d = ((px - x) / rx) ** 2 + ((py - y) / ry) ** 2;
      if (d < 1) blend(buf, px, py, [0, 0, 0], alpha * (1 - d));
    }
  }
}

// ---------- frames ----------
const bg = background();
const unit = H * 0.2;
const cx = W * 0.5;
const cy = H * 0.5;
const PINK = [255, 77, 157];
const TEAL = [45, 212, 191];
const frames = Buffer.alloc(W * H * 3 * FRAMES);
for (let f = 0; f < FRAMES; f++) {
  const buf = frames.subarray(f * W * H * 3, (f + 1) * W * H * 3);
  bg.copy(buf);
  const u = f / FRAMES;
  const ref = skeleton(poseAt(u + 0.035), cx, cy, unit); // the instructor is a beat ahead
  const you = skeleton(poseAt(u), cx, cy, unit);
  const floorY = H * 0.8;
  shadow(buf, you.pelvis.x, floorY, unit * 0.7, unit * 0.08, 0.45);
  drawSkeleton(buf, ref, TEAL, 0.35, SS);
  drawSkeleton(buf, you, PINK, 1, SS);
}

// ---------- encode ----------
mkdirSync(outDir, { recursive: true });
const raw = path.join(tmpdir(), `stepsync-hero-${process.pid}.rgb`);
writeFileSync(raw, frames);
const input = ["-y", "-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24"];
input.push("-s", `${W}x${H}`, "-r", String(FPS), "-i", raw);
const scale = ["-vf", `scale=${OUT_W}:${OUT_H}:flags=lanczos`];
const outputs = [
  [
    "hero-dance.mp4",
    ["-an", "-c:v", "libx264", "-preset", "veryslow", "-crf", "27", "-pix_fmt", "yuv420p"],
    ["-profile:v", "high", "-movflags", "+faststart", "-map_metadata", "-1"],
  ],
  [
    "hero-dance.webm",
    ["-an", "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "40", "-pix_fmt", "yuv420p", "-row-mt", "1"],
    ["-deadline", "good", "-cpu-used", "2", "-map_metadata", "-1"],
  ],
];
try {
  for (const [name, codec, extra] of outputs) {
    const file = path.join(outDir, name);
    const r = spawnSync(ffmpegPath(), [...input, ...scale, ...codec, ...extra, file], { stdio: "inherit" });
    if (r.status !== 0) throw new Error(`ffmpeg failed for ${name}`);
  }
  const poster = path.join(outDir, "hero-dance.jpg");
  const seek = ["-vf", `select=eq(n\\,${Math.round(FRAMES * 0.5)}),scale=${OUT_W}:${OUT_H}:flags=lanczos`];
  const r = spawnSync(ffmpegPath(), [...input, ...seek, "-frames:v", "1", "-q:v", "4", poster], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("ffmpeg failed for the poster");
} finally {
  rmSync(raw, { force: true });
}
for (const name of ["hero-dance.mp4", "hero-dance.webm", "hero-dance.jpg"]) {
  const size = statSync(path.join(outDir, name)).size;
  console.log(`${name.padEnd(18)} ${(size / 1024).toFixed(1)} KB`);
}
