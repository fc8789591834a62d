/**
 * The in-process FFmpeg (node-av) against the ffmpeg CLI on the same files: it reads uploads on a
 * machine without a current CLI, so it must give what the engine gets from the CLI — the same
 * probe, frames, poses and sound. Needs a current CLI on PATH to compare with (CI installs one).
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractAudio } from "../audio/extract.ts";
import { estimatePoses, shutdownPosePool } from "../pose/pool.ts";
import {
  devVideo,
  ffmpeg,
  hasDevFixtures,
  hasFixtures,
  makeSyntheticDancer,
  repoRoot,
  SKIP_MESSAGE,
  tempDir,
  video,
} from "../../test-support/fixtures.ts";
import { ffmpegBinaries, type VideoReader } from "./binaries.ts";
import { type DecodedFrame, type DecodeOptions, decodeFrames } from "./decode.ts";
import { cropFilter, extractFrame } from "./frame.ts";
import { displayRotation, jpegWithLibrary } from "./library.ts";
import { probeVideo } from "./probe.ts";

const require = createRequire(import.meta.url);
if (!hasFixtures) console.warn(SKIP_MESSAGE);
const hasCli = ffmpegBinaries().ffmpeg.version !== undefined;

async function frames(path: string, reader: VideoReader, opts: Omit<DecodeOptions, "reader">) {
  const out: DecodedFrame[] = [];
  for await (const f of decodeFrames(path, await probeVideo(path, reader), { ...opts, reader })) out.push(f);
  return out;
}

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(jpeg: Buffer | undefined): [number, number] | undefined {
  if (!jpeg) return undefined;
  for (let i = 2; i + 9 < jpeg.length; ) {
    const marker = jpeg.readUInt16BE(i);
    if (marker >= 0xffc0 && marker <= 0xffc2) return [jpeg.readUInt16BE(i + 7), jpeg.readUInt16BE(i + 5)];
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  return undefined;
}

/** Mean absolute difference of two RGB frames, in 0–255 levels. */
function meanDiff(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe("installing node-av", () => {
  it("runs none of its install scripts: its postinstall would download an ffmpeg CLI", async () => {
    const root = JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8")) as {
      allowScripts: Record<string, boolean>;
    };
    expect(root.allowScripts["node-av"]).toBe(false);
    // What the postinstall would have fetched (node-av's ffmpegPath): absent after this checkout's install.
    expect(existsSync(join(dirname(require.resolve("node-av")), "..", "binary"))).toBe(false);
    expect(await readFile(join(repoRoot, "scripts/ensure.mjs"), "utf8")).toMatch(/SKIP_FFMPEG: "true"/);
  });
});

describe("the display matrix", () => {
  it("reads as the CLI's clockwise rotation", () => {
    // What this ffmpeg writes for a `rotate=90` tag; ffprobe reports "rotation=90", probe.ts 270° clockwise.
    const matrix = (values: number[]) => {
      const m = Buffer.alloc(36);
      for (const [i, v] of values.entries()) m.writeInt32LE(v, i * 4);
      return m;
    };
    expect(displayRotation(matrix([0, -65536, 0, 65536, 0, 0, 0, 0, 1 << 30]))).toBe(270);
    expect(displayRotation(matrix([0, 65536, 0, -65536, 0, 0, 0, 0, 1 << 30]))).toBe(90);
    expect(displayRotation(matrix([-65536, 0, 0, 0, -65536, 0, 0, 0, 1 << 30]))).toBe(180);
    expect(displayRotation(null)).toBe(0);
  });
});

describe.skipIf(!hasFixtures || !hasCli)("FFmpeg in-process against the ffmpeg CLI", () => {
  let dir = "";
  let cleanup: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
  });
  afterAll(async () => {
    await shutdownPosePool();
    await cleanup();
  });

  const clips = [
    ["pose_1.mp4 (H.264)", () => video("pose_1.mp4")],
    ...(hasDevFixtures ? [["lunges_dumbbell.webm (VP9)", () => devVideo("lunges_dumbbell.webm")] as const] : []),
  ] as const;

  it.each(clips)("%s: the same probe and frames", async (_name, path) => {
    expect(await probeVideo(path(), "library")).toEqual(await probeVideo(path(), "cli"));
    const opts = { fps: 7, maxSide: 512, maxSeconds: 6 };
    const [cli, lib] = [await frames(path(), "cli", opts), await frames(path(), "library", opts)];
    expect(lib.length).toBe(cli.length);
    expect(lib.length).toBeGreaterThan(20);
    let total = 0;
    for (const [i, f] of lib.entries()) {
      expect([f.index, f.t, f.width, f.height]).toEqual([cli[i]?.index, cli[i]?.t, cli[i]?.width, cli[i]?.height]);
      // FFmpeg 5 against 8: the same pictures (H.264 here is bit-identical; VP9 differs in a frame by < 1 level).
      const d = meanDiff(f.data, cli[i]?.data ?? new Uint8Array());
      expect(d).toBeLessThan(1.5);
      total += d;
    }
    expect(total / lib.length).toBeLessThan(0.1);
  });

  it("a sideways-stored video with rotation metadata comes upright, as from the CLI", async () => {
    const upright = join(dir, "upright.mp4");
    const sideways = join(dir, "sideways.mp4");
    const rotated = join(dir, "rotated.mp4");
    await makeSyntheticDancer(upright, 2);
    await ffmpeg(["-i", upright, "-vf", "transpose=cclock", "-c:v", "libx264", "-preset", "veryfast", sideways]);
    await ffmpeg(["-i", sideways, "-c", "copy", "-metadata:s:v:0", "rotate=90", rotated]);
    const info = await probeVideo(rotated, "library");
    expect(info).toEqual(await probeVideo(rotated, "cli"));
    expect(info.rotation).not.toBe(0);
    const opts = { fps: 5, maxSide: 256 };
    const [cli, lib] = [await frames(rotated, "cli", opts), await frames(rotated, "library", opts)];
    expect(lib.map((f) => [f.width, f.height])).toEqual(cli.map((f) => [f.width, f.height]));
    for (const [i, f] of lib.entries()) expect(meanDiff(f.data, cli[i]?.data ?? new Uint8Array())).toBeLessThan(1.5);
  });

  it("thumbnails: a JPEG of the same size as the CLI's, cropped to a window or not", async () => {
    const path = video("pose_1.mp4");
    const window = { x: -0.2, y: 0.1, w: 0.6, h: 0.8 };
    for (const filters of ["scale=160:-2", cropFilter(window, 160, 16 / 9)]) {
      const jpeg = await jpegWithLibrary(path, 1, filters);
      expect(jpeg?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      const cli = await extractFrame(path, {
        at: 1,
        width: 160,
        ...(filters.startsWith("split") ? { crop: { window, aspect: 16 / 9 } } : {}),
      });
      expect(jpegSize(jpeg)).toEqual(jpegSize(cli));
    }
  });

  it("the same poses from both readers", async () => {
    const opts = { fps: 10, maxSide: 256 };
    const path = video("pose_1.mp4");
    const poses = async (reader: VideoReader) =>
      estimatePoses(decodeFrames(path, await probeVideo(path, reader), { ...opts, reader }), "movenet-lightning", {
        chunkFrames: 8,
      });
    const [cli, lib] = [await poses("cli"), await poses("library")];
    expect(lib).toHaveLength(cli.length);
    // Keypoints are normalised (0–1): within 0.2 % of the frame, on average over the clip.
    let sum = 0;
    let n = 0;
    for (const [i, p] of lib.entries()) {
      const q = cli[i]?.keypoints ?? new Float32Array();
      for (let k = 0; k < p.keypoints.length; k += 3) {
        sum += Math.hypot((p.keypoints[k] ?? 0) - (q[k] ?? 0), (p.keypoints[k + 1] ?? 0) - (q[k + 1] ?? 0));
        n++;
      }
    }
    expect(sum / n).toBeLessThan(0.002);
  });

  it.skipIf(!hasDevFixtures)("the same sound: mono PCM from time 0, sample for sample", async () => {
    const path = devVideo("dance_woman_room.mp4");
    const [cli, lib] = [
      await extractAudio(path, { reader: "cli", maxSeconds: 8 }),
      await extractAudio(path, { reader: "library", maxSeconds: 8 }),
    ];
    expect(cli?.length).toBeGreaterThan(8 * 11025 - 10);
    expect(lib?.length).toBe(cli?.length);
    let diff = 0;
    let level = 0;
    for (let i = 0; i < (cli?.length ?? 0); i++) {
      diff += Math.abs((lib?.[i] ?? 0) - (cli?.[i] ?? 0));
      level += Math.abs(cli?.[i] ?? 0);
    }
    expect(diff / level).toBeLessThan(0.001);
    // No sound track: null from both.
    expect(await extractAudio(video("pose_1.mp4"), { reader: "library" })).toBeNull();
  });
});
