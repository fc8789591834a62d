import { GROUP_LIMITS, WHOLE_ROUTINE_PART } from "@stepsync/contracts";
import { describe, expect, it } from "vitest";
import {
  countdownText,
  draftFromParts,
  draftProblem,
  moveTime,
  parseEmails,
  partsFromDraft,
  toggleStart,
} from "./group-rules";

describe("the parts editor's draft", () => {
  it("starts as the whole routine and saves as no parts", () => {
    const draft = draftFromParts([]);
    expect(draft).toEqual({ starts: [1], names: [WHOLE_ROUTINE_PART] });
    expect(partsFromDraft(draft, 8)).toEqual([]);
  });

  it("a start at a move splits a part there; pressing it again joins it back", () => {
    let draft = toggleStart(draftFromParts([]), 5);
    draft = { ...draft, names: ["Entry", "Finale"] };
    expect(partsFromDraft(draft, 8)).toEqual([
      { name: "Entry", first_move: 1, last_move: 4 },
      { name: "Finale", first_move: 5, last_move: 8 },
    ]);
    draft = toggleStart(draft, 3);
    expect(draft.names).toEqual(["Entry", "Part 2", "Finale"]);
    expect(partsFromDraft(draft, 8).map((p) => [p.first_move, p.last_move])).toEqual([
      [1, 2],
      [3, 4],
      [5, 8],
    ]);
    expect(toggleStart(draft, 3).names).toEqual(["Entry", "Finale"]);
    // Move 1 always starts the first part.
    expect(toggleStart(draft, 1)).toBe(draft);
  });

  it("reads saved parts back, a gap before the first becoming a part of its own", () => {
    const parts = [
      { name: "Chorus", first_move: 3, last_move: 5 },
      { name: "Finale", first_move: 6, last_move: 9 },
    ];
    expect(draftFromParts(parts)).toEqual({ starts: [1, 3, 6], names: ["Opening", "Chorus", "Finale"] });
    expect(draftFromParts([{ name: "A", first_move: 1, last_move: 2 }])).toEqual({ starts: [1], names: ["A"] });
  });

  it("stops at the most parts a routine may have", () => {
    let draft = draftFromParts([]);
    for (let move = 2; move <= 20; move++) draft = toggleStart(draft, move);
    expect(draft.starts).toHaveLength(GROUP_LIMITS.maxParts);
  });

  it("asks for a different name for each part", () => {
    expect(draftProblem({ starts: [1, 4], names: ["Entry", "entry "] })).toMatch(/different name/);
    expect(draftProblem({ starts: [1, 4], names: ["Entry", " "] })).toMatch(/different name/);
    expect(draftProblem({ starts: [1, 4], names: ["Entry", "Finale"] })).toBeNull();
  });
});

describe("group words", () => {
  it("counts down to the event in days", () => {
    expect([12, 1, 0, -1, -3, null].map(countdownText)).toEqual([
      "12 days to go",
      "Tomorrow",
      "Today",
      "Yesterday",
      "3 days ago",
      null,
    ]);
  });

  it("says where a move starts in tenths of a second, minutes past the first", () => {
    expect([0, 0.96, 12.34, 75].map(moveTime)).toEqual(["0.0 s", "0.9 s", "12.3 s", "1:15"]);
  });

  it("splits typed addresses on commas, semicolons, spaces and lines, each once", () => {
    expect(parseEmails("a@x.com, b@x.com;c@x.com\nd@x.com  a@x.com")).toEqual([
      "a@x.com",
      "b@x.com",
      "c@x.com",
      "d@x.com",
    ]);
  });
});
