/**
 * Group videos made with ffmpeg from the shared fixtures' real solo clips (never copied into the
 * repository): dancers side by side (hstack), one delayed by a known amount (tpad), one dancing
 * another routine, two crossing paths (overlay at moving positions), someone running past. Built
 * on demand into bench/.cache/group/videos/<name>.<hash>.mp4 (the hash covers the recipe: a changed
 * recipe gets a new file).
 *
 * The teacher's routine is 60 s of the fixtures' two long dance clips (sample_2, sample_3, sample_2,
 * sample_3: 576×1024, 30 fps), with a stand-in song (drums, bass and a melody that never repeats, 112
 * BPM) that every copy carries from its start: the group dances to the teacher's music.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import { join } from "node:path";
import { aeval, drumExpression } from "../../packages/motion/test-support/synth.ts";
import { ffmpegPath } from "../../packages/motion/src/video/binaries.ts";

export interface Recipe {
  name: string;
  /** Fixture paths (relative to the fixtures folder, "video/…") or other recipes. */
  inputs: Array<string | Recipe>;
  /** Everything after the inputs but the encoder settings. */
  args: string[];
}

export const SECONDS = 60;
export const SONG_BPM = 112;
/** The stand-in song: 60 s from 0.3 s, as a lavfi source. */
const SONG = aeval(drumExpression({ bpm: SONG_BPM, start: 0.3, bass: true, melody: 3, seconds: SECONDS, seed: 5 }));

/** Output settings: H.264 on one thread (the same file on every machine), AAC when there is sound. */
const ENCODE = [
  "-c:v",
  "libx264",
  "-preset",
  "veryfast",
  "-crf",
  "20",
  "-pix_fmt",
  "yuv420p",
  "-threads",
  "1",
  "-c:a",
  "aac",
  "-b:a",
  "96k",
  "-r",
  "30",
];

/** The teacher's routine: four clips one after another, 60 s, silent (a recipe adds the song). */
const routine: Recipe = {
  name: "routine60",
  inputs: ["video/sample_2.mp4", "video/sample_3.mp4", "video/sample_2.mp4", "video/sample_3.mp4"],
  args: [
    "-filter_complex",
    "[0:v][1:v][2:v][3:v]concat=n=4:v=1:a=0,fps=30,setsar=1[v]",
    "-map",
    "[v]",
    "-t",
    String(SECONDS),
    "-an",
  ],
};

/** A recipe on one input's picture, with the song. */
function withSong(name: string, input: string | Recipe, vf: string): Recipe {
  return {
    name,
    inputs: [input],
    args: [
      "-f",
      "lavfi",
      "-t",
      String(SECONDS),
      "-i",
      SONG,
      "-filter_complex",
      `[0:v]${vf},trim=duration=${SECONDS},setsar=1[v]`,
      "-map",
      "[v]",
      "-map",
      "1:a",
      "-t",
      String(SECONDS),
    ],
  };
}

/** The teacher's video (the reference). */
export const teacher = withSong("teacher", routine, "null");
/** Dancer 1: the routine as the teacher dances it, in a softer picture (a phone's). */
export const dancer1 = withSong("dancer1", routine, "gblur=sigma=0.8");
/**
 * Dancer 2: 0.25 s late from 20 s to 26 s (then skips to catch up), and holds still for 2 s at 40 s
 * (the frames of those 2 s dropped, the last one repeated).
 */
export const dancer2 = withSong(
  "dancer2",
  routine,
  "select='not(between(t,25.75,26))*not(between(t,40.02,41.98))',setpts='PTS+if(between(T,19.98,25.73),0.25,0)/TB',fps=30",
);
/** Dancer 3: further back (85 % in the frame, feet on the same floor line) and in warmer light. */
export const dancer3 = withSong(
  "dancer3",
  routine,
  "scale=490:870,pad=576:1024:43:154,eq=brightness=0.04:saturation=1.15",
);
/** Dancer 3, 0.4 s late throughout (the first frame held 0.4 s). */
export const dancer3Late = withSong(
  "dancer3_late0.4",
  routine,
  "scale=490:870,pad=576:1024:43:154,eq=brightness=0.04:saturation=1.15,tpad=start_duration=0.4:start_mode=clone",
);
/** Another routine: the freestyle of dance_woman_room, looped, in the same frame size. */
export const otherRoutine = withSong(
  "other_routine",
  "dev/dance_woman_room.mp4",
  "loop=loop=7:size=244:start=0,setpts=N/25/TB,scale=576:556,pad=576:1024:0:468,fps=30",
);

/** Side by side, with the song. */
function sideBySide(name: string, dancers: Recipe[], silent = false): Recipe {
  const inputs = dancers.map((_, i) => `[${i}:v]`).join("");
  return {
    name,
    inputs: dancers,
    args: [
      "-filter_complex",
      `${inputs}hstack=inputs=${dancers.length}[v]`,
      "-map",
      "[v]",
      ...(silent ? ["-an"] : ["-map", "0:a"]),
      "-t",
      String(SECONDS),
    ],
  };
}

export const inSync = sideBySide("group_in_sync", [dancer1, dancer2, dancer3]);
export const oneLate = sideBySide("group_one_late", [dancer1, dancer2, dancer3Late]);
export const oneOther = sideBySide("group_one_other", [dancer1, dancer2, otherRoutine]);
/** The same groups without their music: lateness is then against the group, not the teacher's clock. */
export const inSyncSilent = sideBySide("group_in_sync_silent", [dancer1, dancer2, dancer3], true);
export const oneLateSilent = sideBySide("group_one_late_silent", [dancer1, dancer2, dancer3Late], true);
export const teacherSilent: Recipe = { name: "teacher_silent", inputs: [routine], args: ["-map", "0:v", "-an"] };

/**
 * Two dancers in the same outfit (dancers 1 and 3, both the routine's dancer) crossing paths on a
 * 1920×1080 floor: each scaled to 432×768, swinging between x = 150 and 1150 in opposite phase
 * every 20 s, dancer 3 in front (her picture covers dancer 1's while they pass): they cross at 5,
 * 15, 25, 35, 45 and 55 s.
 */
export const CROSS = { period: 20, left: 150, travel: 1000, width: 432, height: 768, top: 200 };
export function crossX(who: 0 | 1, t: number): number {
  const u = 0.5 - 0.5 * Math.cos((2 * Math.PI * t) / CROSS.period);
  return who === 0 ? CROSS.left + CROSS.travel * u : CROSS.left + CROSS.travel * (1 - u);
}
export const crossing: Recipe = {
  name: "group_crossing",
  inputs: [dancer1, dancer3],
  args: [
    "-f",
    "lavfi",
    "-i",
    `color=c=0x5a6470:s=1920x1080:d=${SECONDS}:r=30`,
    "-filter_complex",
    [
      `[0:v]scale=${CROSS.width}:${CROSS.height}[a]`,
      `[1:v]scale=${CROSS.width}:${CROSS.height}[b]`,
      `[2:v][a]overlay=x='${CROSS.left}+${CROSS.travel}*(0.5-0.5*cos(2*PI*t/${CROSS.period}))':y=${CROSS.top}:eval=frame[ab]`,
      `[ab][b]overlay=x='${CROSS.left}+${CROSS.travel}*(0.5+0.5*cos(2*PI*t/${CROSS.period}))':y=${CROSS.top}:eval=frame[v]`,
    ].join(";"),
    "-map",
    "[v]",
    "-map",
    "0:a",
    "-t",
    String(SECONDS),
  ],
};

/**
 * The group in sync on a taller floor, and someone running past in front of them, twice (from
 * 10 s and from 40 s, 4 s each, right to left): the runner of run_woman_track (a panning camera
 * keeps her in the middle of its picture), cut out around her, mirrored to run leftwards.
 */
export const withRunner: Recipe = {
  name: "group_runner_past",
  inputs: [inSync, "dev/run_woman_track.mp4"],
  args: [
    "-filter_complex",
    [
      "[0:v]pad=1728:1324:0:0:color=0x3a4a5a[g]",
      "[1:v]crop=840:760:380:120,hflip,scale=388:350,loop=loop=-1:size=180:start=0,setpts=N/30/TB[r]",
      "[g][r]overlay=x='1728-(mod(t,30)-10)*530':y=974:enable='between(mod(t,30),10,14)':eval=frame[v]",
    ].join(";"),
    "-map",
    "[v]",
    "-map",
    "0:a",
    "-t",
    String(SECONDS),
  ],
};

/** Four different people dancing the same generated routine, side by side (2.8 s, no sound). */
export const fourPeople: Recipe = {
  name: "group_four_people",
  inputs: ["video/sample_fb_0.mp4", "video/sample_fb_1.mp4", "video/sample_fb_2.mp4", "video/sample_fb_3.mp4"],
  args: ["-filter_complex", "[0:v][1:v][2:v][3:v]hstack=inputs=4[v]", "-map", "[v]", "-an"],
};

const FB = ["video/sample_fb_0.mp4", "video/sample_fb_1.mp4", "video/sample_fb_2.mp4", "video/sample_fb_3.mp4"];

/** Ten dancers in two rows of five (the four people of sample_fb, again and again), 1920×1364. */
export const tenDancers: Recipe = {
  name: "group_ten",
  inputs: FB,
  args: [
    "-filter_complex",
    [
      "[0:v]scale=384:682,split=3[a0][a1][a2]",
      "[1:v]scale=384:682,split=3[b0][b1][b2]",
      "[2:v]scale=384:682,split=2[c0][c1]",
      "[3:v]scale=384:682,split=2[d0][d1]",
      "[a0][b0][c0][d0][a1]hstack=inputs=5[back]",
      "[b1][c1][d1][a2][b2]hstack=inputs=5[front]",
      "[back][front]vstack[v]",
    ].join(";"),
    "-map",
    "[v]",
    "-an",
  ],
};

/** Twelve: a front row of six and a row of six further back (smaller), 1920×1024: the ten largest are counted. */
export const twelveDancers: Recipe = {
  name: "group_twelve",
  inputs: FB,
  args: [
    "-filter_complex",
    [
      "[0:v]split=3[a0][a1][a2]",
      "[1:v]split=3[b0][b1][b2]",
      "[2:v]split=3[c0][c1][c2]",
      "[3:v]split=3[d0][d1][d2]",
      "[a0]scale=256:454[s0]",
      "[b0]scale=256:454[s1]",
      "[c0]scale=256:454[s2]",
      "[d0]scale=256:454[s3]",
      "[a1]scale=256:454[s4]",
      "[b1]scale=256:454[s5]",
      "[s0][s1][s2][s3][s4][s5]hstack=inputs=6,pad=1920:454:192:0[back]",
      "[c1]scale=320:570[f0]",
      "[d1]scale=320:570[f1]",
      "[a2]scale=320:570[f2]",
      "[b2]scale=320:570[f3]",
      "[c2]scale=320:570[f4]",
      "[d2]scale=320:570[f5]",
      "[f0][f1][f2][f3][f4][f5]hstack=inputs=6[front]",
      "[back][front]vstack[v]",
    ].join(";"),
    "-map",
    "[v]",
    "-an",
  ],
};

export function fileName(r: Recipe): string {
  const h = createHash("sha256")
    .update(JSON.stringify([r.inputs.map((i) => (typeof i === "string" ? i : fileName(i))), r.args, ENCODE]))
    .digest("hex")
    .slice(0, 8);
  return `${r.name}.${h}.mp4`;
}

export interface Places {
  fixtures: string;
  videos: string;
}

/** The recipe's file, built (with what it is made from) when missing. */
export async function built(r: Recipe | string, places: Places): Promise<string> {
  if (typeof r === "string") return join(places.fixtures, r);
  const out = join(places.videos, fileName(r));
  if (existsSync(out)) return out;
  const inputs: string[] = [];
  for (const i of r.inputs) inputs.push(await built(i, places));
  await mkdir(places.videos, { recursive: true });
  const partial = `${out}.partial.mp4`;
  await run(["-y", "-v", "error", ...inputs.flatMap((f) => ["-i", f]), ...r.args, ...ENCODE, partial]);
  await rename(partial, out);
  return out;
}

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(ffmpegPath(), args, { maxBuffer: 1 << 24 }, (err, _out, stderr) => {
      if (err) reject(new Error(String(stderr).trim().split("\n").slice(-3).join(" ") || err.message));
      else resolve();
    });
  });
}
