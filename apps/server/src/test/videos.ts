import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
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

/**
 * POSTs the compare form to a running app as the browser does: the fields first, then the videos
 * (reference, then the user's), each as an MP4 file part. Answers the status and the JSON body.
 */
export async function postCompareForm(
  base: string,
  token: string,
  fields: Record<string, string>,
  files: { user?: string; reference?: string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [field, file] of [
    ["reference_video", files.reference],
    ["user_video", files.user],
  ] as const)
    if (file) form.append(field, new Blob([await readFile(file)], { type: "video/mp4" }), path.basename(file));
  const res = await fetch(`${base}/api/videos/compare`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
