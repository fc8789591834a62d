import { describe, expect, it } from "vitest";
import { focusedLoopKey, loopKey, loopKeyAt, practiceLoop } from "./practice-loop";
import { makeMove } from "../../test/comparison-fixtures";

const move = (index: number, label: string) => makeMove(index, { count_label: label });

const moves = [move(0, "1–2"), move(1, "3–4"), move(2, "5–6")];
const sections = [
  { title: "0:00–0:04 · arms up", timestamp: 0, duration: 4 },
  { title: "", timestamp: 4, duration: 4 },
];

describe("practice loops", () => {
  it("loop a move over its span, named by its counts", () => {
    expect(practiceLoop(loopKey.move(moves[2]!), moves, sections)).toEqual({ start: 4, end: 6, label: "counts 5–6" });
    expect(loopKey.moveIndex(loopKey.move(moves[2]!))).toBe(2);
  });

  it("loop a section over its span, named by its heading", () => {
    expect(practiceLoop(loopKey.section(0), moves, sections)).toEqual({ start: 0, end: 4, label: "Arms up" });
    expect(practiceLoop(loopKey.section(1), moves, sections)?.label).toBe("Section 2");
    expect(loopKey.moveIndex(loopKey.section(1))).toBeNull();
  });

  it("name nothing for no key or a key that is not there", () => {
    expect(practiceLoop(null, moves, sections)).toBeNull();
    expect(practiceLoop("move:9", moves, sections)).toBeNull();
    expect(practiceLoop("section:5", moves, sections)).toBeNull();
  });

  it("L takes the focused move or section first", () => {
    const box = document.createElement("div");
    box.innerHTML =
      '<ol><li data-loop-key="section:1"><button id="jump">Jump</button><ol><li data-loop-key="move:2"><button id="row">5–6</button></li></ol></li></ol>';
    document.body.append(box);
    expect(focusedLoopKey(box.querySelector("#row"))).toBe("move:2");
    expect(focusedLoopKey(box.querySelector("#jump"))).toBe("section:1");
    expect(focusedLoopKey(document.body)).toBeNull();
    expect(focusedLoopKey(null)).toBeNull();
    box.remove();
  });

  it("L takes the move playing, else the section (results without moves)", () => {
    expect(loopKeyAt(moves, sections, 2.5)).toBe("move:1");
    expect(loopKeyAt([], sections, 5)).toBe("section:1");
    expect(loopKeyAt([], sections, 9)).toBeNull();
  });
});
