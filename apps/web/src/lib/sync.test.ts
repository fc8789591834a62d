import { describe, expect, it } from "vitest";
import {
  baseUserRate,
  decideSync,
  LOOP,
  localTempo,
  loopAction,
  loopSpan,
  refToUser,
  SYNC,
  syncSettings,
  userToRef,
} from "./sync";

// The user starts 1 s later and dances 1.25× slower: user_t = 1 + 1.25 × ref_t.
const map: Array<[number, number]> = [
  [1, 0],
  [3.5, 2],
  [6, 4],
  [8.5, 6],
];

describe("time map", () => {
  it("interpolates both ways and is identity without a map", () => {
    expect(refToUser(map, 1)).toBeCloseTo(2.25);
    expect(userToRef(map, 2.25)).toBeCloseTo(1);
    expect(refToUser(map, 5)).toBeCloseTo(7.25);
    expect(refToUser(null, 3.3)).toBe(3.3);
    expect(userToRef([], 3.3)).toBe(3.3);
    expect(refToUser([[0, 0]], 2)).toBe(2);
  });

  it("continues at the nearest end's offset outside the map", () => {
    expect(refToUser(map, 7)).toBeCloseTo(9.5);
    expect(userToRef(map, 0.5)).toBeCloseTo(-0.5);
  });

  it("reads the local tempo from the slope", () => {
    expect(localTempo(map, 3)).toBeCloseTo(1.25);
    expect(localTempo(null, 3)).toBe(1);
    expect(baseUserRate(map, 3, 2)).toBeCloseTo(2.5);
  });
});

describe("drift decisions", () => {
  const loose = syncSettings(false);
  const tight = syncSettings(true);

  it("uses the spec's settings (half threshold, tighter clamps, faster reset with aligned segments)", () => {
    expect(loose).toEqual({ threshold: 0.03, minRate: 0.85, maxRate: 1.25, resetMs: 1000 });
    expect(tight).toEqual({ threshold: 0.015, minRate: 0.9, maxRate: 1.15, resetMs: 500 });
    expect(SYNC.checkMs).toBe(500);
    expect(SYNC.indicatorPauseMs).toBe(300);
  });

  it("does nothing within the threshold", () => {
    expect(decideSync({ refTime: 2, userTime: 2.02, speed: 1, map: null, settings: loose }).kind).toBe("none");
    expect(decideSync({ refTime: 2, userTime: 3.51, speed: 1, map, settings: tight }).kind).toBe("none");
  });

  it("jumps to the mapped time when drift is above 3× the threshold", () => {
    const d = decideSync({ refTime: 2, userTime: 2.1, speed: 1, map: null, settings: loose });
    expect(d).toEqual({ kind: "jump", drift: expect.closeTo(0.1), target: 2 });
    const t = decideSync({ refTime: 2, userTime: 3.6, speed: 1, map, settings: tight });
    expect(t).toEqual({ kind: "jump", drift: expect.closeTo(0.1), target: expect.closeTo(3.5) });
  });

  it("nudges the rate between threshold and 3× threshold, clamped", () => {
    const ahead = decideSync({ refTime: 2, userTime: 2.06, speed: 1, map: null, settings: loose });
    expect(ahead).toEqual({ kind: "nudge", drift: expect.closeTo(0.06), rate: expect.closeTo(0.94) });
    const behind = decideSync({ refTime: 2, userTime: 1.94, speed: 1, map: null, settings: loose });
    expect(behind).toEqual({ kind: "nudge", drift: expect.closeTo(-0.06), rate: expect.closeTo(1.06) });
    // Aligned: 0.04 s behind over 0.5 s wants 1.08 — inside 0.9–1.15.
    const aligned = decideSync({ refTime: 2, userTime: 3.46, speed: 1, map, settings: tight });
    expect(aligned).toEqual({ kind: "nudge", drift: expect.closeTo(-0.04), rate: expect.closeTo(1.25 * 1.064, 2) });
    // A wide-open settings object shows the clamp.
    const wide = { ...loose, threshold: 0.5 };
    const clamped = decideSync({ refTime: 10, userTime: 11.4, speed: 1, map: null, settings: wide });
    expect(clamped).toEqual({ kind: "nudge", drift: expect.closeTo(1.4), rate: 0.85 });
    const fast = decideSync({ refTime: 10, userTime: 8.6, speed: 2, map: null, settings: wide });
    expect(fast).toEqual({ kind: "nudge", drift: expect.closeTo(-1.4), rate: 2 * 1.25 });
  });

  it("hold at the practice speeds: at 0.25× the same drift rules, the rates scaled by the speed", () => {
    const slow = decideSync({ refTime: 4, userTime: 4.05, speed: 0.25, map: null, settings: loose });
    expect(slow.kind).toBe("nudge");
    const rate = slow.kind === "nudge" ? slow.rate : 0;
    expect(rate).toBeGreaterThanOrEqual(0.25 * SYNC.clamp.min);
    expect(rate).toBeLessThan(0.25);
    expect(decideSync({ refTime: 4, userTime: 4.2, speed: 0.25, map: null, settings: loose }).kind).toBe("jump");
    expect(baseUserRate(map, 3, 0.25)).toBeCloseTo(0.25 * 1.25);
  });
});

describe("section loop", () => {
  it("spans the section, fitted inside the video", () => {
    expect(loopSpan(4, 3)).toEqual({ start: 4, end: 7 });
    expect(loopSpan(4, 3, 6)).toEqual({ start: 4, end: 6 });
    expect(loopSpan(-1, 2, 10)).toEqual({ start: 0, end: 1 });
    // Too short: widened to the minimum, still inside the video.
    expect(loopSpan(2, 0.1, 10)).toEqual({ start: 2, end: 2 + LOOP.minSpanS });
    expect(loopSpan(9.9, 1, 10)).toEqual({ start: 10 - LOOP.minSpanS, end: 10 });
    expect(loopSpan(Number.NaN, 1)).toBeNull();
    expect(loopSpan(0, 0, 0.2)).toEqual({ start: 0, end: 0.2 });
  });

  it("goes back to the start at the end of the span, after the video ended, or outside the span", () => {
    const span = { start: 4, end: 7 };
    expect(loopAction(span, 5)).toEqual({ kind: "none" });
    expect(loopAction(span, 4)).toEqual({ kind: "none" });
    expect(loopAction(span, 6.96)).toEqual({ kind: "restart", to: 4 });
    expect(loopAction(span, 7.2)).toEqual({ kind: "restart", to: 4 });
    expect(loopAction(span, 1)).toEqual({ kind: "restart", to: 4 });
    expect(loopAction(span, 5, true)).toEqual({ kind: "restart", to: 4 });
  });

  it("does nothing without a loop", () => {
    expect(loopAction(null, 100, true)).toEqual({ kind: "none" });
  });
});
