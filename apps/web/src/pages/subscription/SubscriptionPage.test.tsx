import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

afterEach(() => {
  localStorage.clear();
});

const PLANS = [
  { id: 1, name: "Starter Pack", price: 99, credits: 10, description: "Try it", features: [], popular: false },
  { id: 2, name: "Popular Pack", price: 399, credits: 50, description: "Weekly", features: [], popular: true },
];

describe("plans page", () => {
  it("prices only what Buy sells: each pack's one-time price and credits, no yearly figures", async () => {
    storeSession();
    mockFetch({ ...sessionRoutes(testUser), "GET /api/plans": { body: { plans: PLANS } } });
    renderApp("/subscription");
    await screen.findByRole("button", { name: "Buy Starter Pack for ₹99" });
    expect(screen.queryByText(/year/i)).toBeNull();
    expect(screen.queryByRole("radio", { name: /Yearly/ })).toBeNull();
    for (const plan of PLANS) {
      const card = screen.getByRole("heading", { name: plan.name }).closest("li") as HTMLElement;
      expect(within(card).getByText(`₹${plan.price}`)).toBeTruthy();
      expect(within(card).getByRole("button", { name: `Buy ${plan.name} for ₹${plan.price}` }).textContent).toBe(
        `Buy ${plan.credits} credits`,
      );
      expect(card.textContent).toContain(`${plan.credits} credits · one-time`);
    }
  });
});
