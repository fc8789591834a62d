import type {
  ComparisonResults,
  DancerBox,
  Rehearsal,
  RehearsalDancer,
  RehearsalDancerResponse,
  RehearsalMoveSync as RehearsalMove,
} from "@stepsync/contracts";
import { makeComparisonDetail } from "./comparison-fixtures";

/** Boxes every 0.1 s from `from` to `to` seconds around a centre x (0–1 of the frame). */
export function boxesAlong(cx: number, from = 0, to = 8): DancerBox[] {
  const out: DancerBox[] = [];
  for (let t = from; t <= to + 1e-9; t += 0.1) {
    const r = Math.round(t * 10) / 10;
    out.push([r, cx - 0.12, 0.12 + 0.01 * Math.sin(r), cx + 0.12, 0.95]);
  }
  return out;
}

export const dancer = (over: Partial<RehearsalDancer> & { id: number }): RehearsalDancer => ({
  colour: ["#E69F00", "#56B4E9", "#009E73"][over.id - 1] ?? "#F0E442",
  x: 0.25,
  overall_score: 91,
  scores: { shape: 93, timing: 88 },
  decision: "same",
  offset_s: 0.02,
  seen_share: 1,
  member: null,
  comparison_id: null,
  boxes: boxesAlong(0.25),
  ...over,
});

/** Four moves of 2 s; the group falls apart on the third, where dancer 2 is 420 ms late. */
export const moves: RehearsalMove[] = [0, 1, 2, 3].map((index) => ({
  index,
  start_s: index * 2,
  end_s: index * 2 + 1.9,
  count_label: `${index * 2 + 1}–${index * 2 + 2}`,
  spread_ms: index === 2 ? 420 : 60,
  shape_agreement: index === 2 ? 61 : 90,
  sync: index === 2 ? 40 : 92,
  falls_apart: index === 2,
  dancers: [
    { id: 1, ms: index === 2 ? -210 : -20 },
    { id: 2, ms: index === 2 ? 210 : 130 },
  ],
}));

export const completedRehearsal = (over: Partial<Rehearsal> = {}): Rehearsal => ({
  id: 31,
  status: "completed",
  progress: 100,
  group_id: 4,
  dancer_count: 2,
  sync_score: 74,
  credits_charged: 2,
  created_at: "2026-12-06T18:00:00.000Z",
  completed_at: "2026-12-06T18:01:00.000Z",
  thumbnail_url: null,
  error: null,
  video_url: "/api/rehearsals/31/video",
  video: { width: 1280, height: 360, duration: 8 },
  reference: {
    id: 21,
    title: "Our sangeet routine",
    video_url: "/api/reference-videos/21/file",
    thumbnail_url: null,
  },
  can_tag: true,
  members: [
    { user_id: 7, name: "Maya" },
    { user_id: 11, name: "Meera" },
    { user_id: 12, name: "Rohan" },
  ],
  dancers: [
    dancer({ id: 1, x: 0.25 }),
    // Not seen in the last two seconds: walked out of the frame.
    dancer({
      id: 2,
      x: 0.75,
      overall_score: 58,
      scores: { shape: 70, timing: 41 },
      offset_s: 0.41,
      boxes: boxesAlong(0.75, 0, 6),
    }),
  ],
  sync: { sync_score: 74, spread_ms: 140, lateness_against: "teacher", moves },
  analysing_s: null,
  time_left_s: null,
  can_delete: true,
  ...over,
});

export const results = (over: Partial<ComparisonResults> = {}): ComparisonResults => ({
  sections: [],
  categories: { rhythm: 88, expression: 80 },
  overallFeedback: "Well together. Lift the arms on 5–6.",
  overview: { headline: "Well together.", details: "Lift the arms on 5–6." },
  jointSpecificFeedback: { right_elbow: "Raise your right arm higher, about 20°." },
  problematicJoints: ["right_elbow"],
  scores: { shape: 93, timing: 88 },
  same_routine: true,
  moves: moves.map((m) => ({
    index: m.index,
    start_s: m.start_s,
    end_s: m.end_s,
    user_start_s: m.start_s + 0.02,
    count_label: m.count_label,
    verdict: m.index === 2 ? "ok" : "great",
    timing_ms: m.index === 2 ? 180 : 10,
    shape: m.index === 2 ? 72 : 90,
    focus: m.index === 2 ? "right_arm" : null,
    cue: m.index === 2 ? "Lift the right arm to shoulder height." : null,
  })),
  counts: null,
  ...over,
});

export const dancerAnswer = (d: RehearsalDancer, over: Partial<ComparisonResults> = {}): RehearsalDancerResponse => ({
  dancer: d,
  result: makeComparisonDetail({ id: d.comparison_id ?? 0, overall_score: d.overall_score, results: results(over) }),
  reference: { id: 21, title: "Our sangeet routine", video_url: "/api/reference-videos/21/file" },
  video_url: "/api/rehearsals/31/video",
});
