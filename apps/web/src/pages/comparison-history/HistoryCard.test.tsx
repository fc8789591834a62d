import type { ComparisonSummary } from "@stepsync/contracts";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { HistoryCard } from "./HistoryCard";

const processing: ComparisonSummary = {
  id: 4,
  activity_type: "hip_hop",
  status: "processing",
  progress: 20,
  attempt: 1,
  error: null,
  overall_score: null,
  reference_title: "Salsa basics",
  contributor_name: null,
  thumbnail_path: null,
  reference_video_path: null,
  user_video_path: null,
  reference_video_id: null,
  created_at: new Date().toISOString(),
};

const card = (item: ComparisonSummary) =>
  render(
    <MemoryRouter>
      <HistoryCard item={item} highlighted={false} now={Date.now()} onDelete={() => {}} />
    </MemoryRouter>,
  );

describe("history card", () => {
  it("says when an interrupted analysis is being retried, and which attempt it is", () => {
    card({ ...processing, attempt: 2 });
    expect(screen.getByRole("status").textContent).toBe(
      "The analysis was interrupted, so it is running again (attempt 2 of 3).",
    );
    // 20% of the analysis is 44% of the whole job, as the compare screen counts it.
    expect(screen.getByText("44%")).toBeTruthy();
  });

  it("says nothing of retries on a first attempt", () => {
    card(processing);
    expect(screen.queryByText(/interrupted/)).toBeNull();
  });

  it("frames a portrait video around the dancer: the still is their whole-body frame, the whole frame height fills the card", () => {
    card({
      ...processing,
      status: "completed",
      overall_score: 81,
      user_video_path: "/api/videos/3/file",
      // As the server frames sample_fb_0 (576x1024): the dancer fills the frame's height.
      user_framing: { at: 2.2857, crop: { x: -1.0802, y: 0, w: 3.1605, h: 1 } },
    });
    const video = screen.getByTestId("history-preview") as HTMLVideoElement;
    expect(video.getAttribute("src")).toBe("/api/videos/3/file#t=2.2857");
    // The frame is shown whole in height, centred: not a band across its middle (object-fit: cover).
    expect(video.style.height).toBe("100%");
    expect(video.style.top).toBe("0%");
    expect(video.style.width).toBe("31.64%");
    expect(video.style.left).toBe("34.18%");
    expect(video.className).not.toContain("object-cover");
  });

  it("without a framing (older comparisons) the video covers the card from half a second in", () => {
    card({ ...processing, status: "completed", overall_score: 81, user_video_path: "/api/videos/3/file" });
    const video = screen.getByTestId("history-preview") as HTMLVideoElement;
    expect(video.getAttribute("src")).toBe("/api/videos/3/file#t=0.5");
    expect(video.className).toContain("object-cover");
    expect(video.style.width).toBe("");
  });

  it("titles an uploaded reference 'Your upload', and a library routine by its title and contributor", () => {
    const done = { ...processing, status: "completed" as const, progress: 100, overall_score: 77 };
    card({ ...done, reference_title: null });
    expect(screen.getByRole("heading", { name: "Your upload" })).toBeTruthy();
    card({ ...done, id: 5, reference_title: "Salsa basics", contributor_name: "Meera", reference_video_id: 3 });
    expect(screen.getByRole("heading", { name: "Salsa basics" })).toBeTruthy();
    expect(screen.getAllByText(/Meera/)).toHaveLength(1);
  });

  it("shows a running analysis at the compare screen's figure: 1% analysed is 31% done there, so not '1%' here", () => {
    card({ ...processing, progress: 1 });
    expect(screen.getByText("31%")).toBeTruthy();
    expect(screen.queryByText("1%")).toBeNull();
  });

  it("rounds a finished score as the result does (one rounding)", () => {
    card({ ...processing, status: "completed", progress: 100, overall_score: 29.6 });
    expect(screen.getByTestId("history-score").textContent).toBe("30%");
  });

  it("labels a practised part by its name, or by its span when it has none", () => {
    const done = { ...processing, status: "completed" as const, progress: 100, overall_score: 64 };
    card({ ...done, part: { start_s: 12, end_s: 20.5, parent_id: 3, label: "counts 5–8" } });
    expect(screen.getByTestId("history-part").textContent).toBe("Practised part: counts 5–8");
    card({ ...done, id: 9, part: { start_s: 12, end_s: 20.5, parent_id: 3, label: "" } });
    expect(screen.getAllByTestId("history-part")[1]?.textContent).toBe("Practised part: 0:12–0:20");
  });

  it("a result that was not the same routine says so in place of its score, with no score at all", () => {
    const done = { ...processing, status: "completed" as const, progress: 100, overall_score: 12 };
    card({ ...done, same_routine: false, counted: "other_routine" });
    expect(screen.getByTestId("history-not-same").textContent?.trim()).toBe("Not the same routine");
    expect(screen.getByTestId("history-not-counted").textContent).toBe("Not counted: your credit was given back.");
    expect(screen.queryByTestId("history-score")).toBeNull();
    expect(screen.queryByText("12%")).toBeNull();
    // Only that one.
    card({ ...done, id: 7, same_routine: true, counted: "yes" });
    expect(screen.getAllByTestId("history-not-same")).toHaveLength(1);
    expect(screen.getByTestId("history-score").textContent).toBe("12%");
  });

  it("marks a card as the server counts it, deciding nothing itself", () => {
    const done = { ...processing, status: "completed" as const, progress: 100, overall_score: 99 };
    card({ ...done, counted: "other_routine" });
    expect(screen.getByTestId("history-not-same")).toBeTruthy();
    card({ ...done, id: 9, counted: "own_recording" });
    expect(screen.getByTestId("history-uncounted")).toBeTruthy();
  });

  it("marks a result scored on the dancer's call, with its score", () => {
    const done = { ...processing, status: "completed" as const, progress: 100, overall_score: 48.2 };
    card({ ...done, dancer_call: true });
    const mark = screen.getByTestId("history-dancer-call");
    expect(within(mark).getByText("Your call")).toBeTruthy();
    expect(within(mark).getByText("You said this is the routine, so it was analysed as it.")).toBeTruthy();
    expect(screen.getByTestId("history-score").textContent).toBe("48%");
    expect(screen.queryByTestId("history-not-same")).toBeNull();
    card({ ...done, id: 8, dancer_call: false });
    expect(screen.getAllByTestId("history-dancer-call")).toHaveLength(1);
  });

  it("marks the reference's own recording and a short practised part as counted nowhere, and says why", () => {
    const done = { ...processing, status: "completed" as const, progress: 100, overall_score: 99 };
    card({ ...done, same_performance: true, counted: "own_recording" });
    const mark = screen.getByTestId("history-uncounted");
    expect(within(mark).getByText("Not counted")).toBeTruthy();
    expect(
      within(mark).getByText(
        "This is the reference's own recording, so it counts in no statistics, achievement or leaderboard.",
      ),
    ).toBeTruthy();
    card({ ...done, id: 8, same_performance: false, counted: "yes" });
    expect(screen.getAllByTestId("history-uncounted")).toHaveLength(1);
    card({ ...done, id: 10, part: { start_s: 4, end_s: 6, parent_id: 1, label: "counts 5–6" }, counted: "short_part" });
    const practice = screen.getAllByTestId("history-uncounted")[1] as HTMLElement;
    expect(within(practice).getByText("Practice")).toBeTruthy();
    expect(
      within(practice).getByText(
        "A part shorter than 8 s is practice: it counts in no statistics, achievement or leaderboard.",
      ),
    ).toBeTruthy();
  });

  it("shows a placeholder under the still, so a card without one (or before it loads) is never blank", () => {
    card({ ...processing, user_video_path: "/api/videos/3/file", thumbnail_path: null });
    expect(screen.getByTestId("history-placeholder")).toBeTruthy();
  });
});
