import { describe, expect, it } from "vitest";
import { type ClockInfo, fitTiming } from "./timing.ts";

const FREE: ClockInfo = { clock: "free" };
const BEAT: ClockInfo = { clock: "beat" };

/** Moves every 1.5 s of the reference, found in the user's video at `user(start)`. */
function moves(count: number, user: (start: number) => number | null) {
  return Array.from({ length: count }, (_, k) => ({ start: k * 1.5, userStart: user(k * 1.5) }));
}

describe("timing: pace and lateness", () => {
  it("a recording that starts 2 s later is on time throughout", () => {
    const fit = fitTiming(
      moves(10, (s) => s + 2),
      FREE,
    );
    expect(fit.tempo).toBeCloseTo(1, 6);
    for (const t of fit.timing) expect(t).toBeCloseTo(0, 6);
  });

  it("a steadily 25 % slower performance to a beat: pace 1.25, lateness growing from the first move", () => {
    const fit = fitTiming(
      moves(12, (s) => 1 + 1.25 * s),
      BEAT,
    );
    expect(fit.tempo).toBeCloseTo(1.25, 3);
    expect(fit.timing[0]).toBeCloseTo(0, 6);
    expect(fit.timing[11]).toBeCloseTo(0.25 * 16.5, 3);
    for (const l of fit.lapse) expect(l).toBeCloseTo(0, 6);
  });

  it("with nothing to keep time with, a steady 25 % slower pace is found and named, and no move is late for it", () => {
    const fit = fitTiming(
      moves(12, (s) => 1 + 1.25 * s),
      FREE,
    );
    expect(fit.tempo).toBeCloseTo(1.25, 3);
    for (const t of fit.timing) expect(t).toBeCloseTo(0, 6);
  });

  it("a take started with the reference keeps its clock: 0.5 s late throughout is late, 1.5 s early is early, never a pace", () => {
    const take = { clock: "take", offset: 0 } as const;
    const late = fitTiming(
      moves(10, (s) => s + 0.5),
      take,
      1.1,
    );
    expect(late.tempo).toBe(1);
    for (const t of late.timing) expect(t).toBeCloseTo(0.5, 6);
    const early = fitTiming(
      moves(10, (s) => (s >= 1.5 ? s - 1.5 : null)),
      take,
      0.67,
    );
    expect(early.tempo).toBe(1);
    for (const t of early.timing) if (t !== null) expect(t).toBeCloseTo(-1.5, 6);
  });

  it("late from the middle on: a lapse, not a slower pace", () => {
    const fit = fitTiming(
      moves(12, (s) => (s >= 7 ? s + 0.3 : s)),
      FREE,
    );
    expect(fit.tempo).toBeCloseTo(1, 6);
    for (const [k, t] of fit.timing.entries()) expect(t).toBeCloseTo(k * 1.5 >= 7 ? 0.3 : 0, 6);
  });

  it("scattered lapses (a freeze, a wrong segment) tilt no pace: the dancer kept the reference's", () => {
    // Moves found on real footage (bench/quality: dance_woman_room, ladder rung 4): a late
    // stretch, an early move, a wrong segment. Slopes between them say 15 % faster; the timing
    // spread says no steady pace explains them.
    const found = [
      [0.73, 0.94],
      [1.9, 2.11],
      [3.02, 3.42],
      [4.13, 4.37],
      [5.29, 4.9],
      [6.42, 7.68],
      [7.54, 8.43],
      [8.65, 8.64],
    ].map(([start, userStart]) => ({ start: start as number, userStart: userStart as number }));
    const fit = fitTiming(found, BEAT);
    expect(fit.tempo).toBe(1);
    expect(fit.timing[0]).toBeCloseTo(0, 1);
    expect(fit.timing[5]).toBeGreaterThan(1);
  });

  it("with the music's offset, lateness is against the music, even on the first move", () => {
    const fit = fitTiming(
      moves(8, (s) => s + 0.5 + 0.2),
      { clock: "music", offset: 0.5 },
    );
    for (const t of fit.timing) expect(t).toBeCloseTo(0.2, 6);
  });

  it("a move that was not found has no timing; a routine too short to tell a pace keeps the reference's", () => {
    const fit = fitTiming(
      moves(2, (s) => (s > 0 ? null : 0.1)),
      FREE,
    );
    expect(fit.tempo).toBe(1);
    expect(fit.timing[1]).toBeNull();
    expect(fit.timing[0]).toBeCloseTo(0, 6);
  });
});
