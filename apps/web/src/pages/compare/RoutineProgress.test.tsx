import type { DrilledMove, RoutineProgress as Progress } from "@stepsync/contracts";
import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AppProviders, createQueryClient } from "../../providers";
import { mockFetch, sessionRoutes, testUser } from "../../test/utils";
import { RoutineProgress } from "./RoutineProgress";

const earlier = (id: number, score: number, delta: number | null) => ({
  comparison_id: id,
  created_at: "2025-03-02T18:30:00.000Z",
  overall_score: score,
  sections: [],
  delta,
});

/** As the server answers for a third attempt: 60% → 66% → 72%. */
const third: Progress = {
  comparison_id: 9,
  reference_video_id: 4,
  earlier: [earlier(7, 66.4, 6), earlier(5, 60.4, null)],
  since_last: {
    comparison_id: 7,
    created_at: "2025-03-02T18:30:00.000Z",
    score: 71.6,
    previous_score: 66.4,
    delta: 6,
    sections: [
      { title: "8-count 1 · arms up, step", timestamp: 0, score: 70.4, previous_score: 60.2, delta: 10 },
      { title: "8-count 2 · turn", timestamp: 4, score: 68, previous_score: 71, delta: -3 },
      { title: "8-count 3 · hold", timestamp: 8, score: 80, previous_score: 80.2, delta: 0 },
      { title: "8-count 4 · jump", timestamp: 12, score: 50, previous_score: null, delta: null },
    ],
  },
};

function show(
  answer: Progress | { status: number; body: unknown },
  referenceVideoId: number | null = 4,
  drilled: DrilledMove[] = [],
) {
  const { calls } = mockFetch({
    ...sessionRoutes(testUser),
    "GET /api/comparisons/9/progress": "comparison_id" in answer ? { body: answer } : answer,
    "GET /api/progress/drills": { body: { reference_video_id: 4, moves: drilled } },
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>
        <RoutineProgress comparisonId={9} referenceVideoId={referenceVideoId} />
      </MemoryRouter>
    </AppProviders>,
  );
  return calls;
}

const progressCalls = (calls: { path: string }[]) => calls.filter((c) => c.path.endsWith("/progress"));

describe("progress on a routine", () => {
  it("says how much better than last time, in green, with the last score and the scores so far", async () => {
    show(third);
    const overall = await screen.findByTestId("routine-progress-overall");
    expect(overall.textContent).toBe("+6 since last time");
    expect(overall.className).toContain("text-emerald-300");
    expect(screen.getByText(/^Last time 66% · /)).toBeTruthy();
    expect(screen.getByText("Attempt 3")).toBeTruthy();
    const scores = screen.getByRole("list", { name: "Your scores on this routine, oldest first" });
    expect(
      within(scores)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["60%", "66%", "72%"]);
  });

  it("shows each section's change beside its title as the section cards write it: up green, down red, unchanged neutral, new when not danced before", async () => {
    show(third);
    const sections = await screen.findByRole("list", { name: "Sections since last time" });
    const rows = within(sections)
      .getAllByRole("listitem")
      .map((li) => [li.firstElementChild?.textContent, li.lastElementChild?.textContent]);
    expect(rows).toEqual([
      ["8-count 1 · arms up, step", "+10"],
      ["8-count 2 · turn", "−3"],
      ["8-count 3 · hold", "0"],
      ["8-count 4 · jump", "New"],
    ]);
    const chip = (text: string) => within(sections).getByText(text).className;
    expect(chip("+10")).toContain("text-emerald-300");
    expect(chip("−3")).toContain("text-rose-300");
    expect(chip("0")).toContain("text-slate-300");
  });

  it("a worse score reads as a red drop; the same score as 'Same as last time'", async () => {
    const worse = {
      ...third,
      since_last: { ...(third.since_last as NonNullable<Progress["since_last"]>), score: 62, delta: -4 },
    };
    show(worse);
    const overall = await screen.findByTestId("routine-progress-overall");
    expect(overall.textContent).toBe("−4 since last time");
    expect(overall.className).toContain("text-rose-300");
  });

  it("same as last time is neither green nor red", async () => {
    show({ ...third, since_last: { ...(third.since_last as NonNullable<Progress["since_last"]>), delta: 0 } });
    const overall = await screen.findByTestId("routine-progress-overall");
    expect(overall.textContent).toBe("Same as last time");
    expect(overall.className).toContain("text-slate-300");
  });

  it("is honest on a first attempt: no change to show", async () => {
    show({ comparison_id: 9, reference_video_id: 4, earlier: [], since_last: null });
    expect((await screen.findByTestId("routine-progress-overall")).textContent).toBe("First time on this routine");
    expect(screen.getByText("Attempt 1")).toBeTruthy();
    expect(screen.queryByText(/since last time/)).toBeNull();
  });

  it("shows nothing and asks nothing for an uploaded reference", async () => {
    const calls = show(third, null);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("routine-progress")).toBeNull();
    expect(progressCalls(calls)).toEqual([]);
  });

  it("leaves the result alone when the progress cannot be read", async () => {
    const calls = show({ status: 500, body: { error: "Internal Server Error" } });
    await waitFor(() => expect(progressCalls(calls).length).toBe(1));
    expect(screen.queryByTestId("routine-progress")).toBeNull();
  });

  it("lists the moves drilled on this routine, as far as each got", async () => {
    const drilled = (count_label: string, over: Partial<DrilledMove>): DrilledMove => ({
      start_s: 1,
      end_s: 2,
      count_label,
      drills: 1,
      passes_half: 4,
      passes_full: 0,
      best_streak_half: 2,
      best_streak_full: 0,
      reached_full: false,
      mastered: false,
      last_drilled_at: "2025-03-02T18:30:00.000Z",
      ...over,
    });
    show(third, 4, [
      drilled("3–4", {
        start_s: 3,
        passes_full: 3,
        best_streak_half: 3,
        best_streak_full: 3,
        reached_full: true,
        mastered: true,
      }),
      drilled("5–6", { start_s: 5, passes_full: 2, best_streak_half: 3, best_streak_full: 1, reached_full: true }),
      drilled("7", { start_s: 7 }),
    ]);
    const list = await screen.findByTestId("drilled-moves");
    expect(screen.getByText("Drilled moves")).toBeTruthy();
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "counts 3–4 · mastered at full speed",
      "counts 5–6 · up to full speed, best 1 of 3 Great in a row there",
      "count 7 · best 2 of 3 Great in a row at half speed",
    ]);
  });

  it("says nothing of drills before the first", async () => {
    show(third);
    await screen.findByTestId("routine-progress-overall");
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText("Drilled moves")).toBeNull();
  });
});
