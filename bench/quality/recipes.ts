/**
 * ffmpeg recipes for the derived clips of the calibration set. Pure: a recipe is data (inputs,
 * filters, encoder settings) computed from a source clip's facts; build.ts runs it. A clip's file
 * name is the recipe's readable name plus a hash of its arguments, so a changed recipe gets a new
 * file and an unchanged one is never rebuilt.
 */
import { createHash } from "node:crypto";
import type { TrackRecipe } from "./tracks/recipes.ts";

/** Where the dancer is in the frame over the whole clip: [x0, y0, x1, y1], 0–1 of the display frame. */
export type Box = readonly [number, number, number, number];

/** What a recipe needs to know about a source clip. */
export interface SourceFacts {
  id: string;
  /** Display size, pixels. */
  width: number;
  height: number;
  /** Frame rate as ffmpeg writes it ("30", "24000/1001"). */
  fps: string;
  /** Seconds. */
  duration: number;
  /** The dancer's extent (all keypoints, whole clip), for crops that must keep the dancer. */
  box?: Box;
}

export interface Recipe {
  /** Readable and deterministic: "<source>.<what>". */
  name: string;
  /** Source ids, in ffmpeg input order. */
  inputs: string[];
  /** Seek in input 0 (cuts): -ss/-t before its -i (exact when transcoding). */
  seek?: { start: number; duration: number };
  /** Output arguments before the common encoder arguments: filter graph producing [v], maps, audio filter. */
  args: string[];
  /** x264 constant rate factor (20 unless the recipe is about quality). */
  crf: number;
}

/**
 * A clip of the calibration set: a fixture video as it is, a recipe built from fixture videos, or
 * a measured track (tracks/recipes.ts: keypoints of real people, no video).
 */
export interface Clip {
  /** Shown in tables; unique per content. */
  name: string;
  /** Seconds. */
  duration: number;
  /** Set for a fixture clip used as it is. */
  source?: string;
  /** Set for a derived clip. */
  recipe?: Recipe;
  /** Set for a measured track. */
  track?: TrackRecipe;
}

/** One defect (or edit) of a derived clip, in output seconds. */
export type Defect =
  /** The dancer holds still for `duration` (frame at `at` repeated), then goes on at the right time: a missed move. */
  | { kind: "freeze"; at: number; duration: number }
  /** From `at` the dancer is `delay` late for `duration`, then skips `delay` to catch up. */
  | { kind: "late"; at: number; duration: number; delay: number }
  /** `duration` seconds of another routine (`from`, starting at `fromStart`) instead of this one. */
  | { kind: "wrong"; at: number; duration: number; from: SourceFacts; fromStart: number }
  /** Everything from `at` on is `delay` later (the frame at `at` is held for `delay`): the clip gets longer. */
  | { kind: "step"; at: number; delay: number };

/** Common encoder arguments: H.264 (one thread, so files are the same on every machine), AAC audio when there is any. */
export function encoderArgs(crf: number): string[] {
  return [
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    String(crf),
    "-pix_fmt",
    "yuv420p",
    "-threads",
    "1",
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    "-fflags",
    "+bitexact",
    "-flags:v",
    "+bitexact",
    "-flags:a",
    "+bitexact",
  ];
}

/** File name of a derived clip: readable name, then 8 hex of a hash of everything that makes the file. */
export function recipeFileName(r: Recipe): string {
  const h = createHash("sha256")
    .update(JSON.stringify([r.inputs, r.seek ?? null, r.args, encoderArgs(r.crf)]))
    .digest("hex")
    .slice(0, 8);
  return `${r.name}.${h}.mp4`;
}

/** Full ffmpeg argument list (after the binary), given the input files in `inputs` order. */
export function ffmpegArgs(r: Recipe, inputFiles: string[], out: string): string[] {
  const inputs = inputFiles.flatMap((f, i) =>
    i === 0 && r.seek ? ["-ss", num(r.seek.start), "-t", num(r.seek.duration), "-i", f] : ["-i", f],
  );
  return ["-y", "-v", "error", ...inputs, ...r.args, ...encoderArgs(r.crf), out];
}

/** Shortest decimal for names and filter expressions (no float noise). */
export function num(v: number): string {
  return String(Math.round(v * 1e6) / 1e6);
}

const even = (v: number) => 2 * Math.round(v / 2);

function fpsValue(fps: string): number {
  const [a, b] = fps.split("/").map(Number);
  return (a ?? 30) / (b ?? 1);
}

/** A filter chain on input 0's video, the source's audio passed through (optionally filtered). */
function simple(
  src: SourceFacts,
  what: string,
  vf: string,
  opts: { af?: string; crf?: number; duration?: number } = {},
): Clip {
  const args = ["-filter_complex", `[0:v]${vf}[v]`, "-map", "[v]", "-map", "0:a?"];
  if (opts.af) args.push("-af", opts.af);
  return {
    name: `${src.id}.${what}`,
    duration: opts.duration ?? src.duration,
    recipe: { name: `${src.id}.${what}`, inputs: [src.id], args, crf: opts.crf ?? 20 },
  };
}

/** A clean re-encode (H.264, CRF 20). */
export const reencode = (s: SourceFacts) => simple(s, "reencode", "null");

/** Re-encoded at low quality (CRF 40: blocky, smeared limbs). */
export const lowQuality = (s: SourceFacts) => simple(s, "lowq", "null", { crf: 40 });

/** Scaled to half size inside the same frame (black around it). */
export function halfSize(s: SourceFacts): Clip {
  const w = even(s.width / 2);
  const h = even(s.height / 2);
  return simple(
    s,
    "half",
    `scale=${w}:${h},setsar=1,pad=${even(s.width)}:${even(s.height)}:${even((s.width - w) / 2)}:${even((s.height - h) / 2)}`,
  );
}

/** Black bars top and bottom: the frame is 40% taller. */
export function letterbox(s: SourceFacts): Clip {
  const h = even(s.height * 1.4);
  return simple(s, "letterbox", `setsar=1,pad=${even(s.width)}:${h}:0:${even((h - s.height) / 2)}`);
}

/** Black bars left and right: the frame is 60% wider. */
export function pillarbox(s: SourceFacts): Clip {
  const w = even(s.width * 1.6);
  return simple(s, "pillarbox", `setsar=1,pad=${w}:${even(s.height)}:${even((w - s.width) / 2)}:0`);
}

/** Another resolution: the short side 360 pixels. */
export function res360(s: SourceFacts): Clip {
  return simple(s, "360p", s.width >= s.height ? "scale=-2:360,setsar=1" : "scale=360:-2,setsar=1");
}

/** Another frame rate (24 fps). */
export const fps24 = (s: SourceFacts) => simple(s, "24fps", "fps=24");

/** Mirrored (left ↔ right). */
export const mirrored = (s: SourceFacts) => simple(s, "mirror", "hflip");

/** Re-posted on social media: mirrored, the short side 480 pixels, CRF 30 (soft edges, smeared hands). */
export function reposted(s: SourceFacts): Clip {
  const scale = s.width >= s.height ? "scale=-2:480" : "scale=480:-2";
  return simple(s, "reposted", `hflip,${scale},setsar=1`, { crf: 30 });
}

/** A frozen lead-in: the first frame held for `seconds` before the dance starts (audio delayed too). */
export function shifted(s: SourceFacts, seconds: number): Clip {
  const ms = Math.round(seconds * 1000);
  return simple(s, `shift${num(seconds)}s`, `tpad=start_duration=${num(seconds)}:start_mode=clone`, {
    af: `adelay=${ms}|${ms}`,
    duration: s.duration + seconds,
  });
}

/**
 * Played at `speed` (0.8 = the dancer is 25% slower, setpts=PTS/0.8), frame rate kept, audio
 * stretched alike. Tempo ratio (user seconds per reference second) = 1 / speed.
 */
export function tempo(s: SourceFacts, speed: number): Clip {
  return simple(s, `tempo${num(speed)}`, `setpts=PTS/${num(speed)},fps=${s.fps}`, {
    af: `atempo=${num(speed)}`,
    duration: s.duration / speed,
  });
}

/**
 * The other orientation, keeping the whole dancer: a landscape or square clip becomes portrait 9:16,
 * a portrait clip landscape 16:9. The window is the largest of that shape inside the frame, centred
 * on the dancer; when the dancer does not fit in it (wide arm moves, a full-height dancer in a
 * portrait clip), it grows until the dancer fits and the part outside the source frame is black, as
 * when someone steps back to get the whole body into a phone's frame.
 */
export function reframe(s: SourceFacts): Clip {
  const g = reframeGeometry(s.width, s.height, s.box ?? [0, 0, 1, 1]);
  const [cw, ch, cx, cy] = g.crop;
  const [pw, ph, px, py] = g.pad;
  const vf = `crop=${cw}:${ch}:${cx}:${cy},setsar=1${pw !== cw || ph !== ch ? `,pad=${pw}:${ph}:${px}:${py}` : ""}`;
  return simple(s, g.portrait ? "portrait" : "landscape", vf);
}

/** Crop [w, h, x, y] in source pixels and pad [w, h, x, y] of the result, all even. */
export function reframeGeometry(
  width: number,
  height: number,
  box: Box,
): { portrait: boolean; crop: [number, number, number, number]; pad: [number, number, number, number] } {
  const portrait = width >= height; // the result's orientation: the other one
  const aspect = portrait ? 9 / 16 : 16 / 9; // width / height of the window
  let ww = Math.min(width, height * aspect);
  let wh = ww / aspect;
  const bx0 = box[0] * width;
  const bx1 = box[2] * width;
  const by0 = box[1] * height;
  const by1 = box[3] * height;
  if (bx1 - bx0 > ww) {
    ww = bx1 - bx0;
    wh = ww / aspect;
  }
  if (by1 - by0 > wh) {
    wh = by1 - by0;
    ww = wh * aspect;
  }
  ww = even(ww);
  wh = even(wh);
  // Centre on the dancer, kept inside the frame along any side where the window fits.
  const place = (size: number, frame: number, centre: number) =>
    size >= frame ? (frame - size) / 2 : Math.min(Math.max(centre - size / 2, 0), frame - size);
  const x0 = place(ww, width, (bx0 + bx1) / 2);
  const y0 = place(wh, height, (by0 + by1) / 2);
  const cx = Math.max(0, x0);
  const cy = Math.max(0, y0);
  // Even sizes and offsets (4:2:0 chroma), rounded so the crop stays inside the frame and the pad.
  const cw = Math.min(even(Math.min(width, x0 + ww) - cx), width - (width % 2), ww);
  const ch = Math.min(even(Math.min(height, y0 + wh) - cy), height - (height % 2), wh);
  const crop: [number, number, number, number] = [
    cw,
    ch,
    Math.min(even(cx), width - cw),
    Math.min(even(cy), height - ch),
  ];
  const pad: [number, number, number, number] = [
    ww,
    wh,
    Math.min(even(cx - x0), ww - cw),
    Math.min(even(cy - y0), wh - ch),
  ];
  return { portrait, crop, pad };
}

/**
 * A part of a source: [start, end) seconds, optionally cropped to a region [x, y, w, h] in pixels
 * (for a clip where the person of interest is one of several).
 */
export function cut(s: SourceFacts, start: number, end: number, crop?: readonly number[]): Clip {
  const what = `cut${num(start)}-${num(end)}${crop ? `.crop${crop.join("x")}` : ""}`;
  const vf = crop ? `crop=${crop[2]}:${crop[3]}:${crop[0]}:${crop[1]},setsar=1` : "null";
  const c = simple(s, what, vf, { duration: end - start });
  if (c.recipe) c.recipe.seek = { start, duration: end - start };
  return c;
}

/**
 * Several sources one after another, each scaled into one 854×480 frame (black around it) at 30 fps,
 * without sound: a routine minutes long. With `part`, only [start, end) seconds of it, as a dancer
 * films the stretch she practised.
 */
export function longRoutine(sources: readonly SourceFacts[], part?: { start: number; end: number }): Clip {
  const each = sources.map(
    (_, i) =>
      `[${i}:v]scale=854:480:force_original_aspect_ratio=decrease,pad=854:480:(ow-iw)/2:(oh-ih)/2,fps=30,setsar=1[s${i}]`,
  );
  const joined = `${sources.map((_, i) => `[s${i}]`).join("")}concat=n=${sources.length}:v=1:a=0`;
  const cut = part ? `,trim=start=${num(part.start)}:end=${num(part.end)},setpts=PTS-STARTPTS` : "";
  const name = `long_routine${part ? `.part${num(part.start)}-${num(part.end)}` : ""}`;
  return {
    name,
    duration: part ? part.end - part.start : sources.reduce((a, x) => a + x.duration, 0),
    recipe: {
      name,
      inputs: sources.map((x) => x.id),
      args: ["-filter_complex", `${each.join(";")};${joined}${cut}[v]`, "-map", "[v]", "-an"],
      crf: 20,
    },
  };
}

/**
 * The source with defects (ladder) or a delay (timing). Frames are remapped on the frame grid of
 * `fps`: a hold drops the frames after it and lets the fps filter repeat the held one; lateness
 * moves frames later by `delay`; a wrong segment is another clip's frames laid over this one (scaled
 * to fit, black around). The audio is the source's, untouched: the music keeps time, the dancer does not.
 */
export function withDefects(s: SourceFacts, what: string, defects: Defect[], fps = s.fps): Clip {
  const half = 0.5 / fpsValue(fps);
  const drops: string[] = [];
  const shifts: string[] = [];
  let extra = 0;
  for (const d of defects) {
    if (d.kind === "freeze") drops.push(`not(between(t,${num(d.at + half)},${num(d.at + d.duration - half)}))`);
    if (d.kind === "late") {
      const end = d.at + d.duration - d.delay;
      shifts.push(`if(between(T,${num(d.at - half)},${num(end - half)}),${num(d.delay)},0)`);
      drops.push(`not(between(t,${num(end - half)},${num(d.at + d.duration - half)}))`);
    }
    if (d.kind === "step") {
      shifts.push(`if(gte(T,${num(d.at - half)}),${num(d.delay)},0)`);
      extra += d.delay;
    }
  }
  let chain = `[0:v]fps=${fps},setsar=1`;
  if (drops.length) chain += `,select='${drops.join("*")}'`;
  if (shifts.length) chain += `,setpts='PTS+(${shifts.join("+")})/TB'`;
  chain += `,fps=${fps}[b0]`;
  const graph = [chain];
  const inputs = [s.id];
  let last = "b0";
  defects
    .filter((d) => d.kind === "wrong")
    .forEach((d, i) => {
      if (d.kind !== "wrong") return;
      inputs.push(d.from.id);
      const w = even(s.width);
      const h = even(s.height);
      graph.push(
        `[${inputs.length - 1}:v]trim=start=${num(d.fromStart)}:end=${num(d.fromStart + d.duration)},` +
          `setpts=PTS-STARTPTS+${num(d.at)}/TB,fps=${fps},scale=${w}:${h}:force_original_aspect_ratio=decrease,` +
          `pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,setsar=1[w${i}]`,
        `[${last}][w${i}]overlay=eof_action=pass:enable='between(t,${num(d.at)},${num(d.at + d.duration - half)})'[b${i + 1}]`,
      );
      last = `b${i + 1}`;
    });
  graph.push(`[${last}]format=yuv420p[v]`);
  const name = `${s.id}.${what}`;
  return {
    name,
    duration: s.duration + extra,
    recipe: { name, inputs, args: ["-filter_complex", graph.join(";"), "-map", "[v]", "-map", "0:a?"], crf: 20 },
  };
}
