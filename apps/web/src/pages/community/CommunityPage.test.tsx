import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

afterEach(() => {
  localStorage.clear();
});

const point = (date: string, avg_score: number) => ({ date, activity_type: "ballet", avg_score, count: 1 });

describe("community screen", () => {
  it("shows your progress first, everyone's on request; each panel filters by style on its own", async () => {
    storeSession();
    const { calls } = mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/progress/chart": { body: [] },
      "GET /api/community/progress": (_init, url) => ({
        body: url.searchParams.get("activity_type") === "ballet" ? [point("2026-11-20", 82)] : [],
      }),
      "GET /api/leaderboard": { body: [] },
    });
    renderApp("/community");
    const chart = (await screen.findByRole("heading", { name: "Progress" })).closest(".glass") as HTMLElement;
    const board = (await screen.findByRole("heading", { name: "Leaderboard" })).closest(".glass") as HTMLElement;
    expect(await within(chart).findByText(/No progress data yet/)).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/progress/chart")).toBe(true);
    expect(calls.some((c) => c.path === "/api/community/progress")).toBe(false);

    fireEvent.click(within(chart).getByRole("button", { name: "Everyone" }));
    fireEvent.change(within(chart).getByLabelText("Style"), { target: { value: "ballet" } });
    expect(await within(chart).findByRole("list", { name: "Average score per period" })).toBeTruthy();
    const progress = calls.filter((c) => c.path === "/api/community/progress");
    expect(progress.at(-1)?.url.searchParams.get("activity_type")).toBe("ballet");
    expect(progress.at(-1)?.url.searchParams.get("timeframe")).toBe("week");
    // The leaderboard kept its own filter.
    expect((within(board).getByLabelText("Style") as HTMLSelectElement).value).toBe("");
    const boards = calls.filter((c) => c.path === "/api/leaderboard");
    expect(boards.every((c) => !c.url.searchParams.has("activity_type"))).toBe(true);
  });
});
