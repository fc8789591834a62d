import { describe, expect, it } from "vitest";
import { auc, median, quantile, ranks, spearman } from "./stats.ts";

describe("stats", () => {
  it("quantiles interpolate between order statistics", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(quantile([0, 10], 0.9)).toBeCloseTo(9);
    expect(quantile([5], 0.9)).toBe(5);
    expect(quantile([], 0.5)).toBeNaN();
  });

  it("ranks share ties", () => {
    expect(ranks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
  });

  it("Spearman is 1 for any increasing relation, −1 for a decreasing one, and handles ties", () => {
    expect(spearman([0, 1, 2, 3, 4], [1, 8, 27, 64, 125])).toBeCloseTo(1);
    expect(spearman([0, 1, 2, 3, 4], [99, 90, 70, 40, 10])).toBeCloseTo(-1);
    // One adjacent swap among five: 1 − 6·2 / (5·24) = 0.9.
    expect(spearman([0, 1, 2, 3, 4], [0, 2, 1, 3, 4])).toBeCloseTo(0.9);
    expect(spearman([0, 1, 2], [5, 5, 5])).toBeNaN();
  });

  it("AUC counts pairs, ties half", () => {
    expect(auc([90, 80], [10, 20])).toBe(1);
    expect(auc([10], [90])).toBe(0);
    expect(auc([50, 90], [50, 10])).toBe(0.875);
    expect(auc([], [1])).toBeNaN();
  });
});
