import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../test/utils";

describe("header", () => {
  it("shows Log in and Sign up to visitors, and the small links only in the mobile menu", async () => {
    mockFetch(sessionRoutes(null));
    renderApp("/");
    await screen.findByRole("heading", { level: 1 });
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/login");
    expect(within(header).getByRole("link", { name: "Sign up" }).getAttribute("href")).toBe("/signup");
    expect(within(header).queryByRole("link", { name: "Dashboard" })).toBeNull();
    expect(within(header).queryByRole("link", { name: "Contact" })).toBeNull();

    const toggle = within(header).getByRole("button", { name: "Open menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const mobile = screen.getByRole("navigation", { name: "Mobile" });
    for (const name of ["Contact", "Refund", "Shipping"])
      expect(within(mobile).getByRole("link", { name })).toBeTruthy();

    // Escape closes the menu.
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("shows the signed-in navigation, marks Profile active on /profile/..., and hides Admin from non-admins", async () => {
    storeSession();
    mockFetch(sessionRoutes(testUser));
    renderApp("/profile/42");
    await screen.findByRole("heading", { name: "Profile Not Found", level: 1 });
    const main = screen.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Dashboard", "/dashboard"],
      ["Library", "/library"],
      ["Community", "/community"],
      ["Profile", "/profile"],
    ]) {
      expect(within(main).getByRole("link", { name }).getAttribute("href")).toBe(href);
    }
    expect(within(main).getByRole("link", { name: "Profile" }).getAttribute("aria-current")).toBe("page");
    expect(within(main).queryByRole("link", { name: "Admin" })).toBeNull();
    const help = screen.getByRole("navigation", { name: "Help" });
    expect(within(help).getByRole("link", { name: "Contact" })).toBeTruthy();
  });

  it("closes the mobile menu when an entry is chosen", async () => {
    storeSession();
    mockFetch(sessionRoutes(testUser));
    renderApp("/dashboard");
    await screen.findByRole("heading", { name: /Welcome back/ });
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    fireEvent.click(within(screen.getByRole("navigation", { name: "Mobile" })).getByRole("link", { name: "Library" }));
    await screen.findByRole("heading", { name: "Reference Library", level: 1 });
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();
  });

  it("logs out, then goes to /", async () => {
    storeSession();
    const { calls } = mockFetch({ ...sessionRoutes(testUser), "POST /api/auth/logout": { body: { message: "bye" } } });
    renderApp("/dashboard");
    await screen.findByRole("heading", { name: /Welcome back/ });
    fireEvent.click(within(screen.getByRole("banner")).getAllByRole("button", { name: "Logout" })[0] as HTMLElement);
    await screen.findByRole("heading", { name: /Master Your Dance Potential/ });
    expect(screen.getByTestId("location").textContent).toBe("/");
    expect(calls.some((c) => c.path === "/api/auth/logout")).toBe(true);
    expect(localStorage.getItem("user")).toBeNull();
  });
});
