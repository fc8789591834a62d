import type { ComparisonDetail, ComparisonResults, MoveResult } from "@stepsync/contracts";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const move = (index: number, over: Partial<MoveResult>): MoveResult => ({
  index,
  start_s: index * 2,
  end_s: index * 2 + 2,
  user_start_s: index * 2,
  count_label: `${index * 2 + 1}–${index * 2 + 2}`,
  verdict: "perfect",
  timing_ms: 0,
  shape: 99,
  focus: null,
  cue: null,
  ...over,
});

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
  overallFeedback: "Good: keep the left elbow straighter.",
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
  overallFeedback: "Very good: overall 85/100 — shape 98, timing 64.",
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

function detail(results: ComparisonResults, score: number): ComparisonDetail {
  return {
    id: 5,
    activity_type: "hip_hop",
    status: "completed",
    progress: 100,
    attempt: 1,
    error: null,
    overall_score: score,
    reference_title: "Groove basics",
    contributor_name: null,
    thumbnail_path: null,
    reference_video_path: null,
    user_video_path: null,
    reference_video_id: null,
    created_at: "2026-11-20T10:00:00.000Z",
    completed_at: "2026-11-20T10:01:00.000Z",
    results,
    alignment_info: null,
    tracks: null,
    aligned_videos: { reference_url: null, user_url: null, sync_quality: null, segment_duration: null },
    reference_url: null,
    user_url: null,
  };
}

async function showResult(results: ComparisonResults, score = 84.5) {
  storeSession();
  mockFetch({
    ...sessionRoutes(testUser),
    "GET /api/credits/balance": { body: { credits: 9 } },
    "GET /api/comparisons/5": { body: { comparison: detail(results, score) } },
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

  it("for a different routine: a banner with the feedback, no timing, cues or joint items", async () => {
    await showResult(
      {
        ...current,
        overallFeedback:
          "This does not look like the same routine. Your moves do not line up with the reference's, so there is no timing or joint feedback (overall 27/100).",
        scores: { shape: 52.7, timing: null },
        same_routine: false,
        moves: current.moves!.map((m) => ({ ...m, verdict: "miss" as const })),
      },
      26.8,
    );
    const banner = screen.getByTestId("not-same-routine");
    expect(within(banner).getByRole("heading").textContent).toBe("This does not look like the same routine");
    expect(banner.textContent).toContain("overall 27/100");
    // The heading's sentence is not said twice.
    expect(banner.textContent?.match(/does not look like the same routine/g)).toHaveLength(1);
    expect(screen.getByTestId("judgment-timing").textContent).toBe("—");
    expect(screen.queryByRole("heading", { name: "What to work on" })).toBeNull();
    const rows = screen.getAllByTestId("move-row");
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.textContent).not.toMatch(/late|early|on time|Raise/);
      expect(row.hasAttribute("aria-describedby")).toBe(false);
    }
    expect(screen.queryByText(/Raise your right arm/)).toBeNull();
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
