import { describe, expect, it } from "vitest";
import type { DancerBox } from "@stepsync/contracts";
import { boxAt, groupTimingText, offsetText, personBox, spanPercent, timeTicks, timingOf } from "./rehearsal-view";

const boxes: DancerBox[] = [
  [0, 0.1, 0.1, 0.3, 0.9],
  [0.5, 0.12, 0.1, 0.32, 0.9],
  [1, 0.14, 0.1, 0.34, 0.9],
  [3, 0.2, 0.1, 0.4, 0.9],
];

describe("the rehearsal's figures in words and places", () => {
  it("a box is the nearest analysed frame within 0.3 s, none further off", () => {
    expect(boxAt(boxes, 0.6)?.[0]).toBe(0.5);
    expect(boxAt(boxes, 0.8)?.[0]).toBe(1);
    expect(boxAt(boxes, 1.3)?.[0]).toBe(1);
    expect(boxAt(boxes, 2)).toBeNull();
    expect(boxAt(boxes, 3.31)).toBeNull();
    expect(boxAt(boxes, -0.2)?.[0]).toBe(0);
    expect(boxAt([], 1)).toBeNull();
  });

  it("the drawn box takes in the head above the eyes and the feet below the ankles, inside the picture", () => {
    const [x0, y0, x1, y1] = personBox([0, 0.2, 0.1, 0.4, 0.9]);
    expect(x0).toBeCloseTo(0.184);
    expect(x1).toBeCloseTo(0.416);
    expect(y0).toBeCloseTo(0.02);
    expect(y1).toBeCloseTo(0.948);
    expect(personBox([0, 0, 0.02, 0.3, 0.99])).toEqual([0, 0, expect.closeTo(0.324), 1]);
  });

  it("lateness against the teacher in tenths: late, early or on time", () => {
    expect(offsetText(0.41)).toBe("0.4 s late");
    expect(offsetText(-0.18)).toBe("0.2 s early");
    expect(offsetText(0.04)).toBe("on time");
    expect(offsetText(null)).toBeNull();
  });

  it("a move's timing against the group's middle", () => {
    expect(timingOf(80)).toBe("on_time");
    expect(timingOf(-81)).toBe("early");
    expect(timingOf(420)).toBe("late");
    expect(timingOf(null)).toBeNull();
    expect(groupTimingText(1250)).toBe("1.3 s late");
    expect(groupTimingText(-120)).toBe("120 ms early");
    expect(groupTimingText(null)).toBe("not seen");
  });

  it("the strip's time axis: round marks, moves where they are in the video", () => {
    expect(timeTicks(8)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(timeTicks(60)).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(spanPercent({ start_s: 2, end_s: 4 }, 8)).toEqual({ left: 25, width: 25 });
    expect(spanPercent({ start_s: 7, end_s: 9 }, 8)).toEqual({ left: 87.5, width: 12.5 });
  });
});
