import { DRILL, type Verdict } from "@stepsync/contracts";
import { describe, expect, it } from "vitest";
import {
  afterPass,
  DRILL_START,
  type DrillState,
  type DrillStep,
  drillRecord,
  moveOffset,
  passPlan,
  streakText,
} from "./drill-plan";

/** The drill after these passes, with the step each one made. */
function dance(verdicts: Array<Verdict | null>, from: DrillState = DRILL_START) {
  let state = from;
  const steps: DrillStep[] = [];
  for (const v of verdicts) {
    const next = afterPass(state, v);
    state = next.state;
    steps.push(next.step);
  }
  return { state, steps };
}

const move = { start_s: 3.2, end_s: 4.1, count_label: "3–4" };

describe("drilling a move: streak and speed", () => {
  it("starts at half speed and goes to full speed after three Great-or-better passes in a row", () => {
    const { state, steps } = dance(["great", "perfect", "great"]);
    expect(steps).toEqual(["again", "again", "faster"]);
    expect(state).toMatchObject({ speed: 1, streak: 0, mastered: false });
    expect(state.bestStreak).toEqual({ 0.5: 3, 1: 0 });
  });

  it("a Good, an OK, a Miss or a pass nobody was seen dancing breaks the streak", () => {
    for (const breaker of ["good", "ok", "miss", null] as const) {
      const { state, steps } = dance(["great", "great", breaker, "great"]);
      expect(steps, String(breaker)).toEqual(["again", "again", "again", "again"]);
      expect(state.speed).toBe(0.5);
      expect(state.streak).toBe(1);
      expect(state.bestStreak[0.5]).toBe(2);
    }
  });

  it("is mastered after three in a row at full speed, and takes no more passes then", () => {
    const half = dance(["good", "great", "great", "great"]);
    const { state, steps } = dance(["great", "miss", "great", "great", "perfect"], half.state);
    expect(steps).toEqual(["again", "again", "again", "again", "mastered"]);
    expect(state.mastered).toBe(true);
    expect(state.bestStreak).toEqual({ 0.5: 3, 1: 3 });
    expect(state.passes.map((p) => p.speed)).toEqual([0.5, 0.5, 0.5, 0.5, 1, 1, 1, 1, 1]);
    expect(afterPass(state, "miss")).toEqual({ state, step: "mastered" });
  });

  it("says the streak as the dancer counts it", () => {
    expect(streakText(2)).toBe(`2 of ${DRILL.streak} Great in a row`);
  });
});

describe("what is kept of a drill", () => {
  it("the passes and best streaks at each speed, and whether it was mastered", () => {
    const { state } = dance(["good", "great", "great", "great", "great", "ok"]);
    expect(drillRecord(12, move, state)).toEqual({
      reference_video_id: 12,
      start_s: 3.2,
      end_s: 4.1,
      count_label: "3–4",
      passes_half: 4,
      passes_full: 2,
      best_streak_half: 3,
      best_streak_full: 1,
      mastered: false,
    });
  });

  it("nothing before the first pass", () => {
    expect(drillRecord(12, move, DRILL_START)).toBeNull();
  });
});

describe("a pass on the reference's clock", () => {
  it("plays from a second before the move to a little past its end, inside the video", () => {
    expect(passPlan(move, null)).toEqual({ from: 2.2, to: 4.7 });
    expect(passPlan({ ...move, start_s: 0.4 }, null).from).toBe(0);
    expect(passPlan(move, 4.3).to).toBe(4.3);
  });

  it("the move starts one lead-in later, twice as long at half speed", () => {
    expect(moveOffset(0.05, move, 2.2, 0.5)).toBeCloseTo(2.05, 6);
    expect(moveOffset(0.05, move, 2.2, 1)).toBeCloseTo(1.05, 6);
  });
});
