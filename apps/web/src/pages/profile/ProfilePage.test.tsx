import { MESSAGES, type Profile } from "@stepsync/contracts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type MockHandler, mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

const profile: Profile = {
  ...testUser,
  bio: "Contemporary dancer.",
  role: "contributor",
  credits: 10,
  stats: { overall: { total_comparisons: 0, best_score: null, overall_average: null } },
  verified: false,
  social_links: {},
};

function routes(extra: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    ...sessionRoutes(testUser),
    "GET /api/profile": { body: { profile } },
    "GET /api/comparisons": { body: { comparisons: [], pagination: { page: 1, limit: 5, total: 0, has_more: false } } },
    "GET /api/dashboard/stats": { body: { activityStats: {}, credits: 10 } },
    "GET /api/dashboard/achievements": { body: { achievements: [] } },
    "GET /api/credits/transactions": { body: { transactions: [] } },
    "GET /api/credits/purchases": { body: { purchases: [] } },
    "GET /api/progress/chart": { body: [] },
    ...extra,
  };
}

async function openProfile() {
  storeSession();
  renderApp("/profile");
  await screen.findByRole("heading", { name: "Maya Rao", level: 1 });
}

describe("profile page", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the header, the role badge and the four stats", async () => {
    mockFetch(routes());
    await openProfile();
    expect(screen.getByText("@maya")).toBeTruthy();
    expect(screen.getByText("contributor").getAttribute("data-role")).toBe("contributor");
    expect(screen.getByText(/Member since/)).toBeTruthy();
    expect(screen.getByText("Contemporary dancer.")).toBeTruthy();
    for (const label of ["Credits", "Comparisons", "Best Score", "Avg Score"])
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
  });

  it("shows each tab's empty state from the (empty) API answers", async () => {
    const { calls } = mockFetch(routes());
    await openProfile();
    expect(await screen.findByText("No recent activity. Start a comparison to see your progress!")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/comparisons")?.url.searchParams.get("limit")).toBe("5");

    fireEvent.click(screen.getByRole("tab", { name: "Achievements" }));
    expect(await screen.findByText("No Achievements Yet")).toBeTruthy();
    expect(screen.getByText("Complete your first comparison to start earning achievements!")).toBeTruthy();

    fireEvent.click(screen.getByRole("tab", { name: "Transactions" }));
    expect(await screen.findByText("No credit transactions yet.")).toBeTruthy();
    expect(await screen.findByText("No payment history yet.")).toBeTruthy();

    fireEvent.click(screen.getByRole("tab", { name: "Statistics" }));
    expect(screen.getByRole("tab", { name: "Statistics" }).getAttribute("aria-selected")).toBe("true");
    expect(await screen.findByText("Breakdance")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/dashboard/stats")?.url.searchParams.get("timeframe")).toBe("month");
  });

  it("payment history: a closed checkout reads Cancelled, a refused one Failed, neither as owing", async () => {
    const purchase = (id: number, payment_status: string, ended: string | null) => ({
      id,
      credits_amount: 50,
      amount_paid: 399,
      payment_method: "razorpay",
      payment_status,
      ended,
      created_at: "2026-11-20T10:00:00.000Z",
    });
    mockFetch(
      routes({
        "GET /api/credits/purchases": {
          body: {
            purchases: [
              purchase(3, "failed", "cancelled"),
              purchase(2, "failed", "failed"),
              purchase(1, "completed", null),
            ],
          },
        },
      }),
    );
    await openProfile();
    fireEvent.click(screen.getByRole("tab", { name: "Transactions" }));
    const history = (await screen.findByText("Cancelled")).closest("ul")!;
    const rows = within(history).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/50 credits · ₹399 not charged.*Cancelled$/),
      expect.stringMatching(/50 credits · ₹399 not charged.*Failed$/),
      expect.stringMatching(/50 credits · ₹399razorpay.*Completed$/),
    ]);
  });

  it("shows its four figures once, above the tabs (the overview does not repeat them)", async () => {
    mockFetch(
      routes({
        "GET /api/profile": {
          body: {
            profile: {
              ...profile,
              credits: 7,
              stats: { overall: { total_comparisons: 3, best_score: 91, overall_average: 72 } },
            },
          },
        },
      }),
    );
    await openProfile();
    expect(await screen.findByText("No recent activity. Start a comparison to see your progress!")).toBeTruthy();
    for (const figure of ["7", "3", "91%", "72%"]) expect(screen.getAllByText(figure)).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Buy More Credits" }).getAttribute("href")).toBe("/credits");
  });

  it("colours scores: 80+ green, 60+ yellow, else red", async () => {
    mockFetch(
      routes({
        "GET /api/profile": {
          body: {
            profile: {
              ...profile,
              stats: { overall: { total_comparisons: 4, best_score: 85, overall_average: 64.6 } },
            },
          },
        },
      }),
    );
    await openProfile();
    const best = screen.getAllByText("85%")[0];
    const avg = screen.getAllByText("65%")[0];
    expect(best?.className).toContain("text-teal-300");
    expect(avg?.className).toContain("text-yellow-300");
  });

  it("validates the edit form per field and Cancel resets to the loaded values", async () => {
    const { calls } = mockFetch(routes());
    await openProfile();
    fireEvent.click(screen.getByRole("button", { name: "Edit Profile" }));
    const username = screen.getByLabelText("Username") as HTMLInputElement;
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    const image = screen.getByLabelText("Profile image URL") as HTMLInputElement;
    fireEvent.change(username, { target: { value: " " } });
    fireEvent.change(email, { target: { value: "nope" } });
    fireEvent.change(image, { target: { value: "not a url" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Username is required")).toBeTruthy();
    expect(screen.getByText("Email is invalid")).toBeTruthy();
    expect(screen.getByText("Profile image must be a valid URL")).toBeTruthy();
    fireEvent.change(email, { target: { value: "" } });
    expect(screen.queryByText("Email is invalid")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Email is required")).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    fireEvent.click(await screen.findByRole("button", { name: "Edit Profile" }));
    expect((screen.getByLabelText("Username") as HTMLInputElement).value).toBe("maya");
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("maya@example.com");
  });

  it("saves, shows 'Profile updated successfully!' for 3 seconds and updates the header", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockFetch(
      routes({
        "PUT /api/profile": (init) => {
          const body = JSON.parse(String(init?.body)) as Partial<Profile>;
          return { body: { profile: { ...profile, ...body }, message: "Profile updated successfully!" } };
        },
      }),
    );
    await openProfile();
    fireEvent.click(screen.getByRole("button", { name: "Edit Profile" }));
    fireEvent.change(screen.getByLabelText("Full name"), { target: { value: "Maya R." } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Profile updated successfully!")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Maya R.", level: 1 })).toBeTruthy();
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toMatchObject({ username: "maya", email: "maya@example.com", full_name: "Maya R." });
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").full_name).toBe("Maya R.");

    act(() => vi.advanceTimersByTime(2900));
    expect(screen.queryByText("Profile updated successfully!")).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(screen.queryByText("Profile updated successfully!")).toBeNull());
  });

  it("keeps the typed values and shows the server's error on a 409", async () => {
    mockFetch(routes({ "PUT /api/profile": { status: 409, body: { error: "This username is already taken" } } }));
    await openProfile();
    fireEvent.click(screen.getByRole("button", { name: "Edit Profile" }));
    fireEvent.change(screen.getByLabelText("Username"), { target: { value: "taken" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("This username is already taken")).toBeTruthy();
    expect((screen.getByLabelText("Username") as HTMLInputElement).value).toBe("taken");
  });

  it("goes to /login when the profile answers 401", async () => {
    mockFetch(routes({ "GET /api/profile": { status: 401, body: { error: "Authentication required" } } }));
    storeSession();
    renderApp("/profile");
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(screen.getByTestId("location").textContent).toBe("/login");
  });
});

describe("profile e-mail change", () => {
  it("asks for the current password when the e-mail differs, sends it, and shows the pending address", async () => {
    const { calls } = mockFetch(
      routes({
        "PUT /api/profile": {
          body: {
            profile: { ...profile, pending_email: "maya.new@example.com" },
            message: MESSAGES.emailChangePending("maya.new@example.com"),
          },
        },
      }),
    );
    await openProfile();
    expect(screen.getByText("maya@example.com")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Edit Profile" }));
    expect(screen.queryByLabelText("Current password")).toBeNull();
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "Maya.New@example.com" } });
    const password = screen.getByLabelText("Current password") as HTMLInputElement;
    expect(password.type).toBe("password");
    expect(password.getAttribute("autocomplete")).toBe("current-password");
    expect(password.required).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(MESSAGES.currentPasswordRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    fireEvent.change(password, { target: { value: "secret123" } });
    expect(screen.queryByText(MESSAGES.currentPasswordRequired)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(MESSAGES.emailChangePending("maya.new@example.com"))).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      email: "Maya.New@example.com",
      current_password: "secret123",
    });
    // The e-mail stays the old one until the link is opened; the new one is shown as waiting.
    expect(screen.getByText("maya@example.com")).toBeTruthy();
    expect(screen.getByText("Waiting for confirmation: maya.new@example.com")).toBeTruthy();
    const stored = JSON.parse(localStorage.getItem("user") ?? "{}") as { email: string; pending_email: string };
    expect(stored.email).toBe("maya@example.com");
    expect(stored.pending_email).toBe("maya.new@example.com");
  });

  it("keeps everything typed and marks the password when the server says it is wrong", async () => {
    mockFetch(routes({ "PUT /api/profile": { status: 400, body: { error: MESSAGES.currentPasswordWrong } } }));
    await openProfile();
    fireEvent.click(screen.getByRole("button", { name: "Edit Profile" }));
    fireEvent.change(screen.getByLabelText("Full name"), { target: { value: "Maya R." } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "other@example.com" } });
    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "wrong-one" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(MESSAGES.currentPasswordWrong)).toBeTruthy();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("other@example.com");
    expect((screen.getByLabelText("Full name") as HTMLInputElement).value).toBe("Maya R.");
    expect((screen.getByLabelText("Current password") as HTMLInputElement).value).toBe("wrong-one");
  });

  it("does not ask a Google-only account for a password, nor anyone keeping the same e-mail", async () => {
    const { calls } = mockFetch(
      routes({
        "GET /api/profile": { body: { profile: { ...profile, has_password: false } } },
        "PUT /api/profile": { body: { profile, message: MESSAGES.profileUpdated } },
      }),
    );
    await openProfile();
    fireEvent.click(screen.getByRole("button", { name: "Edit Profile" }));
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "other@example.com" } });
    expect(screen.queryByLabelText("Current password")).toBeNull();
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "maya@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(MESSAGES.profileUpdated)).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).not.toHaveProperty("current_password");
  });
});
