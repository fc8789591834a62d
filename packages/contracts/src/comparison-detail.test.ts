import { describe, expect, it } from "vitest";
import { alignmentInfo, type ComparisonResults, comparisonResults, compactTrack } from "./index.ts";

const base: ComparisonResults = {
  sections: [],
  categories: {},
  overallFeedback: "",
  overview: { headline: "", details: "" },
  jointSpecificFeedback: {},
  problematicJoints: [],
  scores: { shape: 80, timing: 90 },
  same_routine: true,
  moves: [],
  counts: null,
};

describe("results.limb_scores", () => {
  it("carries per-limb scores along the user's video, unknowns as null", () => {
    const limb_scores = {
      limbs: ["left_forearm", "right_forearm"],
      times: [0, 0.143],
      scores: [
        [95, null],
        [42, 77],
      ],
    };
    expect(comparisonResults.parse({ ...base, limb_scores }).limb_scores).toEqual(limb_scores);
  });

  it("is null when the routines differ, and absent in results of earlier engines: both still parse", () => {
    expect(comparisonResults.parse({ ...base, same_routine: false, limb_scores: null }).limb_scores).toBeNull();
    expect(comparisonResults.parse(base).limb_scores).toBeUndefined();
  });

  it("rejects a score that is not a number", () => {
    const bad = { limbs: ["head"], times: [0], scores: [["high"]] };
    expect(comparisonResults.safeParse({ ...base, limb_scores: bad }).success).toBe(false);
  });
});

describe("compactTrack", () => {
  it("keeps the video's size when the engine gave it, and parses tracks without it", () => {
    const track = { keypointNames: ["nose"], fps: 7, frames: [[0, 0.5, 0.2, 0.9]] };
    expect(compactTrack.parse({ ...track, width: 576, height: 1024 })).toMatchObject({ width: 576, height: 1024 });
    expect(compactTrack.parse(track).width).toBeUndefined();
  });
});

describe("results.sameness and results.danced, alignment.clock", () => {
  it("carry the engine's decision, the part danced and the clock", () => {
    const sameness = { decision: "unsure" as const, confidence: 0.61, music: true };
    const danced = { start_s: 0, end_s: 30.2, duration_s: 37 };
    expect(comparisonResults.parse({ ...base, sameness, danced })).toMatchObject({ sameness, danced });
    expect(comparisonResults.safeParse({ ...base, sameness: { ...sameness, decision: "maybe" } }).success).toBe(false);
    const alignment = {
      mirrored: false,
      tempo_ratio: 1,
      offset_s: 0,
      sync_quality: 1,
      segment_duration: 4,
      time_map: [],
      coverage: 1,
      confidence: 0.9,
    };
    expect(alignmentInfo.parse({ ...alignment, clock: "free" }).clock).toBe("free");
    expect(alignmentInfo.safeParse({ ...alignment, clock: "metronome" }).success).toBe(false);
  });

  it("are null or absent in results of earlier engines: both still parse", () => {
    expect(comparisonResults.parse({ ...base, sameness: null, danced: null })).toMatchObject({
      sameness: null,
      danced: null,
    });
    expect(comparisonResults.parse(base).sameness).toBeUndefined();
  });
});

describe("results.moves[].hidden", () => {
  const move = {
    index: 3,
    start_s: 6,
    end_s: 8,
    user_start_s: 6.1,
    count_label: "3–4",
    verdict: "miss" as const,
    timing_ms: null,
    shape: 0,
    focus: null,
    cue: null,
  };

  it("marks a move the dancer was hidden in; moves stored without it still parse, as seen", () => {
    expect(comparisonResults.parse({ ...base, moves: [{ ...move, hidden: true }] }).moves?.[0]?.hidden).toBe(true);
    expect(comparisonResults.parse({ ...base, moves: [move] }).moves?.[0]?.hidden).toBeUndefined();
  });
});
