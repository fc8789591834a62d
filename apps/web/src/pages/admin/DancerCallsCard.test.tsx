import type { DancerCalls, SystemStats } from "@stepsync/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

const admin = { ...testUser, id: 1, username: "root", role: "admin" as const };

const system: SystemStats = {
  total_users: 5,
  new_users_30_days: 2,
  role_distribution: { user: 3, contributor: 1, admin: 1 },
  total_videos: 2,
  total_video_views: 40,
  video_categories: { hip_hop: 2 },
  total_comparisons: 9,
  average_comparison_score: 71.2,
  total_comments: 0,
  total_notifications: 0,
  total_purchases: 0,
  total_revenue: 0,
  currency: "INR",
};

function openSystemTab(calls: DancerCalls) {
  storeSession(admin);
  mockFetch({
    ...sessionRoutes(admin),
    "GET /api/admin/system-stats": { body: system },
    "GET /api/admin/dancer-calls": { body: calls },
  });
  renderApp("/admin/system");
  return screen.findByTestId("dancer-calls");
}

describe("the admin's count of routines not recognised", () => {
  it("shows the refusals and the dancers' calls overall and per reference, uploaded references as one row", async () => {
    const card = await openSystemTab({
      refusals: 8,
      dancer_calls: 3,
      references: [
        {
          reference_video_id: 4,
          title: "Studio choreography",
          refusals: 3,
          dancer_calls: 2,
          called_average_score: 84.4,
        },
        { reference_video_id: null, title: null, refusals: 5, dancer_calls: 1, called_average_score: null },
      ],
    });
    expect(await within(card).findByText("Studio choreography")).toBeTruthy();
    expect(within(card).getByTestId("refusals").textContent).toBe("8");
    expect(within(card).getByTestId("dancer-call-count").textContent).toBe("3 (38%)");
    const rows = within(card).getAllByTestId("dancer-calls-row");
    expect(rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent))).toEqual([
      ["Studio choreography", "3", "2", "84%"],
      ["Uploaded references", "5", "1", "—"],
    ]);
  });

  it("says when nothing has been refused yet", async () => {
    const card = await openSystemTab({ refusals: 0, dancer_calls: 0, references: [] });
    expect(await within(card).findByText("No result has been refused yet.")).toBeTruthy();
    expect(within(card).getByTestId("dancer-call-count").textContent).toBe("0");
  });
});
