/** Helpers for the tests: where the shared footage lives, and derived videos made with ffmpeg. */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ffmpegPath } from "../src/video/binaries.ts";

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, "..", "..", "..");
/** Real footage and truth keypoints, outside the repository (CI provides it there). */
export const fixturesDir = process.env.STEPSYNC_FIXTURES ?? resolve(repoRoot, "..", "shared", "fixtures");
export const hasFixtures = existsSync(join(fixturesDir, "video", "pose_1.mp4"));
export const SKIP_MESSAGE = `real-footage tests skipped: fixtures not found at ${fixturesDir} (see the shared fixtures README; set STEPSYNC_FIXTURES to override)`;

export function video(name: string): string {
  return join(fixturesDir, "video", name);
}

/** The dev clips (real dance and exercise footage, some with music), when this copy of the fixtures has them. */
export const hasDevFixtures = existsSync(join(fixturesDir, "dev", "dance_woman_room.mp4"));

export function devVideo(name: string): string {
  return join(fixturesDir, "dev", name);
}

export function ffmpeg(args: string[]): Promise<void> {
  return new Promise((res, rej) => {
    execFile(ffmpegPath(), ["-y", "-v", "error", ...args], { maxBuffer: 1 << 24 }, (err, _o, stderr) => {
      if (err) rej(new Error(`ffmpeg ${args.join(" ")} failed: ${stderr}`));
      else res();
    });
  });
}

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "stepsync-motion-"));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export const H264 = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-an"];

/**
 * A synthetic "person" drawn by ffmpeg (head with eyes, torso, legs; one arm swinging up and down),
 * recognisable enough for MoveNet to find a torso. Needs no fixtures.
 */
export async function makeSyntheticDancer(out: string, seconds = 3, opts: { hflip?: boolean } = {}): Promise<void> {
  const skin = "0xd9a07a";
  const body = [
    `drawbox=x=160:y=70:w=40:h=50:color=${skin}:t=fill`,
    "drawbox=x=160:y=62:w=40:h=14:color=0x302010:t=fill",
    "drawbox=x=170:y=88:w=6:h=4:color=0x202020:t=fill",
    "drawbox=x=185:y=88:w=6:h=4:color=0x202020:t=fill",
    "drawbox=x=172:y=106:w=16:h=4:color=0xa04040:t=fill",
    `drawbox=x=172:y=120:w=16:h=12:color=${skin}:t=fill`,
    "drawbox=x=140:y=130:w=80:h=130:color=0xc03030:t=fill",
    "drawbox=x=142:y=260:w=34:h=180:color=0x203060:t=fill",
    "drawbox=x=184:y=260:w=34:h=180:color=0x203060:t=fill",
    "drawbox=x=138:y=440:w=40:h=16:color=0x101010:t=fill",
    "drawbox=x=182:y=440:w=40:h=16:color=0x101010:t=fill",
    `drawbox=x=116:y=135:w=24:h=120:color=${skin}:t=fill`,
  ].join(",");
  const flip = opts.hflip ? ",hflip" : "";
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    `color=c=0x8a9a7a:s=360x640:d=${seconds}:r=15`,
    "-f",
    "lavfi",
    "-i",
    `color=c=${skin}:s=24x120:d=${seconds}:r=15`,
    "-filter_complex",
    `[0:v]${body}[bg];[bg][1:v]overlay=x=220:y='135-60*abs(sin(PI*t/1.5))':eval=frame:shortest=1${flip}[v]`,
    "-map",
    "[v]",
    ...H264,
    out,
  ]);
}

/** A plain grey video with no one in it. */
export async function makeEmptyScene(out: string, seconds = 2): Promise<void> {
  await ffmpeg(["-f", "lavfi", "-i", `color=c=0x808080:s=320x240:d=${seconds}:r=15`, ...H264, out]);
}
