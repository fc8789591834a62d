import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MoveList } from "./MoveList";
import { MoveTimeline } from "./MoveTimeline";
import { makeMove } from "../../test/comparison-fixtures";

const move = makeMove;
// A group rehearsal's dancer, hidden behind another on counts 3–4.
const moves = [move(0), move(1, { verdict: "miss", timing_ms: null, shape: 0, hidden: true }), move(2)];
const noop = () => {};

describe("a move the dancer was hidden in", () => {
  it("is a 'Not seen' block on the timeline, not a Miss", () => {
    render(
      <MoveTimeline moves={moves} length={6} currentMove={null} jumpedMove={null} loopingMove={null} onJump={noop} />,
    );
    const blocks = screen.getAllByTestId("timeline-move");
    expect(blocks[1]?.getAttribute("aria-label")).toBe("Counts 3–4 at 0:02: Not seen — hidden behind another dancer");
    expect(blocks[1]?.getAttribute("data-verdict")).toBe("not-seen");
    expect(blocks[0]?.getAttribute("aria-label")).toBe("Counts 1–2 at 0:00: Good, on time");
  });

  it("reads 'Not seen' in the move list, with why", () => {
    render(
      <MoveList moves={moves} jumpedMove={null} loopingMove={null} onJump={noop} onLoop={noop} label="Part 1 moves" />,
    );
    const row = screen.getAllByTestId("move-row")[1] as HTMLElement;
    expect(within(row).getByTestId("verdict-chip").textContent).toBe("Not seen");
    expect(row.textContent).toContain("Hidden behind another dancer");
    expect(row.textContent).not.toContain("Miss");
  });
});
