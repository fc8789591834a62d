import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { comparisonDetailResponse, LIMB_NAMES, type Verdict } from "@stepsync/contracts";
import { type ComparisonResult, LIMB_NAMES as ENGINE_LIMB_NAMES } from "@stepsync/motion";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { makeComparison } from "../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const track = {
  keypointNames: ["nose", "left_shoulder"],
  fps: 8,
  width: 720,
  height: 1280,
  frames: [
    [0, 0.64, 0.18, 0.57, 0.66, 0.16, 0.8],
    [0.125, 0.64, 0.19, 0.6, 0.66, 0.17, 0.8],
  ],
};

/** A result as the current engine stores it (trimmed from a real run: same routine, another dancer). */
const current: ComparisonResult = {
  overall_score: 75.7,
  scores: { shape: 69.3, timing: 99.6 },
  same_routine: true,
  sameness: { decision: "same", confidence: 0.97, music: true },
  danced: null,
  moves: [
    {
      index: 0,
      start_s: 0,
      end_s: 0.875,
      user_start_s: 0.022,
      count_label: "1–2",
      verdict: "perfect",
      timing_ms: 15,
      shape: 97.5,
      focus: null,
      cue: null,
    },
    {
      index: 1,
      start_s: 0.875,
      end_s: 2.75,
      user_start_s: 0.867,
      count_label: "3–4",
      verdict: "good",
      timing_ms: -15,
      shape: 56.2,
      focus: "torso",
      cue: "Turn your body to face the way the reference does, about 60°.",
    },
  ],
  counts: { source: "music", bpm: 120, downbeats: [0] },
  style: "hip_hop",
  categories: { rhythm: 87.1, energy: 57.2, isolation: 80.1, attitude: 73.9 },
  sections: [
    {
      title: "8-count 1 · turn, knees bend",
      label: "8-count 1",
      description: "turn, knees bend",
      score: 75.8,
      overall_feedback: "Good (76/100). Turn your body to face the way the reference does, about 60°.",
      timestamp: 0,
      duration: 2.75,
      joint_feedback: {
        torso: { diff: 31, feedback: "Turn your body to face the way the reference does, about 60°." },
      },
      categories: { rhythm: 87.1, energy: 57.2, isolation: 80.1, attitude: 73.9 },
      user_timestamp: 0.022,
      moves: [0, 1],
    },
  ],
  overallFeedback: "Good: overall 76/100 — shape 69, timing 100. Moves: 1 Perfect, 1 Good.",
  overview: { headline: "Good: overall 76/100 — shape 69, timing 100.", details: "Moves: 1 Perfect, 1 Good." },
  jointSpecificFeedback: { torso: "Turn your body to face the way the reference does, about 60°." },
  problematicJoints: ["torso"],
  alignment: {
    mirrored: false,
    tempo_ratio: 1,
    offset_s: 0.007,
    sync_quality: 0.996,
    segment_duration: 2.75,
    time_map: [
      [0.022, 0],
      [2.742, 2.75],
    ],
    coverage: 1,
    confidence: 0.925,
    clock: "music",
  },
  joint_differences: { torso: 31 },
  timeline: [[0, 99.9]],
  limb_scores: {
    limbs: ["left_forearm", "right_forearm"],
    times: [0.125, 0.25],
    scores: [
      [92, 41],
      [null, 58],
    ],
  },
  tracks: { reference: track, user: track },
  model: "movenet-lightning",
  engine_version: "2.1.0",
};

/** A result of the previous engine: no judgments, moves, counts, section moves or alignment confidence. */
function previousEngine() {
  const {
    scores,
    same_routine,
    sameness,
    danced,
    moves,
    counts,
    alignment,
    sections,
    limb_scores,
    tracks,
    overview,
    ...rest
  } = current;
  const oldTrack = { keypointNames: track.keypointNames, fps: track.fps, frames: track.frames };
  const { confidence, clock, ...oldAlignment } = alignment;
  return {
    ...rest,
    sections: sections.map(({ moves, ...s }) => ({ ...s, title: "0:00–0:03 · Turn", overall_feedback: "Good." })),
    jointSpecificFeedback: { torso: "Torso: keep it about 30° more upright." },
    alignment: oldAlignment,
    tracks: { reference: oldTrack, user: oldTrack },
    engine_version: "1.0.0",
  };
}

async function storedComparison(result: unknown, status: "completed" | "processing" = "completed") {
  const { token, user } = await t.signUp();
  const row =
    status === "completed"
      ? await makeComparison(t.database.db, { userId: user.id, activityType: "hip_hop", score: 75.7, result })
      : await makeComparison(t.database.db, { userId: user.id, activityType: "hip_hop", progress: 40 });
  const res = await t.call("GET", `/api/comparisons/${row.id}`, { token });
  expect(res.statusCode).toBe(200);
  // The answer is exactly what the contract describes (the web app is typed by it).
  return comparisonDetailResponse.parse(res.json()).comparison;
}

describe("GET /api/comparisons/:id serves the stored result", () => {
  it("in the contract's words: the engine and the contracts know the same verdicts (checked by tsc)", () => {
    expectTypeOf<ComparisonResult["moves"][number]["verdict"]>().toEqualTypeOf<Verdict>();
  });

  it("in the contract's words: the engine scores exactly the limbs the contract names (the overlay draws them)", () => {
    expect([...ENGINE_LIMB_NAMES]).toEqual([...LIMB_NAMES]);
  });

  it("with the current engine's judgments, moves, counts, section moves and alignment confidence", async () => {
    const detail = await storedComparison(current);
    expect(detail.results).toEqual({
      sections: current.sections,
      categories: current.categories,
      overallFeedback: current.overallFeedback,
      overview: current.overview,
      jointSpecificFeedback: current.jointSpecificFeedback,
      problematicJoints: ["torso"],
      scores: { shape: 69.3, timing: 99.6 },
      same_routine: true,
      moves: current.moves,
      counts: { source: "music", bpm: 120, downbeats: [0] },
      limb_scores: current.limb_scores,
      sameness: { decision: "same", confidence: 0.97, music: true },
      danced: null,
      same_performance: null,
      pose_source: null,
    });
    expect(detail.results?.sections[0]?.moves).toEqual([0, 1]);
    expect(detail.alignment_info).toEqual(current.alignment);
    expect(detail.tracks).toEqual(current.tracks);
    expect(detail.aligned_videos).toMatchObject({ sync_quality: 0.996, segment_duration: 2.75 });
  });

  it("of a different routine: no timing judgment, moves without timing", async () => {
    const different: ComparisonResult = {
      ...current,
      overall_score: 26.8,
      scores: { shape: 52.7, timing: null },
      same_routine: false,
      sameness: { decision: "not_same", confidence: 0.08, music: false },
      moves: current.moves.map((m) => ({ ...m, verdict: "miss", timing_ms: null, focus: null, cue: null })),
      jointSpecificFeedback: {},
      problematicJoints: [],
      limb_scores: null,
    };
    const { overview, ...earlier } = different;
    const previous = await storedComparison({
      ...earlier,
      overallFeedback: "This does not look like the same routine. Check the reference.",
    });
    // The banner's heading and its text: an earlier engine's paragraph cut where its heading ends.
    expect(previous.results?.overview).toEqual({
      headline: "This does not look like the same routine.",
      details: "Check the reference.",
    });
    const detail = await storedComparison(different);
    expect(detail.results).toMatchObject({
      same_routine: false,
      sameness: { decision: "not_same", confidence: 0.08, music: false },
      scores: { shape: 52.7, timing: null },
      limb_scores: null,
    });
    expect(detail.results?.moves?.map((m) => [m.verdict, m.timing_ms])).toEqual([
      ["miss", null],
      ["miss", null],
    ]);
  });

  it("of the previous engine, with the new fields null and everything else as before", async () => {
    const old = previousEngine();
    const detail = await storedComparison(old);
    expect(detail.results).toEqual({
      sections: old.sections,
      categories: old.categories,
      overallFeedback: old.overallFeedback,
      // Its paragraph, cut after the first sentence (the headline every engine opened with).
      overview: { headline: "Good: overall 76/100 — shape 69, timing 100.", details: "Moves: 1 Perfect, 1 Good." },
      jointSpecificFeedback: old.jointSpecificFeedback,
      problematicJoints: ["torso"],
      scores: null,
      same_routine: null,
      moves: null,
      counts: null,
      limb_scores: null,
      sameness: null,
      danced: null,
      same_performance: null,
      pose_source: null,
    });
    expect(detail.results?.sections[0]).not.toHaveProperty("moves");
    expect(detail.alignment_info).toEqual({ ...old.alignment, confidence: null, clock: null });
    expect(detail.tracks).toEqual(old.tracks);
  });

  it("of part of the routine danced to a silent reference: the part danced and the clock", async () => {
    const partly: ComparisonResult = {
      ...current,
      sameness: { decision: "unsure", confidence: 0.55, music: false },
      danced: { start_s: 0, end_s: 30, duration_s: 37 },
      alignment: { ...current.alignment, clock: "free" },
    };
    const detail = await storedComparison(partly);
    expect(detail.results).toMatchObject({
      sameness: { decision: "unsure", confidence: 0.55, music: false },
      danced: { start_s: 0, end_s: 30, duration_s: 37 },
    });
    expect(detail.alignment_info?.clock).toBe("free");
  });

  it("of a comparison still processing: no results yet", async () => {
    const detail = await storedComparison(null, "processing");
    expect(detail).toMatchObject({ status: "processing", results: null, alignment_info: null, tracks: null });
  });
});
