/**
 * Measured tracks of the calibration set as data: which take of which dataset, filmed from where,
 * with how much pose-model noise. build() turns one into the engine's pose track through the
 * track input (trackFromPoints), the path a video's poses take after estimation.
 */
import { join } from "node:path";
import { type PoseTrack, trackFromPoints } from "../../../packages/motion/src/index.ts";
import { seedOf } from "../stats.ts";
import { readCoco2d, readJoints3d } from "./aist.ts";
import { film, withNoise } from "./body.ts";
import { musicOf, songOf } from "./song.ts";
import { readRepetitions } from "./ui-prmd.ts";

export type TrackRecipe =
  /** UI-PRMD: movement m (1–10), subject s (1–10), these repetitions in a row, done correctly or not. */
  | {
      kind: "ui-prmd";
      movement: number;
      subject: number;
      reps: number[];
      correct: boolean;
      yaw: number;
      follow?: boolean;
    }
  /**
   * An AIST++ 3-D slice (joints3d/NAME.csv) filmed from `yaw` degrees (by a camera that follows the
   * body: View.follow); `window`: only these seconds of it; `song`: carrying its music id's song
   * (song.ts) from this many seconds of the song at the window's start.
   */
  | { kind: "aist3d"; name: string; yaw: number; follow?: boolean; window?: readonly [number, number]; song?: number }
  /** An AIST++ freestyle take as 2-D keypoints (coco2d/NAME.npy), as it was filmed; with `song`, carrying its song (song.ts). */
  | { kind: "coco2d"; name: string; song?: boolean };

/** Pose-model noise added to every measured track: a share of the body's height, per point and frame. */
export const NOISE = 0.008;

export function trackName(r: TrackRecipe): string {
  const angle = (yaw: number) => (yaw === 0 ? "" : `@${yaw > 0 ? "+" : ""}${yaw}°`);
  const view = (yaw: number) => `${angle(yaw)}${"follow" in r && r.follow ? "~follow" : ""}`;
  if (r.kind === "ui-prmd") {
    const pad = (n: number) => String(n).padStart(2, "0");
    const reps = `e${pad(r.reps[0] ?? 0)}-${pad(r.reps[r.reps.length - 1] ?? 0)}`;
    return `m${pad(r.movement)}_s${pad(r.subject)}_${reps}${r.correct ? "" : "_inc"}${view(r.yaw)}`;
  }
  if (r.kind === "aist3d") {
    const part = r.window ? `[${r.window[0]}-${r.window[1]}]` : "";
    const song = r.song === undefined ? "" : `+song@${r.song}`;
    return `${r.name.replace(/_cAll|_sBM/g, "").replace(/_slice(\d+)/, ".slice$1")}${part}${view(r.yaw)}${song}`;
  }
  return `${r.name.replace("_sFM_cAll", "")}${r.song ? "+song" : ""}`;
}

/** The dataset files a recipe reads (for the benchmark's "missing footage" check). */
export function trackInputs(r: TrackRecipe, tracksDir: string): string[] {
  if (r.kind === "aist3d") return [join(tracksDir, "aist", "joints3d", `${r.name}.csv`)];
  if (r.kind === "coco2d") return [join(tracksDir, "aist", "coco2d", `${r.name}.npy`)];
  const pad = (n: number) => String(n).padStart(2, "0");
  const folder = r.correct ? "correct" : "incorrect";
  const suffix = r.correct ? "" : "_inc";
  return r.reps.flatMap((e) =>
    (["positions", "angles"] as const).map((kind) =>
      join(
        tracksDir,
        "ui-prmd",
        folder,
        "kinect",
        kind,
        `m${pad(r.movement)}_s${pad(r.subject)}_e${pad(e)}_${kind}${suffix}.txt.gz`,
      ),
    ),
  );
}

export function buildTrack(r: TrackRecipe, tracksDir: string): PoseTrack {
  const name = trackName(r);
  if (r.kind === "coco2d") {
    const track = trackFromPoints(withNoise(readCoco2d(tracksDir, r.name), NOISE, seedOf(name)));
    const music = r.song ? musicOf(r.name) : undefined;
    return music ? { ...track, audio: songOf(music, track.duration) } : track;
  }
  if (r.kind === "aist3d") {
    const whole = readJoints3d(tracksDir, r.name);
    const [from, to] = r.window ?? [0, Number.POSITIVE_INFINITY];
    const body = { ...whole, frames: whole.frames.filter((_, i) => i / whole.fps >= from && i / whole.fps < to) };
    const track = trackFromPoints(withNoise(film(body, { yaw: r.yaw, follow: r.follow }), NOISE, seedOf(name)));
    const music = musicOf(r.name);
    return r.song === undefined || !music ? track : { ...track, audio: songOf(music, track.duration, r.song) };
  }
  const body = readRepetitions(tracksDir, { movement: r.movement, subject: r.subject, correct: r.correct }, r.reps);
  return trackFromPoints(withNoise(film(body, { yaw: r.yaw, follow: r.follow }), NOISE, seedOf(name)));
}
