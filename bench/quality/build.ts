/** Where each clip's file is, and building the derived ones that are missing (two ffmpeg jobs at a time). */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { ffmpegPath } from "../../packages/motion/src/video/binaries.ts";
import { source } from "./cases.ts";
import { type Clip, ffmpegArgs, recipeFileName } from "./recipes.ts";
import { progressBar, runLimited } from "./tasks.ts";
import { trackInputs, trackName } from "./tracks/recipes.ts";

export interface Places {
  fixturesDir: string;
  videosDir: string;
}

/** The file of a clip: the fixture itself, or the derived file in the video cache (a measured track: its name). */
export function clipFile(clip: Clip, places: Places): string {
  if (clip.track) return `track:${trackName(clip.track)}`;
  if (clip.recipe) return join(places.videosDir, recipeFileName(clip.recipe));
  if (!clip.source) throw new Error(`clip ${clip.name} has neither a source nor a recipe`);
  return join(places.fixturesDir, source(clip.source).file);
}

/** The fixture files a clip is made from. */
export function clipInputs(clip: Clip, places: Places): string[] {
  if (clip.track) return trackInputs(clip.track, join(places.fixturesDir, "tracks"));
  const ids = clip.recipe ? clip.recipe.inputs : clip.source ? [clip.source] : [];
  return ids.map((id) => join(places.fixturesDir, source(id).file));
}

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(ffmpegPath(), args, { maxBuffer: 1 << 24 }, (err, _out, stderr) => {
      if (err) reject(new Error(String(stderr).trim().split("\n").slice(-3).join(" ") || err.message));
      else resolve();
    });
  });
}

/**
 * Builds the derived clips whose file is missing. Returns how many were built and the errors by
 * clip name (a clip that failed is left out; its cases report the error).
 */
export async function buildMissing(
  clips: readonly Clip[],
  places: Places,
  jobs = 2,
): Promise<{ built: number; errors: Map<string, string> }> {
  const errors = new Map<string, string>();
  const todo = clips.filter((c) => c.recipe && !existsSync(clipFile(c, places)));
  if (!todo.length) return { built: 0, errors };
  await mkdir(places.videosDir, { recursive: true });
  const bar = progressBar("videos", todo.length);
  await runLimited(todo, jobs, async (clip) => {
    const recipe = clip.recipe;
    if (!recipe) return;
    const out = clipFile(clip, places);
    // ffmpeg picks the container from the extension: keep .mp4 on the partial file.
    const partial = `${out.slice(0, -4)}.partial-${process.pid}.mp4`;
    try {
      await ffmpeg(ffmpegArgs(recipe, clipInputs(clip, places), partial));
      await rename(partial, out);
    } catch (e) {
      errors.set(clip.name, `ffmpeg: ${(e as Error).message}`);
      await rm(partial, { force: true });
    }
    bar.tick(clip.name);
  });
  bar.stop();
  return { built: todo.length - errors.size, errors };
}
