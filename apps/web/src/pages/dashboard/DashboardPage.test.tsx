import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("dashboard progress by style", () => {
  it("opens on Contemporary and, when it is empty, offers the styles the user has practised", async () => {
    storeSession();
    const { calls } = mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/dashboard/stats": {
        body: { credits: 9, activityStats: { ballet: { total: 2, average: 81, improvement: 4 } } },
      },
      "GET /api/dashboard/recent-comparisons": { body: { comparisons: [] } },
      "GET /api/dashboard/achievements": { body: { achievements: [] } },
      "GET /api/credits/bundles": { body: { bundles: [] } },
      "GET /api/dashboard/activity-progress": (_init, url) => {
        const activity = url.searchParams.get("activity");
        return {
          body: {
            activity,
            progress:
              activity === "ballet"
                ? [
                    { day: "2026-11-20", score: 78 },
                    { day: "2026-11-21", score: 84 },
                  ]
                : [],
          },
        };
      },
    });
    renderApp("/dashboard");
    const chart = (await screen.findByRole("heading", { name: "Progress by style" })).closest(".glass") as HTMLElement;
    expect(within(chart).getByRole("button", { name: "Contemporary" }).getAttribute("aria-pressed")).toBe("true");
    expect(await within(chart).findByText(/No Contemporary sessions yet/)).toBeTruthy();
    // Only practised styles are offered (not Jazz, Latin…).
    expect(within(chart).queryByRole("button", { name: "Show Jazz" })).toBeNull();

    fireEvent.click(within(chart).getByRole("button", { name: "Show Ballet" }));
    expect(await within(chart).findByText(/84%/)).toBeTruthy();
    expect(within(chart).getByRole("button", { name: "Ballet" }).getAttribute("aria-pressed")).toBe("true");
    const asked = calls
      .filter((c) => c.path === "/api/dashboard/activity-progress")
      .map((c) => c.url.searchParams.get("activity"));
    expect(asked).toEqual(["contemporary", "ballet"]);
  });
});
