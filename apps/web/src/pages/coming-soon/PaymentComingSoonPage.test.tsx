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

  it("tells a dancer with no credits the truth and what to do: ask for credits by mail (no 'your free credits keep working')", async () => {
    storeSession();
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/config": config(false, null),
      "GET /api/credits/balance": { body: { credits: 0 } },
    });
    renderApp("/coming-soon");
    const box = await screen.findByRole("region", { name: "You have no credits left" });
    expect(box.textContent).toContain("Credits cannot be bought here until payments open");
    expect(box.textContent).toContain("x@y.z");
    const ask = screen.getByRole("link", { name: "Ask for credits" }).getAttribute("href") ?? "";
    expect(ask.startsWith("mailto:x@y.z?subject=")).toBe(true);
    expect(decodeURIComponent(ask)).toContain(testUser.email);
    expect(document.body.textContent).not.toMatch(/free credits keep working/);
  });

  it("tells a dancer with credits how many are left, and a visitor what an account starts with", async () => {
    storeSession();
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/config": config(false, null),
      "GET /api/credits/balance": { body: { credits: 3 } },
    });
    const { unmount } = renderApp("/coming-soon");
    expect((await screen.findByTestId("your-credits")).textContent).toBe(
      "You have 3 credits left: each comparison uses 1 credit, and they never expire.",
    );
    unmount();
    localStorage.clear();
    mockFetch({ ...sessionRoutes(null), "GET /api/config": config(false, null) });
    renderApp("/coming-soon");
    expect((await screen.findByTestId("your-credits")).textContent).toBe(
      "A new account starts with 10 credits: each comparison uses 1 credit.",
    );
  });
});
