import { describe, expect, it } from "vitest";
import { assign } from "./assign.ts";

const X = Number.POSITIVE_INFINITY;

describe("assign (the cheapest one-to-one pairing)", () => {
  it("pairs rows and columns at the least total cost, not greedily", () => {
    // Greedy would take (0,0) = 1 and leave row 1 with 10; the best total is 2 + 2.
    expect(
      assign([
        [1, 2],
        [2, 10],
      ]),
    ).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });

  it("never makes a forbidden pair, and pairs as many as it can", () => {
    expect(
      assign([
        [X, 5],
        [X, 1],
        [3, X],
      ]),
    ).toEqual([
      [1, 1],
      [2, 0],
    ]);
    expect(assign([[X, X]])).toEqual([]);
  });

  it("takes more rows than columns, or none", () => {
    expect(assign([[4], [1], [3]])).toEqual([[1, 0]]);
    expect(assign([])).toEqual([]);
    expect(assign([[], []])).toEqual([]);
  });
});
