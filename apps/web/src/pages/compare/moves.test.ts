import { type ComparisonResults, type MoveResult, VERDICTS } from "@stepsync/contracts";
import { overallFeedback } from "../../test/comparison-fixtures";
import { describe, expect, it } from "vitest";
import { dancedText, moveAt, moveButtonLabel, notDancedSpans, resultView, sectionMoves, sectionOfMove } from "./moves";
import { moveName, timingDirection, timingText, VERDICT_LOOK, verdictSummary } from "../../lib/verdicts";
import { makeMove } from "../../test/comparison-fixtures";

const move = (index: number, over: Partial<MoveResult> = {}) =>
  makeMove(index, { count_label: `move ${index + 1}`, ...over });

const oldResults: ComparisonResults = {
  sections: [{ title: "Part 1", score: 80, overall_feedback: "", timestamp: 0, duration: 4, joint_feedback: {} }],
  categories: {},
  ...overallFeedback("Good."),
  jointSpecificFeedback: {},
  problematicJoints: [],
  scores: null,
  same_routine: null,
  moves: null,
  counts: null,
};

describe("move timing", () => {
  it("says late or early in ms, seconds from a second on, and on time under 40 ms", () => {
    expect(timingText(120)).toBe("120 ms late");
    expect(timingText(-80)).toBe("80 ms early");
    expect(timingText(293.4)).toBe("293 ms late");
    expect(timingText(1240)).toBe("1.2 s late");
    expect(timingText(39)).toBe("on time");
    expect(timingText(-39)).toBe("on time");
    expect(timingText(0)).toBe("on time");
    expect(timingText(40)).toBe("40 ms late");
  });
  it("says nothing when the timing is unknown", () => {
    expect(timingText(null)).toBeNull();
    expect(timingText(undefined)).toBeNull();
  });
});

describe("which way a move was off", () => {
  it("is late for +, early for −, nothing on time (under 40 ms) or unknown", () => {
    expect(timingDirection(120)).toBe("late");
    expect(timingDirection(-80)).toBe("early");
    expect(timingDirection(39)).toBeNull();
    expect(timingDirection(-39)).toBeNull();
    expect(timingDirection(null)).toBeNull();
  });
});

describe("a move's name and the move playing", () => {
  it("names counts as a dancer says them, and the engine's own name without counts", () => {
    expect(moveName({ count_label: "5–6" })).toBe("counts 5–6");
    expect(moveName({ count_label: "7" })).toBe("count 7");
    expect(moveName({ count_label: "move 3" })).toBe("move 3");
  });

  it("finds the move at a time, including a hair before its start (where a jump pauses)", () => {
    const moves = [move(0), move(1), move(3)];
    expect(moveAt(moves, 0)?.index).toBe(0);
    expect(moveAt(moves, 2.5)?.index).toBe(1);
    expect(moveAt(moves, 1.98)?.index).toBe(1);
    expect(moveAt(moves, 5)).toBeUndefined();
    expect(moveAt(moves, 7.97)).toBeUndefined();
  });
});

describe("verdicts", () => {
  it("each have their own word and their own colours", () => {
    expect(VERDICTS.map((v) => VERDICT_LOOK[v].label)).toEqual(["Perfect", "Great", "Good", "OK", "Miss"]);
    expect(new Set(VERDICTS.map((v) => VERDICT_LOOK[v].chip)).size).toBe(VERDICTS.length);
    expect(new Set(VERDICTS.map((v) => VERDICT_LOOK[v].block)).size).toBe(VERDICTS.length);
  });

  it("are summed up best first, leaving out verdicts nobody got", () => {
    const verdicts = ["good", "perfect", "miss", "perfect", "great", "perfect", "great"] as const;
    expect(verdictSummary(verdicts.map((verdict) => ({ verdict })))).toBe(
      "7 moves: 3 Perfect · 2 Great · 1 Good · 1 Miss",
    );
    expect(verdictSummary([{ verdict: "ok" }])).toBe("1 move: 1 OK");
    expect(verdictSummary([])).toBeNull();
  });

  it("count a move the dancer was hidden in as not seen, never as a miss", () => {
    expect(
      verdictSummary([{ verdict: "great" }, { verdict: "miss", hidden: true }, { verdict: "great", hidden: true }]),
    ).toBe("3 moves: 1 Great · 2 Not seen");
  });
});

describe("a move button", () => {
  it("names the move, where it plays from (as the player shows the time: whole seconds) and how it went", () => {
    expect(moveButtonLabel(move(4, { count_label: "1–2", start_s: 6.6, verdict: "good", timing_ms: 293 }), true)).toBe(
      "Play 1–2 from 0:06: Good, 293 ms late",
    );
    expect(moveButtonLabel(move(0, { timing_ms: null, verdict: "perfect" }), true)).toBe(
      "Play move 1 from 0:00: Perfect",
    );
    // Without coaching (a different routine) the timing is left out.
    expect(moveButtonLabel(move(1, { verdict: "miss", timing_ms: 500 }), false)).toBe("Play move 2 from 0:02: Miss");
    // Hidden behind another dancer: not seen, whatever verdict it carries.
    expect(moveButtonLabel(move(1, { verdict: "miss", timing_ms: null, hidden: true }), true)).toBe(
      "Play move 2 from 0:02: Not seen — hidden behind another dancer",
    );
  });
});

describe("moves per section", () => {
  const moves = [move(0), move(1), move(2), move(3)];
  const sections = [{ moves: [0, 1] }, { moves: [2, 3] }];
  it("lists a section's moves in its order, skipping indexes that are not there", () => {
    expect(sectionMoves({ moves: [2, 3] }, moves).map((m) => m.index)).toEqual([2, 3]);
    expect(sectionMoves({ moves: [3, 9] }, moves).map((m) => m.index)).toEqual([3]);
  });
  it("has none for a section of the previous engine", () => {
    expect(sectionMoves({}, moves)).toEqual([]);
  });
  it("finds the section a move belongs to", () => {
    expect(sectionOfMove(sections, 3)).toBe(1);
    expect(sectionOfMove(sections, 0)).toBe(0);
    expect(sectionOfMove(sections, 7)).toBe(-1);
    expect(sectionOfMove([{}], 0)).toBe(-1);
  });
});

describe("what the result view shows", () => {
  it("for a result of the previous engine: no judgments, moves or summary, as before", () => {
    const asBefore = {
      sameRoutine: true,
      sameness: null,
      creditReturned: false,
      dancerCall: false,
      judgments: null,
      moves: [],
      summary: null,
      danced: null,
      ownPace: false,
    };
    expect(resultView({ results: oldResults, counted: "yes" })).toEqual(asBefore);
    expect(resultView({ results: null })).toEqual(asBefore);
    // Stored before the engine named its clock: no note on the pace.
    expect(resultView({ results: oldResults, alignment_info: { clock: null } }).ownPace).toBe(false);
  });

  it("for the same routine: both judgments, the moves and their summary", () => {
    const view = resultView({
      results: {
        ...oldResults,
        scores: { shape: 98.4, timing: 63.6 },
        same_routine: true,
        moves: [move(0, { verdict: "perfect" }), move(1)],
      },
      counted: "yes",
    });
    expect(view).toMatchObject({ sameRoutine: true, judgments: { shape: 98.4, timing: 63.6 } });
    expect(view.summary).toBe("2 moves: 1 Perfect · 1 Good");
  });

  it("for a result an older engine made no claims on: says so, timing judgment unknown", () => {
    const view = resultView({
      results: {
        ...oldResults,
        scores: { shape: 52.7, timing: null },
        same_routine: false,
        moves: [move(0, { verdict: "miss", timing_ms: null })],
      },
      // Stored before the refusal: the server counted it, no refund was made and none is claimed.
      counted: "yes",
    });
    expect(view).toMatchObject({ sameRoutine: false, judgments: { shape: 52.7, timing: null } });
    expect(view.creditReturned).toBe(false);
  });

  it("takes the refusal from the server, not from the engine's figures", () => {
    const decided = (decision: "same" | "unsure" | "not_same", counted: "yes" | "other_routine") =>
      resultView({
        results: {
          ...oldResults,
          scores: { shape: 70, timing: decision === "not_same" ? null : 80 },
          same_routine: decision !== "not_same",
          sameness: { decision, confidence: 0.5, music: false },
          moves: [move(0)],
        },
        counted,
      });
    expect(decided("not_same", "other_routine")).toMatchObject({
      sameRoutine: false,
      sameness: "not_same",
      creditReturned: true,
    });
    expect(decided("unsure", "yes")).toMatchObject({ sameRoutine: true, sameness: "unsure", creditReturned: false });
    expect(decided("same", "yes")).toMatchObject({ sameRoutine: true, sameness: "same", creditReturned: false });
    // The server refused it (its credit given back): the page says so whatever the figures hold.
    expect(decided("unsure", "other_routine")).toMatchObject({ sameRoutine: false, creditReturned: true });
  });

  it("names the part danced, and the dancer's own pace when the reference has no music", () => {
    const partly = { ...oldResults, same_routine: true, danced: { start_s: 0, end_s: 30.2, duration_s: 37 } };
    expect(resultView({ results: partly, alignment_info: { clock: "free" }, counted: "yes" })).toMatchObject({
      danced: { start_s: 0, end_s: 30.2, duration_s: 37 },
      ownPace: true,
    });
    expect(resultView({ results: partly, alignment_info: { clock: "music" } }).ownPace).toBe(false);
    // Another routine makes no claims: neither a part danced nor a pace.
    expect(resultView({ results: partly, alignment_info: { clock: "free" }, counted: "other_routine" })).toMatchObject({
      danced: null,
      ownPace: false,
    });
  });
});

describe("the part danced", () => {
  const danced = { start_s: 0, end_s: 30.2, duration_s: 37 };

  it("says which part of the routine, in minutes and seconds", () => {
    expect(dancedText(danced)).toBe("Danced 0:00–0:30 of 0:37");
    expect(dancedText({ start_s: 65.4, end_s: 130, duration_s: 185 })).toBe("Danced 1:05–2:10 of 3:05");
    // In a practised part: of that part.
    expect(dancedText({ start_s: 12, end_s: 20, duration_s: 14 }, { start_s: 10, end_s: 24 })).toBe(
      "Danced 0:12–0:20 of the part 0:10–0:24",
    );
  });

  it("leaves out the rest of the routine: before it, after it, or both (not a hair's gap)", () => {
    expect(notDancedSpans(danced)).toEqual([{ start_s: 30.2, end_s: 37, where: "after" }]);
    expect(notDancedSpans({ start_s: 5, end_s: 36.8, duration_s: 37 })).toEqual([
      { start_s: 0, end_s: 5, where: "before" },
    ]);
    expect(notDancedSpans({ start_s: 12, end_s: 20, duration_s: 14 }, { start_s: 10, end_s: 24 })).toEqual([
      { start_s: 10, end_s: 12, where: "before" },
      { start_s: 20, end_s: 24, where: "after" },
    ]);
    expect(notDancedSpans(null)).toEqual([]);
  });
});
