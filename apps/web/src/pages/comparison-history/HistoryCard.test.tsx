import type { ComparisonSummary } from "@stepsync/contracts";
import { render, screen } from "@testing-library/react";
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
    expect(screen.getByText("20%")).toBeTruthy();
  });

  it("says nothing of retries on a first attempt", () => {
    card(processing);
    expect(screen.queryByText(/interrupted/)).toBeNull();
  });
});
