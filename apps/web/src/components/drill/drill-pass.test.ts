/**
 * One pass of a drill judged as the dialog judges it, by the real engine: a real reference analysis
 * (AIST++ freestyle, as the server serves it) scored over one move alone (its window), the camera's
 * MoveNet outputs of a dancer following the reference played from a lead-in at half or full speed,
 * and the move's start placed as the dialog places it (moveOffset), at the reference's pace (rate).
 */
import type { Verdict } from "@stepsync/contracts";
import { describe, expect, it } from "vitest";
import { LiveTakeSession } from "../../lib/live-score/session";
import { type DanceTake, danceTake } from "../../test/dance-take";
import { type DrillMove, type DrillSpeed, GREAT_OR_BETTER, moveOffset, passPlan } from "./drill-plan";

/** The whole dance danced in step, its reference starting 1 s into the take. */
const TAKE_OFFSET = 1;
const take = await danceTake({ takeOffset: TAKE_OFFSET, noise: 2 }, 30);

/** Where the lead-in's first frame played in the pass (the reference takes a moment to start). */
const LEAD_PLAYED_AT = 0.08;

/**
 * A pass of `move` at `speed`: the dancer's frames from the lead-in to the pass's end, on the pass's
 * clock (the reference's time stretched by 1 / speed); judged with `judgeAt` as the rate.
 */
function pass(
  dance: DanceTake,
  move: DrillMove,
  speed: DrillSpeed,
  { judgeAt = speed, dancedFromS = 0 }: { judgeAt?: number; dancedFromS?: number } = {},
): Verdict | null {
  const session = new LiveTakeSession(dance.analysis, { start: move.start_s, end: move.end_s });
  const { from, to } = passPlan(move, null);
  session.begin();
  let offsetSent = false;
  for (const f of dance.frames) {
    // Dancing what the reference shows `dancedFromS` later (another move, when that is a few seconds).
    const refTime = f.t - TAKE_OFFSET - dancedFromS;
    if (refTime < from || refTime > to) continue;
    const t = LEAD_PLAYED_AT + (refTime - from) / speed;
    session.pose({ ...f, keypoints: f.keypoints.slice(), t });
    if (!offsetSent && t > LEAD_PLAYED_AT + 0.5) {
      offsetSent = true;
      session.offset(moveOffset(LEAD_PLAYED_AT, move, from, speed), judgeAt);
    }
  }
  const { moves } = session.finish();
  expect(moves.length).toBeLessThanOrEqual(1);
  return moves[0]?.verdict ?? null;
}

describe.skipIf(!take)("a drilled move's pass, judged live", () => {
  const dance = take as DanceTake;
  // Moves well inside the take, each a pass of its own.
  const moves = dance.analysis.counting.moves
    .filter((m) => m.start > 3 && m.end < 26 && !m.held)
    .slice(0, 6)
    .map((m) => ({ start_s: m.start, end_s: m.end, count_label: m.label }));

  it("a move danced as the teacher dances it scores Great or better, at half speed as at full speed", () => {
    expect(moves.length).toBeGreaterThanOrEqual(4);
    const half = moves.map((m) => pass(dance, m, 0.5));
    const full = moves.map((m) => pass(dance, m, 1));
    console.info(`drill passes: half speed [${half.join(" ")}], full speed [${full.join(" ")}]`);
    const great = (vs: Array<Verdict | null>) => vs.filter((v) => v !== null && GREAT_OR_BETTER.has(v)).length;
    expect(great(half)).toBeGreaterThanOrEqual(moves.length - 1);
    expect(great(full)).toBeGreaterThanOrEqual(moves.length - 1);
  }, 30_000);

  it("a half-speed pass judged as if at full speed is not Great: the rate is what makes it fair", () => {
    const wrong = moves.map((m) => pass(dance, m, 0.5, { judgeAt: 1 }));
    console.info(`half-speed passes read at full pace: [${wrong.join(" ")}]`);
    expect(wrong.filter((v) => v !== null && GREAT_OR_BETTER.has(v)).length).toBeLessThanOrEqual(1);
  }, 30_000);

  it("dancing another step of the routine in the move's place is not Great", () => {
    // A step from 1.5 s before or 4 s after (this house dance repeats its steps about every 3 s:
    // danced 3 s off, the step is the same one, and rightly Great).
    for (const shift of [-1.5, 4]) {
      const other = moves.map((m) => pass(dance, m, 0.5, { dancedFromS: shift }));
      console.info(`the step ${shift} s off danced instead: [${other.join(" ")}]`);
      expect(other.filter((v) => v !== null && GREAT_OR_BETTER.has(v)).length).toBeLessThanOrEqual(1);
    }
  }, 30_000);
});
