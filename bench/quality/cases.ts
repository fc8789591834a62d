/**
 * The calibration set of the quality benchmark, as code: which clip is compared with which, what
 * the engine should say about the pair, and which half of the data it belongs to. The videos stay
 * in the shared fixtures (../shared/fixtures, README.md and dev/README.md there); derived clips are
 * ffmpeg recipes (recipes.ts) built on demand into bench/.cache/quality/videos.
 *
 * PARTITION. Quality figures must come from footage the scoring constants were not fitted on, so
 * every source clip belongs to one half and a pair of clips from different halves is not a case:
 *
 *   fit   dances     sample_2, hybrik_taiji, pose_1, dance_moonwalk, sample_fb_0 (+ _1, _2)
 *         exercises  pushups_side, jumpingjacks_walk_park, run_woman_track, bentover_row_barbell
 *   test  dances     sample_3, dance_woman_room, pose_segmentation, dance_ballet_street,
 *                    p2s_balance_cam01 (+ cam02, cam01_two_people), sample_fb_3
 *         exercises  pose_squats, squat_barbell_rear, deadlift_barbell_rear, lunges_dumbbell,
 *                    baseball_pitch
 *
 * Why this way: each half gets one long generated dance (sample_2 | sample_3, MimicMotion, portrait,
 * clean) and one long real one (hybrik_taiji, slow, landscape | dance_woman_room, fast, with music)
 * for the ladder and the timing cases, which need ≥ 9 s; two short dances each for the invariance
 * copies; a person-count, camera or view question each (the sample_fb people | the pose2sim
 * cameras); and exercises with repetitions each (push-ups, jumping jacks | squats, deadlift,
 * lunges). Sources that tell the same story stay together: the squat and deadlift clips (same man,
 * gym and camera) and pose_squats (the squat-vs-squat pair) are all test; the pose2sim take is one
 * source. sample_2 is fit because the current engine was already looked at on it (README).
 *
 * The one exception, SPLIT BY PAIR: sample_fb_0..3 are four people dancing the same routine, the
 * only "same routine, different person" footage there is. The pairs among fb_0, fb_1, fb_2 are fit;
 * the three pairs with fb_3 (the held-out person) are test. The choreography is thus seen in fit;
 * fb_3's body and timing are not. In the other groups only sample_fb_0 is used, in fit.
 *
 * Targets are judged on test; fit is printed too.
 */
import {
  type Box,
  type Clip,
  cut,
  type Defect,
  fps24,
  halfSize,
  letterbox,
  longRoutine,
  lowQuality,
  mirrored,
  pillarbox,
  reencode,
  reframe,
  reposted,
  res360,
  type SourceFacts,
  shifted,
  tempo,
  withDefects,
} from "./recipes.ts";
import { type TrackRecipe, trackName } from "./tracks/recipes.ts";
import { musicOf } from "./tracks/song.ts";

export type Split = "fit" | "test";
export const SPLITS: readonly Split[] = ["fit", "test"];

export const GROUPS = [
  "same_performance",
  "tempo",
  "ladder",
  "timing",
  "same_routine",
  "other_view",
  "part",
  "different_routine",
  "non_dance",
  "people_same",
  "people_incorrect",
  "people_different",
  "dancers_same",
  "dancers_different",
  "camera_angle",
] as const;
export type Group = (typeof GROUPS)[number];

export interface Source extends SourceFacts {
  /** Path under the fixtures directory. */
  file: string;
  kind: "dance" | "exercise";
  split: Split;
  /** The part that stands for the clip when it is compared as a whole (and its crop [x, y, w, h]). */
  base?: { start: number; end: number; crop?: readonly number[] };
}

/** Facts measured with ffprobe; boxes from the cached pose tracks (0.5–99.5% of keypoints, with a margin). */
export const SOURCES: readonly Source[] = [
  // fit: dances
  src("sample_2", "video/sample_2.mp4", "dance", "fit", 576, 1024, "30", 19.1, [0.09, 0.11, 0.9, 0.97]),
  src("hybrik_taiji", "video/hybrik_taiji.mp4", "dance", "fit", 1280, 720, "24000/1001", 17.2, [0.08, 0.07, 0.62, 1]),
  src("pose_1", "video/pose_1.mp4", "dance", "fit", 576, 576, "30", 4.0, [0.34, 0.22, 0.65, 0.79]),
  src(
    "dance_moonwalk",
    "dev/dance_moonwalk.mp4",
    "dance",
    "fit",
    1084,
    1080,
    "24000/1001",
    2.63,
    [0.18, 0.14, 0.9, 0.85],
  ),
  src("sample_fb_0", "video/sample_fb_0.mp4", "dance", "fit", 576, 1024, "30", 2.77),
  src("sample_fb_1", "video/sample_fb_1.mp4", "dance", "fit", 576, 1024, "30", 2.77),
  src("sample_fb_2", "video/sample_fb_2.mp4", "dance", "fit", 576, 1024, "30", 2.77),
  // fit: exercises
  // Interval push-ups: one slow push-up every 8 s (5.5, 13.5, 21.25, 29.5, 37.25, 45.5 s), planks between.
  src("pushups_side", "dev/pushups_side.webm", "exercise", "fit", 320, 240, "30", 51.49, undefined, {
    start: 3,
    end: 19,
  }),
  // Jumping jacks: the man on the roof, top left (two reps, 0–1.4 s and 1.4–2.8 s); a woman walks
  // through the frame and someone flips later: the crop keeps the roof only.
  src("jumpingjacks_walk_park", "dev/jumpingjacks_walk_park.mp4", "exercise", "fit", 1768, 994, "30", 7.73, undefined, {
    start: 0,
    end: 3,
    crop: [250, 0, 700, 500],
  }),
  src("run_woman_track", "dev/run_woman_track.mp4", "exercise", "fit", 1920, 1088, "30", 6.0),
  src("bentover_row_barbell", "dev/bentover_row_barbell.webm", "exercise", "fit", 1280, 720, "30", 5.17),
  // test: dances
  src("sample_3", "video/sample_3.mp4", "dance", "test", 576, 1024, "30", 19.77, [0.19, 0.05, 0.9, 0.92]),
  src("dance_woman_room", "dev/dance_woman_room.mp4", "dance", "test", 514, 496, "25", 9.76, [0.25, 0.31, 0.7, 1]),
  src(
    "pose_segmentation",
    "video/pose_segmentation.mp4",
    "dance",
    "test",
    600,
    600,
    "20",
    5.1,
    [0.12, 0.1, 0.75, 0.92],
  ),
  src(
    "dance_ballet_street",
    "dev/dance_ballet_street.mp4",
    "dance",
    "test",
    512,
    512,
    "8",
    2.0,
    [0.29, 0.2, 0.88, 0.92],
  ),
  src("p2s_balance_cam01", "dev/p2s_balance_cam01.mp4", "dance", "test", 1080, 1920, "60", 1.67),
  src("p2s_balance_cam02", "dev/p2s_balance_cam02.mp4", "dance", "test", 1080, 1920, "60", 1.74),
  src("p2s_balance_cam01_two_people", "dev/p2s_balance_cam01_two_people.mp4", "dance", "test", 1088, 1920, "60", 1.67),
  src("sample_fb_3", "video/sample_fb_3.mp4", "dance", "test", 576, 1024, "30", 2.77),
  // test: exercises
  // Band squats, 5 fps: standing at 0.4, 4.4, 9.2 s, bottoms at 2.0, 6.8, 12.0 s (the third rep is cut off).
  src("pose_squats", "video/pose_squats.mp4", "exercise", "test", 720, 1280, "5", 13.0),
  // Barbell squat, rear view, with camera cuts: bottoms at 2.3 and 5.4 s, standing at 0.5, 4.0, 6.8 s.
  src("squat_barbell_rear", "dev/squat_barbell_rear.webm", "exercise", "test", 1280, 720, "30", 7.1),
  // Deadlift: starts at the bottom; lockout 2.0–3.3 s, back down 4.3 s, lockout again 5.8 s.
  src("deadlift_barbell_rear", "dev/deadlift_barbell_rear.webm", "exercise", "test", 1280, 720, "30", 7.4),
  // Edited instruction video (front, side and close-up shots; no one in frame 6–9 s). Side-view
  // lunges, about 0.5 s of standing on either side: 48.4–52.4 s and 58.75–62.7 s. (The closer shot
  // at 33.0–37.7 s holds the bottom 1.5 s longer: another tempo, so not a "same routine" pair.)
  // The base is the lunge-heavy part.
  src("lunges_dumbbell", "dev/lunges_dumbbell.webm", "exercise", "test", 854, 480, "30000/1001", 68.05, undefined, {
    start: 43,
    end: 63,
  }),
  src("baseball_pitch", "video/baseball_pitch.webm", "exercise", "test", 720, 720, "30000/1001", 24.02),
];

const BY_ID = new Map(SOURCES.map((s) => [s.id, s]));

export function source(id: string): Source {
  const s = BY_ID.get(id);
  if (!s) throw new Error(`unknown source ${id}`);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Cases

export interface Bound {
  min?: number;
  max?: number;
}

/** What the engine should say about one pair (judged per case). */
export interface Expectation {
  overall?: Bound;
  shape?: Bound;
  timing?: Bound;
  /** The overall feedback text must match. */
  feedback?: RegExp;
  /** Scored (the same routine, or unsure), never refused as another routine. */
  scored?: true;
}

/** Timing truth per move (reference times). */
export type TimingTruth =
  /** Everything from t1 on is delay_s late: a move entirely before t1 is 0 ms, one starting ≥ 0.3 s after t1 is +delay. */
  | { kind: "step"; t1_s: number; delay_s: number }
  /** The whole dance is shifted (a lead-in): a start offset, not lateness, so every move is `ms`. */
  | { kind: "constant"; ms: number };

export interface Truth {
  /** For the AUC: true = the same routine (same_performance, same_routine), false = a different one. */
  same?: boolean;
  /** The same movement done incorrectly (UI-PRMD): the same routine, done worse; kept out of the AUC of same vs different. */
  incorrect?: boolean;
  /** User seconds per reference second. */
  tempo_ratio?: number;
  /** Ladder rung: the source and its number of defects. */
  ladder?: { source: string; level: number };
  /**
   * Where the user's clip misses the routine, in reference seconds (ladder rungs): a freeze or a
   * wrong segment is danced wrong there; a late stretch is danced right, late. Moves outside every
   * defect are clean.
   */
  defects?: Array<{ kind: "missed" | "late"; from_s: number; to_s: number }>;
  timing?: TimingTruth;
}

export interface Case {
  id: string;
  group: Group;
  split: Split;
  ref: Clip;
  user: Clip;
  expect: Expectation;
  truth: Truth;
  note?: string;
}

/** Targets over many cases (per-case ones are in each case's `expect`). */
export const AGGREGATE_TARGETS = {
  /** Mean over ladder sources of Spearman ρ(defect level, −overall score). */
  ladderSpearman: 0.9,
  /** Mean |timing_ms − truth| over the moves that have a truth, ms (p90 printed too). */
  timingPrecisionMs: 40,
  /** Overall score separating every same pair from every different pair. */
  auc: 0.98,
  /** Ladder moves mostly inside a freeze or a wrong segment called OK or Miss, at least this share. */
  missedMoves: 0.8,
  /** Ladder moves untouched by any defect called Perfect or Great, at least this share. */
  cleanMoves: 0.9,
  /** Real people, the same movement done correctly by another person (people_same): median and 10th percentile. */
  peopleSameMedian: 85,
  peopleSameP10: 75,
  /** The same movement done incorrectly against done correctly (people_incorrect vs people_same). */
  incorrectAuc: 0.8,
  incorrectMedianGap: 10,
  /** Real different dancers of one choreography (dancers_same): median, each case scored. */
  dancersSameMedian: 80,
  /** Every different routine (truth not the same): at most `differentLow` for this share, none above `differentMax`. */
  differentLow: 35,
  differentLowShare: 0.95,
  differentMax: 50,
} as const;

/** The truth of one move, ms (null: no truth for this move). */
export function timingTruthMs(t: TimingTruth, move: { start_s: number; end_s: number }): number | null {
  if (t.kind === "constant") return t.ms;
  if (move.end_s <= t.t1_s) return 0;
  if (move.start_s >= t.t1_s + 0.3) return t.delay_s * 1000;
  return null;
}

const SAME_PERFORMANCE: Record<Split, string[]> = {
  fit: ["sample_2", "hybrik_taiji", "pose_1", "dance_moonwalk"],
  test: ["sample_3", "dance_woman_room", "pose_segmentation", "dance_ballet_street"],
};

const TEMPO: Record<Split, string[]> = {
  fit: ["sample_2", "hybrik_taiji", "pose_1"],
  test: ["sample_3", "dance_woman_room", "pose_segmentation"],
};
/** Playback speeds: 0.8 and 0.75 = the dancer 25% / 33% slower, 1.25 = faster. */
const SPEEDS = [0.8, 0.75, 1.25];

const freeze = (at: number, duration = 1.5): Defect => ({ kind: "freeze", at, duration });
const late = (at: number, duration = 3, delay = 0.4): Defect => ({ kind: "late", at, duration, delay });
const wrong = (at: number, from: string, fromStart: number, duration = 2): Defect => ({
  kind: "wrong",
  at,
  duration,
  from: source(from),
  fromStart,
});

/** A defect as the stretch of the reference it spoils. */
function defectSpan(d: Defect): { kind: "missed" | "late"; from_s: number; to_s: number } {
  if (d.kind === "late") return { kind: "late", from_s: d.at, to_s: d.at + d.duration };
  if (d.kind === "step") return { kind: "late", from_s: d.at, to_s: Number.POSITIVE_INFINITY };
  return { kind: "missed", from_s: d.at, to_s: d.at + d.duration };
}

/** Share of a move [start, end) inside the stretch. */
export function overlapShare(move: { start_s: number; end_s: number }, from: number, to: number): number {
  const len = move.end_s - move.start_s;
  return len > 0 ? Math.max(0, Math.min(move.end_s, to) - Math.max(move.start_s, from)) / len : 0;
}

/**
 * What a move of a ladder rung should get: "missed" when most of it lies in a freeze or a wrong
 * segment (verdict OK or Miss), "clean" when none of it touches a defect (Perfect or Great);
 * undefined otherwise (partly spoiled, or late: timing's business).
 */
export function moveTruth(t: Truth, move: { start_s: number; end_s: number }): "missed" | "clean" | undefined {
  if (!t.defects) return undefined;
  if (t.defects.some((d) => d.kind === "missed" && overlapShare(move, d.from_s, d.to_s) >= 0.7)) return "missed";
  // A quarter second of margin: the defects' edges are not move boundaries.
  if (t.defects.every((d) => overlapShare(move, d.from_s - 0.25, d.to_s + 0.25) === 0)) return "clean";
  return undefined;
}

/**
 * Ladder rungs 1–4 add these defects in order (rung 0 is a clean re-encode), at separate places;
 * the wrong segments come from another dance of the same half.
 */
const LADDERS: Array<{ source: string; defects: [Defect, Defect, Defect, Defect] }> = [
  { source: "sample_2", defects: [freeze(3.2), wrong(7.0, "sample_fb_0", 0.4), late(10.8), freeze(15.6)] },
  { source: "hybrik_taiji", defects: [late(2.4), freeze(6.6), wrong(9.6, "pose_1", 1.0), late(13.2)] },
  {
    source: "sample_3",
    defects: [wrong(2.8, "pose_segmentation", 0.5), late(6.6), freeze(11.4), wrong(15.0, "dance_ballet_street", 0)],
  },
  // 9.8 s: shorter defects so that four fit.
  {
    source: "dance_woman_room",
    defects: [freeze(0.9, 1.3), late(2.8, 2.5), wrong(5.8, "pose_segmentation", 2.6, 1.8), freeze(8.1, 1.3)],
  },
];

/**
 * Timing: from t1 (not on a round time) everything is D late. Delays are whole frames at 30 fps
 * (the recipe runs at 30 fps), 0.167 s being 5/30.
 */
const TIMING: Array<{ source: string; steps: Array<[t1: number, delay: number]> }> = [
  {
    source: "sample_2",
    steps: [
      [8.37, 0.1],
      [6.93, 5 / 30],
      [10.51, 0.2],
      [12.14, 0.3],
    ],
  },
  {
    source: "hybrik_taiji",
    steps: [
      [7.63, 0.1],
      [5.27, 5 / 30],
      [9.41, 0.2],
      [11.06, 0.3],
    ],
  },
  {
    source: "sample_3",
    steps: [
      [9.21, 0.1],
      [7.46, 5 / 30],
      [11.83, 0.2],
      [5.38, 0.3],
    ],
  },
  {
    source: "dance_woman_room",
    steps: [
      [4.43, 0.1],
      [3.17, 5 / 30],
      [5.61, 0.2],
      [6.29, 0.3],
    ],
  },
];

/** The other routine's clip for different/non-dance pairs. */
const DANCES: Record<Split, string[]> = {
  fit: ["sample_2", "hybrik_taiji", "pose_1", "dance_moonwalk", "sample_fb_0"],
  test: ["sample_3", "dance_woman_room", "pose_segmentation", "dance_ballet_street", "p2s_balance_cam01"],
};
const EXERCISES: Record<Split, string[]> = {
  fit: ["pushups_side", "jumpingjacks_walk_park", "run_woman_track", "bentover_row_barbell"],
  test: ["pose_squats", "squat_barbell_rear", "deadlift_barbell_rear", "lunges_dumbbell", "baseball_pitch"],
};

/** Repetitions cut from one clip: [start, end] seconds, each compared with the next one listed after it. */
const REPS: Array<{ source: string; pairs: Array<[[number, number], [number, number]]>; note: string }> = [
  {
    source: "pushups_side",
    note: "one push-up with the plank around it (5 s) against the next",
    pairs: [
      [
        [4.5, 9.5],
        [12.5, 17.5],
      ],
      [
        [20.25, 25.25],
        [28.5, 33.5],
      ],
      [
        [36.25, 41.25],
        [44.5, 49.5],
      ],
    ],
  },
  {
    source: "jumpingjacks_walk_park",
    note: "jumping jack 1 against 2 (roof crop)",
    pairs: [
      [
        [0, 1.4],
        [1.4, 2.8],
      ],
    ],
  },
  {
    source: "lunges_dumbbell",
    note: "side-view lunge against the next one in the same shot size",
    pairs: [
      [
        [48.4, 52.4],
        [58.75, 62.7],
      ],
    ],
  },
  {
    source: "deadlift_barbell_rear",
    note: "bottom → lockout → hold, rep 1 against rep 2",
    pairs: [
      [
        [0.3, 3.3],
        [4.1, 7.1],
      ],
    ],
  },
  {
    source: "squat_barbell_rear",
    note: "stand → squat → stand, rep 1 against rep 2",
    pairs: [
      [
        [0.3, 3.8],
        [3.8, 7.1],
      ],
    ],
  },
  {
    source: "pose_squats",
    note: "stand → squat → stand, rep 1 against rep 2",
    pairs: [
      [
        [0, 4.6],
        [4.6, 9.2],
      ],
    ],
  },
];

const ONE_DECIMAL = (v: number) => Math.round(v * 10) / 10;

/** A fixture clip as it is. */
/** Each half's long routine (its clips one after another: 2:22 test, 1:51 fit), and the stretches of it danced as parts. */
const LONG_ROUTINE: Record<Split, string[]> = {
  test: ["lunges_dumbbell", "baseball_pitch", "sample_3", "pose_squats", "dance_woman_room", "deadlift_barbell_rear"],
  fit: [
    "pushups_side",
    "sample_2",
    "hybrik_taiji",
    "jumpingjacks_walk_park",
    "run_woman_track",
    "bentover_row_barbell",
    "pose_1",
  ],
};
const LONG_ROUTINE_PARTS = [
  { start: 70, end: 90 },
  { start: 93, end: 108 },
  // A few moves practised alone: 10 s, under a quarter of the routine, without a song to place it.
  { start: 40, end: 50 },
];

function asIs(id: string): Clip {
  return { name: id, duration: source(id).duration, source: id };
}

/** A clip as a whole: the source, or its base part when it has one. */
function whole(id: string): Clip {
  const s = source(id);
  return s.base ? cut(s, s.base.start, s.base.end, s.base.crop) : asIs(id);
}

/** The clip as a user would film it against a reference of `seconds`: trimmed to about that length. */
function trimmedTo(id: string, seconds: number): Clip {
  const s = source(id);
  const start = s.base?.start ?? 0;
  const end = s.base?.end ?? s.duration;
  if (end - start <= seconds + 0.5) return whole(id);
  return cut(s, start, start + ONE_DECIMAL(seconds), s.base?.crop);
}

function splitOf(...ids: string[]): Split {
  const splits = new Set(ids.map((id) => source(id).split));
  const [only] = splits;
  if (splits.size !== 1 || !only) throw new Error(`pair mixes the fit and test halves: ${ids.join(", ")}`);
  return only;
}

function make(group: Group, split: Split, ref: Clip, user: Clip, expect: Expectation, truth: Truth, note?: string) {
  return { id: `${group}: ${ref.name} → ${user.name}`, group, split, ref, user, expect, truth, note } satisfies Case;
}

function buildCases(): Case[] {
  const cases: Case[] = [];
  const add = (c: Case) => cases.push(c);

  for (const split of SPLITS) {
    // Same performance: the clip against copies of itself.
    for (const id of SAME_PERFORMANCE[split]) {
      const s = source(id);
      const copies = [
        reencode(s),
        lowQuality(s),
        halfSize(s),
        reframe(s),
        letterbox(s),
        pillarbox(s),
        res360(s),
        fps24(s),
        mirrored(s),
        reposted(s),
      ];
      for (const user of copies)
        add(make("same_performance", split, asIs(id), user, { overall: { min: 95 } }, { same: true }));
      add(
        make(
          "same_performance",
          split,
          asIs(id),
          shifted(s, 1),
          { overall: { min: 95 } },
          { same: true, timing: { kind: "constant", ms: 0 } },
          "1.0 s frozen lead-in: an offset, so every move's timing is 0 ms",
        ),
      );
    }

    // Every other real clip of the split against a mirrored copy of itself, exercises too (a
    // push-up filmed from aside had been told to turn its body on 17 Perfect moves).
    for (const s of SOURCES.filter((x) => x.split === split && !SAME_PERFORMANCE[split].includes(x.id)))
      add(make("same_performance", split, asIs(s.id), mirrored(s), { overall: { min: 95 } }, { same: true }));

    // Tempo: the same dance slower or faster.
    for (const id of TEMPO[split]) {
      for (const speed of SPEEDS) {
        add(
          make(
            "tempo",
            split,
            asIs(id),
            tempo(source(id), speed),
            { shape: { min: 90 }, timing: { max: 60 }, overall: { max: 85 }, feedback: /slower|faster/i },
            { tempo_ratio: Math.round((1 / speed) * 10000) / 10000 },
          ),
        );
      }
    }

    // Ladder: 0–4 defects.
    for (const l of LADDERS.filter((x) => source(x.source).split === split)) {
      const s = source(l.source);
      for (let level = 0; level <= 4; level++) {
        const defects = l.defects.slice(0, level);
        const user = level === 0 ? reencode(s) : withDefects(s, `ladder${level}`, defects);
        add(
          make(
            "ladder",
            split,
            asIs(l.source),
            user,
            {},
            { ladder: { source: l.source, level }, defects: defects.map(defectSpan) },
          ),
        );
      }
    }

    // Timing: late by D from t1.
    for (const t of TIMING.filter((x) => source(x.source).split === split)) {
      const s = source(t.source);
      for (const [t1, delay] of t.steps) {
        const user = withDefects(s, `step${Math.round(delay * 1000)}ms@${t1}`, [{ kind: "step", at: t1, delay }], "30");
        add(make("timing", split, asIs(t.source), user, {}, { timing: { kind: "step", t1_s: t1, delay_s: delay } }));
      }
    }

    // Part of a long routine: the half's clips one after another (about 2 minutes), and stretches
    // of it that start 1:10 in and later, beyond where the alignment's open start reaches (30 s).
    const routine = LONG_ROUTINE[split].map(source);
    for (const part of LONG_ROUTINE_PARTS)
      add(
        make(
          "part",
          split,
          longRoutine(routine),
          longRoutine(routine, part),
          { overall: { min: 95 }, feedback: /You danced \d:\d\d–\d:\d\d of the \d:\d\d routine/ },
          { same: true },
        ),
      );

    // Different routines: every ordered pair of different dances, the user trimmed to the reference's length.
    for (const a of DANCES[split]) {
      for (const b of DANCES[split]) {
        if (a === b) continue;
        const ref = whole(a);
        add(
          make(
            "different_routine",
            splitOf(a, b),
            ref,
            trimmedTo(b, ref.duration),
            { overall: { max: 50 } },
            { same: false },
          ),
        );
      }
    }

    // Not a dance: exercises against dances and dances against exercises.
    for (const e of EXERCISES[split]) {
      for (const d of DANCES[split]) {
        for (const [a, b] of [
          [e, d],
          [d, e],
        ] as const) {
          const ref = whole(a);
          add(
            make(
              "non_dance",
              splitOf(a, b),
              ref,
              trimmedTo(b, ref.duration),
              { overall: { max: 35 } },
              { same: false },
            ),
          );
        }
      }
    }
  }

  // Same man, gym and camera, another exercise: a hard "different" pair (both directions).
  for (const [a, b] of [
    ["squat_barbell_rear", "deadlift_barbell_rear"],
    ["deadlift_barbell_rear", "squat_barbell_rear"],
  ] as const) {
    add(
      make(
        "non_dance",
        splitOf(a, b),
        whole(a),
        trimmedTo(b, whole(a).duration),
        { overall: { max: 35 } },
        { same: false },
        "same man, gym and camera; another exercise",
      ),
    );
  }

  // Same routine, another person, camera or repetition.
  const sameRoutine = (ref: Clip, user: Clip, split: Split, note: string) =>
    add(make("same_routine", split, ref, user, { overall: { min: 80 } }, { same: true }, note));
  const fbPairs: Array<[number, number, Split]> = [
    [0, 1, "fit"],
    [0, 2, "fit"],
    [1, 2, "fit"],
    [0, 3, "test"],
    [1, 3, "test"],
    [2, 3, "test"],
  ];
  for (const [a, b, split] of fbPairs) {
    for (const [r, u] of [
      [a, b],
      [b, a],
    ]) {
      sameRoutine(
        asIs(`sample_fb_${r}`),
        asIs(`sample_fb_${u}`),
        split,
        "one generated motion in another body (a look-alike, not another dancer; split by pair)",
      );
    }
  }
  // Beyond what a 2D, one-person engine promises (the shape judgment is robust to distance,
  // framing, orientation, resolution and mirroring, not to the camera's angle; the tracker follows
  // one person): measured and printed, with no target, and kept out of the AUC.
  const otherView = (ref: Clip, user: Clip, split: Split, note: string) =>
    add(make("other_view", split, ref, user, {}, {}, note));
  otherView(
    asIs("p2s_balance_cam01"),
    asIs("p2s_balance_cam02"),
    splitOf("p2s_balance_cam01", "p2s_balance_cam02"),
    "same take, another camera (front-right)",
  );
  otherView(
    asIs("p2s_balance_cam02"),
    asIs("p2s_balance_cam01"),
    splitOf("p2s_balance_cam01", "p2s_balance_cam02"),
    "same take, another camera (front)",
  );
  otherView(
    asIs("p2s_balance_cam01"),
    asIs("p2s_balance_cam01_two_people"),
    splitOf("p2s_balance_cam01", "p2s_balance_cam01_two_people"),
    "same frames plus a second person in front",
  );
  for (const r of REPS) {
    const s = source(r.source);
    for (const [[a0, a1], [b0, b1]] of r.pairs) {
      sameRoutine(cut(s, a0, a1, s.base?.crop), cut(s, b0, b1, s.base?.crop), s.split, r.note);
    }
  }
  // Same exercise, another person, view and equipment: two squats each.
  const rear = asIs("squat_barbell_rear");
  const front = cut(source("pose_squats"), 0, 9.2);
  const split = splitOf("squat_barbell_rear", "pose_squats");
  otherView(rear, front, split, "barbell squat (rear) vs band squat (front), two reps each");
  otherView(front, rear, split, "band squat (front) vs barbell squat (rear), two reps each");

  return cases;
}

// ---------------------------------------------------------------------------------------------
// Real people: measured tracks (../shared/fixtures/tracks, tracks/recipes.ts), no video.
//
// UI-PRMD is split by person AND by movement: a fit case uses only fit subjects doing fit
// movements, a test case only test subjects doing test movements. The movements are shared out so
// each half has leg and arm work, and so that movements a front camera can hardly tell apart
// (abduction vs scaption, squat vs sit-to-stand, hurdle step vs straight-leg raise) are never in
// the same half, where they would make "different movement" pairs no 2-D view can separate.
// AIST++: the two break dancers of one choreography, and the 3-D slices and freestyle takes of
// other choreographies, are split by dancer.

const PRMD: Record<Split, { movements: number[]; subjects: number[] }> = {
  fit: { movements: [1, 3, 6, 7, 9], subjects: [1, 2, 3, 4, 5] },
  test: { movements: [2, 4, 5, 8, 10], subjects: [6, 7, 8, 9, 10] },
};
/** The reference person's take and the other person's (another three repetitions). */
const REF_REPS = [1, 2, 3];
const USER_REPS = [4, 5, 6];
/** Where each person's phone stood (degrees from straight in front), by subject: nobody films exactly square. */
const PHONE_YAW = [0, -12, 8, 0, 15, -6, 10, -15, 5, 0, -10];

const AIST3D: Record<Split, string[]> = {
  fit: ["gKR_sBM_cAll_d30_mKR2_ch02_slice6", "gLH_sBM_cAll_d18_mLH4_ch02_slice1"],
  test: ["gBR_sBM_cAll_d04_mBR0_ch02_slice0", "gBR_sBM_cAll_d05_mBR0_ch02_slice3", "gJS_sBM_cAll_d01_mJS3_ch02_slice7"],
};
/** The two break dancers of one choreography (test). */
const BREAK_PAIR = ["gBR_sBM_cAll_d04_mBR0_ch02_slice0", "gBR_sBM_cAll_d05_mBR0_ch02_slice3"];
const COCO2D: Record<Split, string[]> = {
  fit: ["gHO_sFM_cAll_d19_mHO0_ch01", "gHO_sFM_cAll_d19_mHO1_ch02", "gHO_sFM_cAll_d19_mHO2_ch03"],
  test: [
    "gKR_sFM_cAll_d28_mKR0_ch01",
    "gKR_sFM_cAll_d28_mKR1_ch02",
    "gKR_sFM_cAll_d28_mKR2_ch03",
    "gMH_sFM_cAll_d22_mMH0_ch01",
    "gMH_sFM_cAll_d22_mMH1_ch02",
    "gMH_sFM_cAll_d22_mMH1_ch07",
  ],
};

function measured(track: TrackRecipe): Clip {
  return { name: trackName(track), duration: Number.NaN, track };
}
const prmd = (movement: number, subject: number, reps: number[], correct = true, yaw = 0) =>
  measured({ kind: "ui-prmd", movement, subject, reps, correct, yaw });
const aist3d = (name: string, yaw = 0) => measured({ kind: "aist3d", name, yaw });

function measuredCases(): Case[] {
  const out: Case[] = [];
  for (const split of SPLITS) {
    const { movements, subjects } = PRMD[split];
    for (const m of movements)
      for (const a of subjects)
        for (const b of subjects) {
          if (a === b) continue;
          const ref = prmd(m, a, REF_REPS);
          const yaw = PHONE_YAW[b] ?? 0;
          out.push(
            make(
              "people_same",
              split,
              ref,
              prmd(m, b, USER_REPS, true, yaw),
              {},
              { same: true },
              "same movement, another person (UI-PRMD, correct)",
            ),
          );
          out.push(
            make(
              "people_incorrect",
              split,
              ref,
              prmd(m, b, USER_REPS, false, yaw),
              {},
              { same: true, incorrect: true },
              "same movement done incorrectly by another person (UI-PRMD)",
            ),
          );
        }
    // Different movements: every ordered pair, by two pairs of people each.
    for (const [i, ma] of movements.entries())
      for (const [j, mb] of movements.entries()) {
        if (ma === mb) continue;
        for (const k of [0, 2]) {
          const a = subjects[(i + j + k) % subjects.length] as number;
          const b = subjects[(i + j + k + 1) % subjects.length] as number;
          out.push(
            make(
              "people_different",
              split,
              prmd(ma, a, REF_REPS),
              prmd(mb, b, USER_REPS, true, PHONE_YAW[b] ?? 0),
              { overall: { max: 35 } },
              { same: false },
              "another movement (UI-PRMD)",
            ),
          );
        }
      }
    // The same 3-D take filmed from beside the reference's camera (±30° must still be the same
    // routine; ±60° is printed), and by a phone that follows the dancer (her hips stay put across the
    // picture, every limb moves as before: the same routine).
    const angleSources = [
      ...AIST3D[split].map((n) => aist3d(n)),
      ...movements.slice(0, 2).map((m) => prmd(m, subjects[0] as number, REF_REPS)),
    ];
    const views = [
      ...[-60, -30, 30, 60].map((yaw) => ({
        yaw,
        follow: false,
        judged: Math.abs(yaw) === 30,
        note: `the same take filmed ${Math.abs(yaw)}° to the dancer's ${yaw > 0 ? "left" : "right"}`,
      })),
      { yaw: 0, follow: true, judged: true, note: "the same take filmed by a phone that follows the dancer" },
    ];
    for (const ref of angleSources)
      for (const { yaw, follow, judged, note } of views) {
        const track = ref.track as TrackRecipe;
        if (track.kind === "coco2d") continue;
        out.push(
          make(
            "camera_angle",
            split,
            ref,
            measured({ ...track, yaw, follow }),
            judged ? { overall: { min: 85 } } : {},
            judged ? { same: true } : {},
            note,
          ),
        );
      }
    // Different choreographies: 3-D slices and freestyle takes of one half, every ordered pair that is not the break pair.
    const isBreakPair = (a: string, b: string) => BREAK_PAIR.includes(a) && BREAK_PAIR.includes(b);
    for (const a of AIST3D[split])
      for (const b of AIST3D[split]) {
        if (a === b || isBreakPair(a, b)) continue;
        out.push(
          make(
            "dancers_different",
            split,
            aist3d(a),
            aist3d(b, 12),
            { overall: { max: 35 } },
            { same: false },
            "another choreography (AIST++)",
          ),
        );
      }
    for (const a of COCO2D[split])
      for (const b of COCO2D[split]) {
        if (a === b) continue;
        // Two takes on one song carry it, as their videos would: it lines them up (song.ts).
        const song = musicOf(a) === musicOf(b);
        out.push(
          make(
            "dancers_different",
            split,
            measured({ kind: "coco2d", name: a, song }),
            measured({ kind: "coco2d", name: b, song }),
            { overall: { max: 35 } },
            { same: false },
            song
              ? "another choreography to the same song, which both takes carry (AIST++)"
              : "another choreography (AIST++)",
          ),
        );
      }
  }
  // The two break dancers of one choreography (different 5-s windows of it), both ways; and the same
  // with their music, and in shorter windows, with and without it (breakPairWindows).
  for (const [a, b] of [BREAK_PAIR, [...BREAK_PAIR].reverse()] as Array<[string, string]>)
    out.push(
      make(
        "dancers_same",
        "test",
        aist3d(a),
        aist3d(b, 12),
        { overall: { min: 80 } },
        { same: true },
        "one break choreography, two dancers (AIST++)",
      ),
      make(
        "dancers_same",
        "test",
        aist3d(a),
        measured({ kind: "aist3d", name: b, yaw: 12, follow: true }),
        { overall: { min: 80 } },
        { same: true },
        "one break choreography, two dancers, the second filmed by a phone that follows her (AIST++)",
      ),
    );
  out.push(...breakPairWindows());
  return out;
}

/**
 * The break pair in more of the ways real takes of one routine come: with their music, and cut
 * shorter (3.5 s) at several places, both ways round. The routine repeats every 4 beats of its
 * music (mBR0, 80 BPM: 3 s), its mirror image 2 beats on, and the second slice starts 7.5 s after
 * the first: her move at t + 1.5 s of her slice is the first dancer's at t, 0.15 s later (measured:
 * the plain shapes agree best 1.65 s on). So the first slice carries the song from 1.5 s in and the
 * second from its start — one music segment on the same beats of the routine, as if both were cut
 * from one song; windows cut at different places also carry their own stretch of it (a take that
 * starts later in the song). Without music, the windows are matched on movement alone.
 */
function breakPairWindows(): Case[] {
  const [first, second] = BREAK_PAIR as [string, string];
  const windows: Array<readonly [number, number]> = [
    [0, 3.5],
    [0.75, 4.25],
    [1.5, 5],
  ];
  /** Where each slice's start falls in the one music segment both carry (see above). */
  const songAt = (name: string) => (name === first ? 1.5 : 0);
  const take = (name: string, window: readonly [number, number] | undefined, song: boolean, yaw: number) =>
    measured({ kind: "aist3d", name, yaw, window, song: song ? songAt(name) + (window?.[0] ?? 0) : undefined });
  const out: Case[] = [];
  for (const song of [false, true]) {
    const how = song ? ", each with its music" : "";
    if (song)
      for (const [a, b] of [
        [first, second],
        [second, first],
      ] as const)
        out.push(
          make(
            "dancers_same",
            "test",
            take(a, undefined, true, 0),
            take(b, undefined, true, 12),
            { scored: true },
            { same: true },
            "one break choreography, two dancers, one music segment (AIST++)",
          ),
        );
    for (const wa of windows)
      for (const wb of windows)
        for (const [a, b, ra, rb] of [
          [first, second, wa, wb],
          [second, first, wb, wa],
        ] as const)
          out.push(
            make(
              "dancers_same",
              "test",
              take(a, ra, song, 0),
              take(b, rb, song, 12),
              { scored: true },
              { same: true },
              `one break choreography, two dancers, 3.5-s windows${how} (AIST++)`,
            ),
          );
  }
  return out;
}

export const CASES: readonly Case[] = [...buildCases(), ...measuredCases()];

function src(
  id: string,
  file: string,
  kind: Source["kind"],
  split: Split,
  width: number,
  height: number,
  fps: string,
  duration: number,
  box?: Box,
  base?: Source["base"],
): Source {
  return { id, file, kind, split, width, height, fps, duration, box, base };
}
