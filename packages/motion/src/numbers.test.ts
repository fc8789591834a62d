import { describe, expect, it } from "vitest";
import { float64Views, lowerQuantile, median, quantile, sortedCopy } from "./numbers.ts";

describe("float64Views", () => {
  it("gives arrays of the lengths asked, over one buffer, that do not overlap", () => {
    const [a, b, c] = float64Views(3, 5, 2) as [Float64Array, Float64Array, Float64Array];
    expect([a.length, b.length, c.length]).toEqual([3, 5, 2]);
    expect(b.buffer).toBe(a.buffer);
    expect(c.buffer).toBe(a.buffer);
    a.fill(1);
    b.fill(2);
    c.fill(3);
    expect([...a, ...b, ...c]).toEqual([1, 1, 1, 2, 2, 2, 2, 2, 3, 3]);
  });
});

describe("medians", () => {
  it("sort numerically, not as text", () => {
    expect([...sortedCopy([10, 9, 100, -1])]).toEqual([-1, 9, 10, 100]);
    expect(median([10, 9, 100, -1])).toBe(9.5);
    expect(median([])).toBeNaN();
  });
});

describe("quantiles", () => {
  it("name their rank: the nearest (quantile) or the one below (lowerQuantile)", () => {
    const v = [40, 10, 30, 20];
    // Rank 0.5 × 3 = 1.5: rounded, the third value; rounded down, the second.
    expect(quantile(v, 0.5)).toBe(30);
    expect(lowerQuantile(v, 0.5)).toBe(20);
    expect(lowerQuantile(v, 1)).toBe(40);
    expect(lowerQuantile([], 0.9)).toBeNaN();
  });
});
