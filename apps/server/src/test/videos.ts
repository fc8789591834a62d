import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ffmpegPath } from "@stepsync/motion";

const run = promisify(execFile);

/** The shared test footage (../shared/fixtures beside the repository), when present. */
export const FIXTURES = path.resolve(import.meta.dirname, "../../../../../shared/fixtures");
export const hasFixtures = existsSync(path.join(FIXTURES, "video/pose_1.mp4"));
export const fixtureVideo = (name: string) => path.join(FIXTURES, "video", name);

export async function tempDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), "stepsync-videos-"));
}

/**
 * A real MP4 of a test pattern: a readable video with no person in it. `sparse` makes a long one
 * tiny (two small frames a minute: an hour in a few kilobytes).
 */
export async function noPersonVideo(dir: string, seconds = 2, sparse = false): Promise<string> {
  const file = path.join(dir, `pattern-${seconds}s${sparse ? "-sparse" : ""}.mp4`);
  const pattern = sparse ? "size=64x64:rate=1/30" : "size=320x240:rate=15";
  await run(ffmpegPath(), [
    "-y",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    `testsrc=${pattern}:duration=${seconds}`,
    "-pix_fmt",
    "yuv420p",
    "-c:v",
    "libx264",
    file,
  ]);
  return file;
}

/** A file that claims to be a video but is text. */
export async function fakeVideo(dir: string): Promise<string> {
  const file = path.join(dir, "not-a-video.mp4");
  await writeFile(file, "this is not a video, just some text pretending to be one\n".repeat(20));
  return file;
}
