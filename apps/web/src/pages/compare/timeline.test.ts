import type { MoveResult } from "@stepsync/contracts";
import { describe, expect, it } from "vitest";
import { timelineBlocks, timelineLength } from "./timeline";
import { makeMove } from "../../test/comparison-fixtures";

const move = (index: number, start: number, end: number, over: Partial<MoveResult> = {}) =>
  makeMove(index, { start_s: start, end_s: end, user_start_s: start, ...over });

describe("the moves' timeline", () => {
  it("places each move by its start and end over the reference's length", () => {
    const blocks = timelineBlocks([move(0, 0, 2), move(1, 2, 5), move(2, 5, 10)], 20, true);
    expect(blocks.map((b) => [b.leftPct, b.widthPct])).toEqual([
      [0, 10],
      [10, 15],
      [25, 25],
    ]);
    expect(blocks.map((b) => b.move.index)).toEqual([0, 1, 2]);
  });

  it("marks late and early moves, not those on time, and none when timing is not shown", () => {
    const moves = [
      move(0, 0, 2, { timing_ms: 250 }),
      move(1, 2, 4, { timing_ms: -90 }),
      move(2, 4, 6, { timing_ms: 10 }),
    ];
    expect(timelineBlocks(moves, 6, true).map((b) => b.timing)).toEqual(["late", "early", null]);
    expect(timelineBlocks(moves, 6, false).map((b) => b.timing)).toEqual([null, null, null]);
  });

  it("keeps blocks inside the bar and a very short move visible", () => {
    const [past, tiny] = timelineBlocks([move(0, 8, 12), move(1, 3, 3.01)], 10, true);
    expect(past?.leftPct).toBe(80);
    expect(past?.widthPct).toBe(20);
    expect(tiny?.widthPct).toBeGreaterThanOrEqual(0.6);
  });

  it("is as long as the video once known, else as the moves; empty without a length", () => {
    expect(timelineLength(19.1, [move(0, 0, 2)])).toBe(19.1);
    expect(timelineLength(0, [move(0, 0, 2), move(1, 2, 6.5)])).toBe(6.5);
    expect(timelineBlocks([move(0, 0, 2)], 0, true)).toEqual([]);
  });
});
