/** Pose tracks generated from a parametric stick figure, for fast tests of alignment and scoring. */
import { COCO_KEYPOINTS } from "../src/pose/keypoints.ts";
import type { PoseTrack } from "../src/types.ts";

export type Motion = (t: number) => {
  leftArm: number;
  rightArm: number;
  leftLeg: number;
  rightLeg: number;
  lean: number;
};

/** Arms swing with the music, legs still. */
export const armsDance: Motion = (t) => ({
  leftArm: 90 + 70 * Math.sin(2 * Math.PI * 0.5 * t),
  rightArm: 90 + 70 * Math.sin(2 * Math.PI * 0.5 * t + 1.3),
  leftLeg: 5,
  rightLeg: 5,
  lean: 0,
});
/** Arms that never repeat a phrase (sweeps whose speed drifts), so every stretch of the routine is its own. */
export const phrase: Motion = (t) => ({
  leftArm: 90 + 70 * Math.sin(Math.PI * (0.5 * t + 0.03 * t * t)),
  rightArm: 90 + 60 * Math.sin(Math.PI * (0.7 * t + 0.02 * t * t) + 1),
  leftLeg: 5,
  rightLeg: 5,
  lean: 8 * Math.sin(0.4 * t),
});
/** Arms and knees on slow sines of unrelated periods: a long routine in which no stretch of seconds repeats another. */
export const wandering: Motion = (t) => ({
  leftArm: 90 + 50 * Math.sin(2 * Math.PI * 0.31 * t) + 25 * Math.sin(2 * Math.PI * 0.13 * t + 1),
  rightArm: 90 + 45 * Math.sin(2 * Math.PI * 0.37 * t + 2) + 25 * Math.sin(2 * Math.PI * 0.09 * t),
  leftLeg: 10 + 15 * Math.abs(Math.sin(2 * Math.PI * 0.17 * t)),
  rightLeg: 10 + 15 * Math.abs(Math.sin(2 * Math.PI * 0.23 * t + 1)),
  lean: 8 * Math.sin(0.4 * t),
});
/** Squats and leans, arms down. */
export const legsDance: Motion = (t) => ({
  leftArm: 20,
  rightArm: 20 + 10 * Math.sin(t),
  leftLeg: 10 + 40 * Math.abs(Math.sin(1.5 * t)),
  rightLeg: 10 + 40 * Math.abs(Math.sin(1.5 * t)),
  lean: 15 * Math.sin(0.7 * t),
});

const MIRROR = [0, 2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15];

/**
 * Keypoints of the figure at time `(t - offset) / tempo` of the motion: a user `tempo` times slower
 * who starts `offset` seconds later. `mirrored` flips the picture (x → 1 − x), as a hflip'd video
 * would look to the pose model (which then labels the sides by what it sees).
 */
export function syntheticTrack(
  motion: Motion,
  opts: { duration: number; fps?: number; tempo?: number; offset?: number; mirrored?: boolean; scale?: number },
): PoseTrack {
  const fps = opts.fps ?? 10;
  const tempo = opts.tempo ?? 1;
  const offset = opts.offset ?? 0;
  const scale = opts.scale ?? 1;
  const frames = [];
  const n = Math.round(opts.duration * fps);
  for (let k = 0; k < n; k++) {
    const t = k / fps;
    const m = motion(Math.max(0, (t - offset) / tempo));
    const rad = (d: number) => (d * Math.PI) / 180;
    const cx = 0.5;
    const hipY = 0.55;
    const torso = 0.2 * scale;
    const lean = rad(m.lean);
    const sh = { x: cx + Math.sin(lean) * torso, y: hipY - Math.cos(lean) * torso };
    const arm = 0.12 * scale;
    const leg = 0.2 * scale;
    const pts: Array<[number, number]> = new Array(17);
    pts[0] = [sh.x, sh.y - 0.08 * scale];
    pts[1] = [sh.x + 0.015 * scale, sh.y - 0.09 * scale];
    pts[2] = [sh.x - 0.015 * scale, sh.y - 0.09 * scale];
    pts[3] = [sh.x + 0.03 * scale, sh.y - 0.085 * scale];
    pts[4] = [sh.x - 0.03 * scale, sh.y - 0.085 * scale];
    // Subject's left appears on the image right (facing the camera).
    pts[5] = [sh.x + 0.06 * scale, sh.y];
    pts[6] = [sh.x - 0.06 * scale, sh.y];
    const lA = rad(m.leftArm);
    const rA = rad(m.rightArm);
    pts[7] = [pts[5][0] + Math.sin(lA) * arm, pts[5][1] + Math.cos(lA) * arm];
    pts[8] = [pts[6][0] - Math.sin(rA) * arm, pts[6][1] + Math.cos(rA) * arm];
    pts[9] = [pts[7][0] + Math.sin(lA * 1.2) * arm, pts[7][1] + Math.cos(lA * 1.2) * arm];
    pts[10] = [pts[8][0] - Math.sin(rA * 1.2) * arm, pts[8][1] + Math.cos(rA * 1.2) * arm];
    pts[11] = [cx + 0.04 * scale, hipY];
    pts[12] = [cx - 0.04 * scale, hipY];
    const lL = rad(m.leftLeg);
    const rL = rad(m.rightLeg);
    pts[13] = [pts[11][0] + Math.sin(lL) * leg, pts[11][1] + Math.cos(lL) * leg];
    pts[14] = [pts[12][0] - Math.sin(rL) * leg, pts[12][1] + Math.cos(rL) * leg];
    pts[15] = [pts[13][0] - Math.sin(lL) * leg * 0.5, pts[13][1] + leg];
    pts[16] = [pts[14][0] + Math.sin(rL) * leg * 0.5, pts[14][1] + leg];
    const order = opts.mirrored ? MIRROR : MIRROR.map((_, i) => i);
    const keypoints: number[] = [];
    for (let i = 0; i < 17; i++) {
      const p = pts[order[i] as number] as [number, number];
      keypoints.push(opts.mirrored ? 1 - p[0] : p[0], p[1], 0.9);
    }
    frames.push({ t, score: 0.9, keypoints });
  }
  return {
    version: 1,
    model: "movenet-lightning",
    keypointNames: [...COCO_KEYPOINTS],
    fps,
    width: 720,
    height: 720,
    duration: opts.duration,
    minScore: 0.25,
    frames,
    audio: null,
  };
}

/** A song's onset strength at time t (s): a click on every beat, accented unevenly, with off-beat notes, so one stretch of it is unlike another (see align/music.ts). */
function songOnset(t: number, bpm: number, first: number): number {
  const period = 60 / bpm;
  const k = Math.round((t - first) / period);
  const beat = first + k * period;
  const accent =
    0.4 + 0.6 * Math.abs(Math.sin(k * 12.9898) * 43758.5453 - Math.floor(Math.sin(k * 12.9898) * 43758.5453));
  const onBeat = Math.abs(t - beat) < 0.015 && k >= 0 ? accent : 0;
  const offBeat = Math.abs(t - beat - period / 2) < 0.015 && k % 3 === 1 ? 0.5 : 0;
  return Math.max(onBeat, offBeat);
}

/**
 * The track with music in its sound track (`bpm`, beats from `first` seconds), heard from
 * `from` seconds into the song: the reference of a dance to music, counted on its beats; a user's
 * track with the same song (shifted by `from`) shares it.
 */
export function withMusicBeat(track: PoseTrack, bpm = 120, first = 0.5, from = 0): PoseTrack {
  const period = 60 / bpm;
  const beats: number[] = [];
  for (let t = first; t < from + track.duration; t += period)
    if (t >= from) beats.push(Math.round((t - from) * 1000) / 1000);
  const rate = 100;
  const values = Array.from({ length: Math.round(track.duration * rate) }, (_, i) =>
    songOnset(from + i / rate, bpm, first),
  );
  return { ...track, audio: { bpm, beats, confidence: 0.9, onset: { rate, values } } };
}
