import type { ComparisonDetail, ComparisonResults, MoveResult } from "@stepsync/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ANALYSE_ANYWAY } from "./moves";
import { VERDICT_LOOK } from "../../lib/verdicts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeComparisonDetail, overallFeedback } from "../../test/comparison-fixtures";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";
import { makeMove } from "../../test/comparison-fixtures";

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

const move = (index: number, over: Partial<MoveResult>) => makeMove(index, { verdict: "perfect", shape: 99, ...over });

/** A result of the previous engine (no judgments, moves or counts), with its joint sentences. */
const previous: ComparisonResults = {
  sections: [
    {
      title: "Part 1 · arms up",
      score: 72,
      overall_feedback: "Good (72/100).",
      timestamp: 0,
      duration: 4,
      user_timestamp: 0,
      joint_feedback: { left_elbow: { diff: 25, feedback: "Left elbow: straighten it by about 25°." } },
    },
  ],
  categories: { rhythm: 80, energy: 70, isolation: 75, attitude: 72 },
  ...overallFeedback("Good: keep the left elbow straighter."),
  jointSpecificFeedback: { left_elbow: "Left elbow: straighten it by about 25°." },
  problematicJoints: ["left_elbow"],
  scores: null,
  same_routine: null,
  moves: null,
  counts: null,
};

/** A result of the current engine: the dancer late from the second move on. */
const current: ComparisonResults = {
  ...previous,
  sections: [
    {
      ...previous.sections[0]!,
      title: "8-count 1 · arms up, step",
      joint_feedback: { right_shoulder: { diff: 24, feedback: "Raise your right arm higher, about 20°." } },
      moves: [0, 1],
    },
    {
      title: "8-count 2 · turn",
      score: 88,
      overall_feedback: "",
      timestamp: 4,
      duration: 4,
      joint_feedback: {},
      moves: [2],
    },
  ],
  ...overallFeedback("Very good: overall 85/100 — shape 98, timing 64."),
  jointSpecificFeedback: { right_shoulder: "Raise your right arm higher, about 20° (8-count 1)." },
  problematicJoints: ["right_shoulder"],
  scores: { shape: 98.4, timing: 63.6 },
  same_routine: true,
  moves: [
    move(0, { timing_ms: 12 }),
    move(1, { verdict: "good", timing_ms: 293, cue: "You are about 0.3 s late." }),
    move(2, { verdict: "miss", timing_ms: -120, focus: "right_arm", cue: "Raise your right arm higher, about 20°." }),
  ],
  counts: { source: "music", bpm: 120, downbeats: [0, 4] },
};

/** A result the engine refused as another routine (the server gave its credit back). */
const refused: ComparisonResults = {
  ...current,
  ...overallFeedback(
    "This does not look like the same routine.",
    "Your moves do not line up with the reference's, so there is no score, timing or joint feedback.",
  ),
  scores: { shape: 52.7, timing: null },
  same_routine: false,
  sameness: { decision: "not_same", confidence: 0.08, music: false },
  moves: current.moves!.map((m) => ({ ...m, verdict: "miss" as const, timing_ms: null })),
};

/** The same take scored as the routine on the dancer's word. */
const called: ComparisonResults = {
  ...current,
  ...overallFeedback(
    "Fair: overall 48/100 — shape 60, timing 31.",
    "You told us this is the routine, so it is scored as it; your moves did not clearly match the reference's on their own, so read the scores and timing as approximate.",
  ),
  sameness: { decision: "unsure", confidence: 0.08, music: false, dancer_call: true },
};

/** The alignment as the server sends it (the clock varies per test). */
const alignment: NonNullable<ComparisonDetail["alignment_info"]> = {
  mirrored: false,
  tempo_ratio: 1.2,
  offset_s: 0,
  sync_quality: 0.9,
  segment_duration: 4,
  time_map: [
    [0, 0],
    [7.2, 6],
  ],
  coverage: 1,
  confidence: 0.9,
  clock: "music",
};

function detail(
  results: ComparisonResults,
  score: number,
  withVideos = false,
  over: Partial<ComparisonDetail> = {},
): ComparisonDetail {
  return makeComparisonDetail({
    id: 5,
    overall_score: score,
    results,
    // How the server counts such a result: refused when the engine found another routine.
    counted:
      results.sameness?.decision === "not_same" ? "other_routine" : results.same_performance ? "own_recording" : "yes",
    reference_url: withVideos ? "/uploads/ref.mp4" : null,
    user_url: withVideos ? "/uploads/user.mp4" : null,
    ...over,
  });
}

async function showResult(
  results: ComparisonResults,
  score = 84.5,
  withVideos = false,
  over: Partial<ComparisonDetail> = {},
) {
  storeSession();
  mockFetch({
    ...sessionRoutes(testUser),
    "GET /api/credits/balance": { body: { credits: 9 } },
    "GET /api/comparisons/5": { body: { comparison: detail(results, score, withVideos, over) } },
  });
  renderApp("/compare?id=5");
  return screen.findByTestId("comparison-result");
}

describe("the result view", () => {
  it("shows the shape and timing judgments, the verdict summary, and each section's moves", async () => {
    await showResult(current);
    expect(screen.getByTestId("judgment-shape").textContent).toBe("98%");
    expect(screen.getByTestId("judgment-timing").textContent).toBe("64%");
    expect(screen.getByTestId("verdict-summary").textContent).toBe("3 moves: 1 Perfect · 1 Good · 1 Miss");
    const [first, second] = screen.getAllByTestId("section-card");
    const rows = within(first!).getAllByTestId("move-row");
    expect(rows.map((r) => r.getAttribute("aria-label"))).toEqual([
      "Play 1–2 from 0:00: Perfect, on time",
      "Play 3–4 from 0:02: Good, 293 ms late",
    ]);
    expect(rows[1]!.textContent).toContain("You are about 0.3 s late.");
    const miss = within(second!).getByTestId("move-row");
    expect(miss.textContent).toContain("Miss");
    expect(miss.textContent).toContain("120 ms early");
    // The cue describes the button it sits in.
    const cueId = miss.getAttribute("aria-describedby");
    expect(document.getElementById(cueId ?? "")?.textContent).toBe("Raise your right arm higher, about 20°.");
  });

  it("jumps to a move: its row and its section light up", async () => {
    await showResult(current);
    const second = screen.getAllByTestId("section-card")[1]!;
    fireEvent.click(within(second).getByRole("button", { name: /^Play 5–6 from 0:04/ }));
    expect(second.hasAttribute("data-highlighted")).toBe(true);
    expect(within(second).getByTestId("move-row").hasAttribute("data-jumped")).toBe(true);
    expect(screen.getAllByTestId("section-card")[0]!.hasAttribute("data-highlighted")).toBe(false);
  });

  it("says how each style category is measured, in a tooltip its button (a tab stop) is described by", async () => {
    await showResult(current);
    const card = (await screen.findByRole("heading", { name: "Category scores" })).closest(".glass") as HTMLElement;
    const how = within(card).getByRole("button", { name: "How Attitude is measured" });
    expect(how.tabIndex).toBe(0);
    const tip = document.getElementById(how.getAttribute("aria-describedby") ?? "");
    expect(tip?.getAttribute("role")).toBe("tooltip");
    expect(tip?.textContent).toContain("upright torso and head");
    for (const name of ["Rhythm", "Energy", "Isolation"])
      expect(within(card).getByRole("button", { name: `How ${name} is measured` })).toBeTruthy();
  });

  it("shows feedback sentences as they are, the joint only as a tag", async () => {
    await showResult(current);
    const work = (await screen.findByRole("heading", { name: "What to work on" })).closest(".glass") as HTMLElement;
    expect(within(work).getByRole("listitem").textContent).toBe(
      "Raise your right arm higher, about 20° (8-count 1).Right shoulder",
    );
    const section = screen.getAllByTestId("section-card")[0]!;
    expect(within(section).getByText("Raise your right arm higher, about 20°.", { exact: false })).toBeTruthy();
    expect(section.textContent).not.toMatch(/Right shoulder:/);
  });

  it("for a different routine: a banner with the feedback and nothing that judges: no ring, verdicts, cues or practice", async () => {
    await showResult(
      {
        ...current,
        ...overallFeedback(
          "This does not look like the same routine.",
          "Your moves do not line up with the reference's, so there is no score, timing or joint feedback.",
        ),
        scores: { shape: 52.7, timing: null },
        same_routine: false,
        moves: current.moves!.map((m) => ({ ...m, verdict: "miss" as const })),
      },
      26.8,
      true,
    );
    const banner = screen.getByTestId("not-same-routine");
    expect(within(banner).getByRole("heading").textContent).toBe("This does not look like the same routine");
    expect(banner.textContent).toContain("no score, timing or joint feedback");
    // The heading's sentence is not said twice.
    expect(banner.textContent?.match(/does not look like the same routine/g)).toHaveLength(1);
    // No percentage anywhere: no ring, no category bars, no section scores.
    expect(screen.queryByTestId("overall-score")).toBeNull();
    expect(screen.queryByRole("img", { name: /Overall score/ })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Category scores" })).toBeNull();
    expect(screen.getByTestId("comparison-result").textContent).not.toMatch(/\d%/);
    // No judgment, no Miss, no cue, nothing to practise or drill.
    expect(screen.queryByTestId("judgment-shape")).toBeNull();
    expect(screen.queryByTestId("verdict-summary")).toBeNull();
    expect(screen.queryByTestId("move-row")).toBeNull();
    expect(screen.queryByTestId("section-card")).toBeNull();
    expect(screen.queryByText("Miss")).toBeNull();
    expect(screen.queryByRole("heading", { name: "What to work on" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Practise|Drill|Loop/ })).toBeNull();
    // The two videos still play side by side, with no move blocks under them.
    expect(screen.getByTestId("reference-player")).toBeTruthy();
    expect(screen.getByTestId("user-player")).toBeTruthy();
    loadVideos(12);
    expect(screen.queryByTestId("timeline-move")).toBeNull();
    // Stored before the engine decided sameness (and the server refunded it): no refund is claimed,
    // and there is no refusal to overrule.
    expect(screen.queryByTestId("credit-given-back")).toBeNull();
    expect(screen.queryByRole("button", { name: ANALYSE_ANYWAY.button })).toBeNull();
  });

  it("for a routine the engine decided is not the same: the banner says the credit was given back", async () => {
    await showResult(refused, 26.8);
    const banner = screen.getByTestId("not-same-routine");
    expect(within(banner).getByTestId("credit-given-back").textContent).toBe("Your credit has been given back.");
    expect(banner.textContent?.match(/does not look like the same routine/g)).toHaveLength(1);
    expect(screen.queryByTestId("unsure-routine")).toBeNull();
    expect(screen.queryByTestId("overall-score")).toBeNull();
    expect(within(banner).getByRole("button", { name: "It is this routine — analyse it anyway" })).toBeTruthy();
  });

  it("when the engine is unsure it is the same routine: a notice over the feedback, its reason said once", async () => {
    const reason =
      "Only parts of your video clearly match the reference, so this may not be the same routine: the scores assume it is, and the timing figures are approximate.";
    await showResult(
      {
        ...current,
        ...overallFeedback(`Good: overall 62/100 — shape 70, timing 51.`, `${reason}`),
        scores: { shape: 70, timing: 51 },
        sameness: { decision: "unsure", confidence: 0.55, music: false },
      },
      62,
    );
    const notice = screen.getByTestId("unsure-routine");
    expect(within(notice).getByRole("heading").textContent).toBe("Not sure this is the same routine");
    expect(notice.textContent).toContain("Scored as if it is");
    // Scored as the same routine: no banner, judgments and coaching as usual.
    expect(screen.queryByTestId("not-same-routine")).toBeNull();
    expect(screen.getByTestId("judgment-timing").textContent).toBe("51%");
    expect(screen.getByRole("heading", { name: "What to work on" })).toBeTruthy();
    // The engine's reason is on screen once, and the notice comes before it.
    const page = screen.getByTestId("comparison-result");
    expect(page.textContent?.match(/may not be the same routine/g)).toHaveLength(1);
    const text = screen.getByText(/Good: overall 62\/100/);
    expect(notice.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("when the reference has no music: a note by the timing score that the pace is the dancer's own", async () => {
    await showResult(current, 84.5, false, { alignment_info: { ...alignment, clock: "free" } });
    expect(screen.getByTestId("timing-note").textContent).toBe("The reference has no music, so the pace is your own.");
  });

  it("the reference's own recording, or a short practised part: says it counts in no statistics, achievement or leaderboard", async () => {
    await showResult({ ...current, same_performance: true }, 99.6, false, { counted: "own_recording" });
    expect(screen.getByTestId("not-counted").textContent).toBe(
      "This is the reference's own recording, so it counts in no statistics, achievement or leaderboard.",
    );
    cleanup();
    await showResult(current, 97, false, { counted: "short_part" });
    expect(screen.getByTestId("not-counted").textContent).toBe(
      "A part shorter than 8 s is practice: it counts in no statistics, achievement or leaderboard.",
    );
  });

  it("another performance, or a result stored before it was checked: no such note", async () => {
    await showResult({ ...current, same_performance: false }, 84.5, false, { counted: "yes" });
    expect(screen.queryByTestId("not-counted")).toBeNull();
  });

  it("kept to music, or stored before the clock was named: no pace note", async () => {
    await showResult(current, 84.5, false, { alignment_info: { ...alignment, clock: "music" } });
    expect(screen.queryByTestId("timing-note")).toBeNull();
  });

  it("shows a result of the previous engine as before: no judgments, summary or moves", async () => {
    await showResult(previous, 72);
    expect(screen.queryByTestId("judgment-shape")).toBeNull();
    expect(screen.queryByTestId("verdict-summary")).toBeNull();
    expect(screen.queryByTestId("move-row")).toBeNull();
    expect(screen.queryByTestId("not-same-routine")).toBeNull();
    expect(screen.getByText("Good: keep the left elbow straighter.")).toBeTruthy();
    expect(screen.getByText("Tap a section to replay it, or loop it to practise")).toBeTruthy();
    // Its sentences already name the joint: no second name.
    const section = screen.getAllByTestId("section-card")[0]!;
    expect(section.textContent).toContain("Left elbow: straighten it by about 25°. (25° off)");
    expect(section.textContent).not.toContain("Left elbow: Left elbow");
  });
});

const referenceVideo = () => screen.getByTestId("reference-player") as HTMLVideoElement;

/** Both videos load; the reference is `duration` seconds long. */
function loadVideos(duration: number) {
  for (const testId of ["reference-player", "user-player"]) {
    const v = screen.getByTestId(testId);
    Object.defineProperty(v, "duration", { configurable: true, value: duration });
    fireEvent(v, new Event("loadedmetadata"));
    fireEvent(v, new Event("loadeddata"));
  }
}

describe("a result of part of the routine", () => {
  const partly: ComparisonResults = { ...current, danced: { start_s: 0, end_s: 6, duration_s: 12 } };

  it("says which part was danced by the score, and marks the rest in the section list", async () => {
    await showResult(partly);
    expect(screen.getByTestId("danced-part").textContent).toBe("Danced 0:00–0:06 of 0:12");
    const list = screen.getAllByTestId("section-card")[0]!.closest("ol") as HTMLElement;
    const rest = within(list).getByTestId("not-danced");
    expect(rest.textContent).toBe("0:06 – 0:12 · Not in your video, so not scored");
    // After the sections danced.
    expect(list.lastElementChild).toBe(rest);
  });

  it("in a practised part: of that part", async () => {
    await showResult({ ...current, danced: { start_s: 2, end_s: 6, duration_s: 6 } }, 84.5, false, {
      part: { start_s: 0, end_s: 6, parent_id: 4, label: "8-count 1" },
    });
    expect(screen.getByTestId("danced-part").textContent).toBe("Danced 0:02–0:06 of the part 0:00–0:06");
    expect(screen.getByTestId("not-danced").textContent).toBe("0:00 – 0:02 · Not in your video, so not scored");
  });

  it("draws the rest muted on the timeline, with no moves in it", async () => {
    await showResult(partly, 84.5, true);
    loadVideos(12);
    const [gap] = screen.getAllByTestId("timeline-not-danced");
    expect(Number.parseFloat(gap!.style.left)).toBeCloseTo(50);
    expect(Number.parseFloat(gap!.style.width)).toBeCloseTo(50);
    expect(screen.getAllByTestId("timeline-move")).toHaveLength(3);
  });

  it("a whole routine danced, or an old result: no part named", async () => {
    await showResult(current);
    expect(screen.queryByTestId("danced-part")).toBeNull();
    expect(screen.queryByTestId("not-danced")).toBeNull();
  });
});

describe("the practice studio on a result", () => {
  it("lays one block per move on the timeline: verdict colours, early/late marks, placed by time", async () => {
    await showResult(current, 84.5, true);
    loadVideos(12);
    const blocks = screen.getAllByTestId("timeline-move");
    const moves = current.moves ?? [];
    expect(blocks).toHaveLength(moves.length);
    expect(blocks.map((b) => b.getAttribute("data-verdict"))).toEqual(moves.map((m) => m.verdict));
    for (const [i, m] of moves.entries()) {
      expect(blocks[i]!.className).toContain(VERDICT_LOOK[m.verdict].block);
      const slot = blocks[i]!.parentElement as HTMLElement;
      expect(Number.parseFloat(slot.style.left)).toBeCloseTo((m.start_s / 12) * 100);
      expect(Number.parseFloat(slot.style.width)).toBeCloseTo(((m.end_s - m.start_s) / 12) * 100);
    }
    // 12 ms is on time; 293 ms late; 120 ms early.
    expect(blocks.map((b) => b.getAttribute("data-timing"))).toEqual([null, "late", "early"]);
    expect(blocks.map((b) => b.getAttribute("aria-label"))).toEqual([
      "Counts 1–2 at 0:00: Perfect, on time",
      "Counts 3–4 at 0:02: Good, 293 ms late",
      "Counts 5–6 at 0:04: Miss, 120 ms early",
    ]);
  });

  it("shows a block's count and cue on hover or focus, the cue describing it", async () => {
    await showResult(current, 84.5, true);
    loadVideos(12);
    const miss = screen.getAllByTestId("timeline-move")[2]!;
    const tip = within(miss.parentElement as HTMLElement).getByRole("tooltip", { hidden: true });
    expect(tip.textContent).toBe("5–6 · Miss · 120 ms earlyRaise your right arm higher, about 20°.");
    expect(document.getElementById(miss.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Raise your right arm higher, about 20°.",
    );
    // A move without a cue has no description.
    expect(screen.getAllByTestId("timeline-move")[0]!.hasAttribute("aria-describedby")).toBe(false);
  });

  it("replays the move from a block: 1 s before it, through the move, pausing at its end; move and section lit", async () => {
    await showResult(current, 84.5, true);
    loadVideos(12);
    const miss = screen.getAllByTestId("timeline-move")[2]!;
    vi.useFakeTimers();
    fireEvent.click(miss);
    // Counts 5–6 run from 4 s to 6 s.
    expect(referenceVideo().currentTime).toBe(3);
    expect(referenceVideo().paused).toBe(false);
    vi.advanceTimersByTime(2900);
    expect(referenceVideo().paused).toBe(false);
    vi.advanceTimersByTime(200);
    expect(referenceVideo().paused).toBe(true);
    expect(referenceVideo().currentTime).toBe(6);
    vi.useRealTimers();
    expect(miss.hasAttribute("data-jump-target")).toBe(true);
    const second = screen.getAllByTestId("section-card")[1]!;
    expect(second.hasAttribute("data-highlighted")).toBe(true);
    expect(within(second).getByTestId("move-row").hasAttribute("data-jumped")).toBe(true);
    // L loops the block that has the focus.
    fireEvent.keyDown(miss, { key: "l" });
    expect(screen.getByTestId("loop-indicator").textContent).toBe("Looping counts 5–6");
    expect(referenceVideo().currentTime).toBe(4);
  });

  it("makes the timeline's moves one tab stop, the arrow keys going from move to move without seeking", async () => {
    await showResult(current, 84.5, true);
    loadVideos(12);
    const blocks = () => screen.getAllByTestId("timeline-move");
    const stops = () => blocks().filter((b) => b.tabIndex === 0);
    // One Tab reaches the moves, the next one the controls (Restart, Speed, Mirror…).
    expect(stops()).toEqual([blocks()[0]]);
    expect(
      blocks()
        .slice(1)
        .every((b) => b.tabIndex === -1),
    ).toBe(true);
    blocks()[0]!.focus();
    fireEvent.keyDown(blocks()[0]!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(blocks()[1]);
    expect(stops()).toEqual([blocks()[1]]);
    // The players' arrow-key seek stays out of it.
    expect(referenceVideo().currentTime).toBe(0);
    fireEvent.keyDown(blocks()[1]!, { key: "End" });
    expect(document.activeElement).toBe(blocks()[2]);
    fireEvent.keyDown(blocks()[2]!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(blocks()[2]);
    fireEvent.keyDown(blocks()[2]!, { key: "Home" });
    expect(document.activeElement).toBe(blocks()[0]);
  });

  it("loops a move from its row: chip with its counts, the row and block marked; L at that move stops it", async () => {
    await showResult(current, 84.5, true);
    loadVideos(12);
    const loop = screen.getByRole("button", { name: "Loop counts 3–4" });
    fireEvent.click(loop);
    expect(loop.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("loop-indicator").textContent).toBe("Looping counts 3–4");
    expect(referenceVideo().currentTime).toBe(2);
    expect(screen.getAllByTestId("timeline-move")[1]!.hasAttribute("data-looping")).toBe(true);
    fireEvent.keyDown(document.body, { key: "l" });
    expect(screen.queryByTestId("loop-indicator")).toBeNull();
    expect(loop.getAttribute("aria-pressed")).toBe("false");
    // L loops the move playing; a section's Loop moves the loop to the section.
    fireEvent.keyDown(document.body, { key: "l" });
    expect(screen.getByTestId("loop-indicator").textContent).toBe("Looping counts 3–4");
    const section = screen.getAllByTestId("section-card")[1]!;
    fireEvent.click(within(section).getByRole("button", { name: "Loop 8-count 2 · turn" }));
    expect(screen.getByTestId("loop-indicator").textContent).toBe("Looping 8-count 2 · turn");
    expect(section.getAttribute("data-looping")).toBe("true");
    expect(loop.getAttribute("aria-pressed")).toBe("false");
    // The chip's × ends it.
    fireEvent.click(screen.getByRole("button", { name: "Stop looping 8-count 2 · turn" }));
    expect(screen.queryByTestId("loop-indicator")).toBeNull();
    expect(section.hasAttribute("data-looping")).toBe(false);
  });
});

describe("the dancer has the last word on a refusal", () => {
  /** A refused comparison 5; the POST answers as `call` says, after which the detail reads as `after`. */
  function refusedRoutes(
    call: { status: number; body: unknown },
    after: ComparisonDetail[] = [],
    credits = 9,
  ): ReturnType<typeof mockFetch> {
    storeSession();
    let called = false;
    const answers = [...after];
    return mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/credits/balance": { body: { credits } },
      "GET /api/comparisons/5": () => ({
        body: {
          comparison:
            called && answers.length ? (answers.length > 1 ? answers.shift() : answers[0]) : detail(refused, 26.8),
        },
      }),
      "POST /api/comparisons/5/analyse-anyway": () => {
        called = call.status === 202;
        return call;
      },
    });
  }

  /** The refused result's button: its confirmation opens. */
  async function askToAnalyse() {
    const banner = await screen.findByTestId("not-same-routine");
    fireEvent.click(within(banner).getByRole("button", { name: ANALYSE_ANYWAY.button }));
    return screen.findByRole("dialog", { name: "Analyse it as this routine?" });
  }

  async function openConfirmation() {
    renderApp("/compare?id=5");
    return askToAnalyse();
  }

  it("asks first, saying it costs a credit; confirmed, the page follows the analysis to the scored result, marked as the dancer's call", async () => {
    const net = refusedRoutes(
      {
        status: 202,
        body: { comparison_id: 5, status: "processing", progress: 0, charged: true, message: "Analysing it" },
      },
      [
        detail(refused, 26.8, false, { status: "processing", progress: 30, results: null, dancer_call: true }),
        detail(called, 48.2, false, { dancer_call: true }),
      ],
    );
    const dialog = await openConfirmation();
    await waitFor(() =>
      expect(dialog.textContent).toContain("It costs 1 credit, like any comparison. You have 9 credits."),
    );
    // Cancel changes nothing.
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(net.calls.some((c) => c.method === "POST")).toBe(false);

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const again = await askToAnalyse();
    fireEvent.click(within(again).getByRole("button", { name: "Analyse it — 1 credit" }));
    // Analysed as the routine: its progress, saying whose call it is.
    expect((await screen.findByTestId("dancer-call-analysing")).textContent).toBe(ANALYSE_ANYWAY.analysing);
    expect(screen.getByRole("progressbar", { name: "Comparison progress" })).toBeTruthy();
    expect(net.calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      "/api/comparisons/5/analyse-anyway",
    ]);
    // Then the scored result, saying it was the dancer's call and that it cost a credit.
    const notice = await screen.findByTestId("dancer-call", {}, { timeout: 5000 });
    expect(within(notice).getByRole("heading").textContent).toBe("Your call");
    expect(notice.textContent).toContain("Analysed anyway · 1 credit");
    expect(screen.queryByTestId("unsure-routine")).toBeNull();
    expect(screen.queryByTestId("not-same-routine")).toBeNull();
    expect(screen.getByText(/You told us this is the routine/)).toBeTruthy();
    expect(screen.getByTestId("overall-score").textContent).toBe("48%");
    expect(screen.getAllByTestId("move-row")).toHaveLength(3);
  }, 15_000);

  it("with no credit left: says so with a way to buy one, and the confirm button stays off", async () => {
    refusedRoutes({ status: 402, body: { error: "Insufficient credits" } }, [], 0);
    const dialog = await openConfirmation();
    await waitFor(() => expect(dialog.textContent).toContain("You have 0 credits."));
    expect(within(dialog).getByRole("alert").textContent).toContain("Insufficient credits");
    expect(
      within(dialog)
        .getByRole("link", { name: /Buy credits/ })
        .getAttribute("target"),
    ).toBe("_blank");
    expect((within(dialog).getByRole("button", { name: "Analyse it — 1 credit" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("refused by the server for want of a credit (the balance had not caught up): says so, the refusal stays", async () => {
    refusedRoutes({ status: 402, body: { error: "Insufficient credits" } }, [], 3);
    const dialog = await openConfirmation();
    fireEvent.click(within(dialog).getByRole("button", { name: "Analyse it — 1 credit" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("Insufficient credits");
    expect(screen.getByTestId("not-same-routine")).toBeTruthy();
  });
});
