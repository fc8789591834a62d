import { barHeight } from "@stepsync/contracts";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { formatDate } from "../lib/format";
import { createQueryClient } from "../providers";
import { mockFetch } from "../test/utils";
import { ProgressChart } from "./ProgressChart";
import { StyleProgressChart } from "./StyleProgressChart";

function renderChart(chart: ReactNode) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return render(<QueryClientProvider client={client}>{chart}</QueryClientProvider>);
}

/** Pixels above the baseline where each axis label is centred. */
function tickHeights(): Record<string, string> {
  const axis = screen.getByTestId("score-axis");
  return Object.fromEntries([...axis.children].map((el) => [el.textContent, (el as HTMLElement).style.bottom]));
}

describe("progress charts", () => {
  it("put 100/50/0 at the heights of 100, 50 and 0 bars, name several styles of a day, and give one date once", async () => {
    mockFetch({
      "GET /api/progress/chart": {
        body: [
          { activity_type: "ballet", date: "2026-11-20", avg_score: 100, count: 1 },
          { activity_type: "hip_hop", date: "2026-11-20", avg_score: 50, count: 2 },
        ],
      },
    });
    renderChart(<ProgressChart />);
    const bars = await screen.findAllByTestId("progress-bar");
    expect(bars.map((b) => b.style.height)).toEqual([`${barHeight(100)}px`, `${barHeight(50)}px`]);
    expect(tickHeights()).toEqual({ "100%": `${barHeight(100)}px`, "50%": `${barHeight(50)}px`, "0%": "0px" });
    // Both bars are in one day's column, and the legend names their styles.
    expect(bars[0]?.parentElement).toBe(bars[1]?.parentElement);
    const legend = screen.getByRole("list", { name: "Styles" });
    expect(
      within(legend)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Ballet", "Hip Hop"]);
    expect(screen.getByTestId("date-span").textContent).toBe(formatDate("2026-11-20"));
  });

  it("shows the first and the last day when they differ, and no legend for a single style", async () => {
    mockFetch({
      "GET /api/progress/chart": {
        body: [
          { activity_type: "jazz", date: "2026-11-02", avg_score: 70, count: 1 },
          { activity_type: "jazz", date: "2026-11-20", avg_score: 90, count: 1 },
        ],
      },
    });
    renderChart(<ProgressChart />);
    await screen.findAllByTestId("progress-bar");
    const span = screen.getByTestId("date-span");
    expect([...span.children].map((c) => c.textContent)).toEqual([formatDate("2026-11-02"), formatDate("2026-11-20")]);
    expect(screen.queryByRole("list", { name: "Styles" })).toBeNull();
  });

  it("the style chart's axis agrees with its bars too", async () => {
    mockFetch({
      "GET /api/dashboard/activity-progress": {
        body: {
          activity: "contemporary",
          progress: [
            { id: 1, score: 100, day: "2026-11-20", created_at: "2026-11-20T10:00:00Z" },
            { id: 2, score: 50, day: "2026-11-20", created_at: "2026-11-20T11:00:00Z" },
          ],
        },
      },
    });
    renderChart(<StyleProgressChart />);
    const bars = await screen.findAllByTestId("style-bar");
    expect(bars.map((b) => b.style.height)).toEqual([`${barHeight(100)}px`, `${barHeight(50)}px`]);
    expect(tickHeights()).toEqual({ "100%": `${barHeight(100)}px`, "50%": `${barHeight(50)}px`, "0%": "0px" });
    expect(screen.getByTestId("date-span").textContent).toBe(formatDate("2026-11-20"));
  });
});
