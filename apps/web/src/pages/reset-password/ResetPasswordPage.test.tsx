import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes } from "../../test/utils";

function routes(extra = {}) {
  return {
    ...sessionRoutes(null),
    "POST /api/auth/validate-reset-token": { body: { email: "maya@example.com", username: "maya" } },
    ...extra,
  };
}

async function openReset() {
  renderApp("/reset-password?token=abc123");
  await screen.findByRole("heading", { name: "Choose a new password" });
  const password = screen.getByLabelText("New Password") as HTMLInputElement;
  const confirm = screen.getByLabelText("Confirm New Password") as HTMLInputElement;
  const submit = () => screen.getByRole("button", { name: "Reset Password" }) as HTMLButtonElement;
  const meter = () => screen.getByRole("meter", { name: "Password strength" });
  return { password, confirm, submit, meter };
}

describe("reset password page", () => {
  it("greets the user after validating the token", async () => {
    const { calls } = mockFetch(routes());
    await openReset();
    expect(screen.getByText("maya")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/auth/validate-reset-token")?.body).toEqual({ token: "abc123" });
  });

  it("scores strength one point each for length 8, lower, upper, digit, special", async () => {
    mockFetch(routes());
    const { password, meter } = await openReset();
    const cases: Array<[string, number, string]> = [
      ["", 0, "Weak"],
      ["abc", 1, "Weak"],
      ["abcdefgh", 2, "Weak"],
      ["abcdefgH", 3, "Good"],
      ["abcdefH1", 4, "Strong"],
      ["abcdeH1!", 5, "Strong"],
      ["A1!", 3, "Good"],
    ];
    for (const [value, score, label] of cases) {
      fireEvent.change(password, { target: { value } });
      expect(meter().getAttribute("aria-valuetext")).toBe(`${label} (${score} of 5)`);
      expect(screen.getByTestId("strength-bars").querySelectorAll('[data-filled="true"]').length).toBe(score);
      expect(screen.getByText(label)).toBeTruthy();
    }
  });

  it("lists hints for the missing strength points", async () => {
    mockFetch(routes());
    const { password } = await openReset();
    fireEvent.change(password, { target: { value: "abc" } });
    expect(screen.getByText("Use at least 8 characters")).toBeTruthy();
    expect(screen.getByText("Add an uppercase letter")).toBeTruthy();
    expect(screen.getByText("Add a number")).toBeTruthy();
    expect(screen.queryByText("Add a lowercase letter")).toBeNull();
  });

  it("shows a live match indicator", async () => {
    mockFetch(routes());
    const { password, confirm } = await openReset();
    fireEvent.change(password, { target: { value: "Dance4Ever!" } });
    expect(screen.queryByText("Passwords match")).toBeNull();
    fireEvent.change(confirm, { target: { value: "Dance4" } });
    expect(screen.getByText("Passwords do not match")).toBeTruthy();
    fireEvent.change(confirm, { target: { value: "Dance4Ever!" } });
    expect(screen.getByText("Passwords match")).toBeTruthy();
    expect(screen.queryByText("Passwords do not match")).toBeNull();
  });

  it("keeps submit disabled unless the passwords match and the score is at least 3", async () => {
    mockFetch(routes());
    const { password, confirm, submit } = await openReset();
    expect(submit().disabled).toBe(true);
    // weak (2) and matching
    fireEvent.change(password, { target: { value: "abcdefgh" } });
    fireEvent.change(confirm, { target: { value: "abcdefgh" } });
    expect(submit().disabled).toBe(true);
    // good (3) but not matching
    fireEvent.change(password, { target: { value: "abcdefgH" } });
    expect(submit().disabled).toBe(true);
    // good (3) and matching
    fireEvent.change(confirm, { target: { value: "abcdefgH" } });
    expect(submit().disabled).toBe(false);
  });

  it("resets, toasts and goes to /login", async () => {
    const { calls } = mockFetch(routes({ "POST /api/auth/reset-password": { body: { message: "ok" } } }));
    const { password, confirm, submit } = await openReset();
    fireEvent.change(password, { target: { value: "Dance4Ever!" } });
    fireEvent.change(confirm, { target: { value: "Dance4Ever!" } });
    fireEvent.click(submit());
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(screen.getByText("Password reset successfully!")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/auth/reset-password")?.body).toEqual({
      token: "abc123",
      password: "Dance4Ever!",
    });
  });

  it("shows Invalid Reset Link with a Request New Link action for a bad token", async () => {
    mockFetch(
      routes({
        "POST /api/auth/validate-reset-token": { status: 400, body: { error: "Invalid or expired reset link" } },
      }),
    );
    renderApp("/reset-password?token=nope");
    expect(await screen.findByRole("heading", { name: "Invalid Reset Link" })).toBeTruthy();
    expect(screen.getByText("Invalid or expired reset link")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request New Link" }).getAttribute("href")).toBe("/forgot-password");
  });

  it("toasts and redirects to /forgot-password when the token is missing", async () => {
    mockFetch(routes());
    renderApp("/reset-password");
    await screen.findByRole("heading", { name: "Forgot your password?" });
    expect(screen.getByTestId("location").textContent).toBe("/forgot-password");
    expect(screen.getByText("Invalid reset link")).toBeTruthy();
  });
});
