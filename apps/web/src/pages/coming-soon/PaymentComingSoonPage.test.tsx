import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

afterEach(() => {
  localStorage.clear();
});

const config = (payments_enabled: boolean, payments_release: string | null) => ({
  body: { google_client_id: null, support_email: "x@y.z", max_video_bytes: 1, payments_enabled, payments_release },
});

describe("payments coming soon", () => {
  it("gives the release the server is set to expect", async () => {
    mockFetch({ ...sessionRoutes(null), "GET /api/config": config(false, "March 2027") });
    renderApp("/coming-soon");
    await screen.findByRole("heading", { name: "Payment Processing Coming Soon" });
    expect(screen.getByText("Expected release:").textContent).toBe("Expected release: March 2027");
  });

  it("promises no date when none is set", async () => {
    mockFetch({ ...sessionRoutes(null), "GET /api/config": config(false, null) });
    renderApp("/coming-soon");
    await screen.findByRole("heading", { name: "Payment Processing Coming Soon" });
    expect(screen.queryByText(/Expected release/)).toBeNull();
    expect(screen.queryByText(/2025/)).toBeNull();
  });

  it("is not shown once payments are on: it leads to the credit packs", async () => {
    storeSession();
    mockFetch({ ...sessionRoutes(testUser), "GET /api/config": config(true, "March 2027") });
    renderApp("/coming-soon");
    await expect.poll(() => screen.getByTestId("location").textContent).toBe("/credits");
    expect(screen.queryByRole("heading", { name: "Payment Processing Coming Soon" })).toBeNull();
  });
});
