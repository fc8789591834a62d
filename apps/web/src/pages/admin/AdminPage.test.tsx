import type { AdminUser, TrafficStats } from "@stepsync/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HistoryButtons, mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

const admin = { ...testUser, id: 1, username: "root", role: "admin" as const };

const traffic: TrafficStats = {
  application_stats: {
    overview: {
      total_requests: 1234,
      total_errors: 2,
      error_rate_percent: 0.2,
      active_users: 3,
      avg_response_time_ms: 12,
    },
    hourly_traffic: {},
  },
  database_stats: { total_users: 5, total_videos: 2, total_comparisons: 9, database_size_mb: 12 },
  system_stats: { cpu_percent: 10, memory_percent: 40, disk_percent: 50 },
};

const member: AdminUser = {
  id: 7,
  username: "maya",
  email: "maya@example.com",
  role: "user",
  verified: false,
  credits: 10,
  created_at: "2025-01-15T10:00:00.000Z",
};

function openAdmin(path: string) {
  storeSession(admin);
  mockFetch({
    ...sessionRoutes(admin),
    "GET /api/admin/traffic-stats": { body: traffic },
    "GET /api/admin/realtime-stats": {
      body: { active_users: 3, total_requests: 10, avg_response_time_ms: 9, error_rate_percent: 0, timestamp: "" },
    },
    "GET /api/admin/users": {
      body: { users: [member], pagination: { page: 1, limit: 20, total: 1, pages: 1, has_more: false } },
    },
    "GET /api/admin/videos": {
      body: { videos: [], pagination: { page: 1, limit: 20, total: 0, pages: 0, has_more: false } },
    },
  });
  renderApp(path, <HistoryButtons />);
}

const selectedTab = () => screen.getAllByRole("tab").find((t) => t.getAttribute("aria-selected") === "true");
const location = () => screen.getByTestId("location").textContent;

describe("admin panel tabs in the address", () => {
  it("/admin shows the first tab; choosing a tab puts it in the address; back and forward switch tabs", async () => {
    openAdmin("/admin");
    expect(await screen.findByText("1,234")).toBeTruthy();
    expect(selectedTab()?.textContent).toBe("Traffic Metrics");

    fireEvent.click(screen.getByRole("tab", { name: "User Management" }));
    expect(location()).toBe("/admin/users");
    expect(await screen.findByLabelText("Role of maya")).toBeTruthy();
    expect(selectedTab()?.textContent).toBe("User Management");

    fireEvent.click(screen.getByRole("button", { name: "Browser back" }));
    expect(location()).toBe("/admin");
    expect(selectedTab()?.textContent).toBe("Traffic Metrics");
    expect(screen.queryByLabelText("Role of maya")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Browser forward" }));
    expect(location()).toBe("/admin/users");
    expect(selectedTab()?.textContent).toBe("User Management");
  });

  it("opens a tab from its address, e.g. after a reload", async () => {
    openAdmin("/admin/content");
    expect(await screen.findByText("No videos found.")).toBeTruthy();
    expect(selectedTab()?.textContent).toBe("Video Management");
  });

  it("moves between tabs with the arrow keys, the address following", async () => {
    openAdmin("/admin/users");
    const users = await screen.findByRole("tab", { name: "User Management" });
    fireEvent.keyDown(users, { key: "ArrowRight" });
    expect(location()).toBe("/admin/content");
    expect(document.activeElement?.textContent).toBe("Video Management");
    fireEvent.keyDown(document.activeElement as Element, { key: "Home" });
    expect(location()).toBe("/admin/traffic");
    expect(selectedTab()?.textContent).toBe("Traffic Metrics");
  });

  it("sends an unknown tab to /admin", async () => {
    openAdmin("/admin/nonsense");
    expect(await screen.findByText("1,234")).toBeTruthy();
    expect(location()).toBe("/admin");
  });
});
