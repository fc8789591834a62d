import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

afterEach(() => {
  localStorage.clear();
});

describe("dashboard progress by style", () => {
  it("opens on the most practised style and, on an empty one, offers the styles the user has practised", async () => {
    storeSession();
    const { calls } = mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/dashboard/stats": {
        body: {
          credits: 9,
          activityStats: {
            ballet: { total: 1, average: 81, improvement: 4 },
            hip_hop: { total: 14, average: 70, improvement: 2 },
          },
        },
      },
      "GET /api/dashboard/recent-comparisons": { body: { comparisons: [] } },
      "GET /api/dashboard/achievements": { body: { achievements: [] } },
      "GET /api/credits/bundles": { body: { bundles: [] } },
      "GET /api/dashboard/activity-progress": (_init, url) => {
        const activity = url.searchParams.get("activity");
        const scores: Record<string, number[]> = { ballet: [84], hip_hop: [66, 73] };
        return {
          body: {
            activity,
            progress: (scores[activity ?? ""] ?? []).map((score, i) => ({ id: i + 1, day: `2026-11-2${i}`, score })),
          },
        };
      },
    });
    renderApp("/dashboard");
    const chart = (await screen.findByRole("heading", { name: "Progress by style" })).closest(".glass") as HTMLElement;
    // Hip hop has 14 sessions, ballet 1: the chart opens on hip hop, not on the spec's Contemporary.
    expect(within(chart).getByRole("button", { name: "Hip Hop" }).getAttribute("aria-pressed")).toBe("true");
    expect(await within(chart).findByText(/73%/)).toBeTruthy();

    fireEvent.click(within(chart).getByRole("button", { name: "Contemporary" }));
    expect(await within(chart).findByText(/No Contemporary sessions yet/)).toBeTruthy();
    // Only practised styles are offered (not Jazz, Latin…), the most practised first.
    expect(within(chart).queryByRole("button", { name: "Show Jazz" })).toBeNull();
    fireEvent.click(within(chart).getByRole("button", { name: "Show Ballet" }));
    expect(await within(chart).findByText(/84%/)).toBeTruthy();
    expect(within(chart).getByRole("button", { name: "Ballet" }).getAttribute("aria-pressed")).toBe("true");
    const asked = calls
      .filter((c) => c.path === "/api/dashboard/activity-progress")
      .map((c) => c.url.searchParams.get("activity"));
    expect(asked).toEqual(["hip_hop", "contemporary", "ballet"]);
  });
});
