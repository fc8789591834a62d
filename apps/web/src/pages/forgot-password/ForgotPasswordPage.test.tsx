import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes } from "../../test/utils";

describe("forgot password page", () => {
  it("requires an email (trimmed)", async () => {
    mockFetch(sessionRoutes(null));
    renderApp("/forgot-password");
    await screen.findByRole("heading", { name: "Forgot your password?" });
    fireEvent.change(screen.getByLabelText("Email Address"), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Please enter your email address")).toBeTruthy();
  });

  it("confirms with the address, and Send Another Email returns to the form", async () => {
    let release: ((v: { body: unknown }) => void) | undefined;
    const { calls } = mockFetch({
      ...sessionRoutes(null),
      "POST /api/auth/forgot-password": () => new Promise((resolve) => (release = resolve)),
    });
    renderApp("/forgot-password");
    await screen.findByRole("heading", { name: "Forgot your password?" });
    fireEvent.change(screen.getByLabelText("Email Address"), { target: { value: " maya@example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    const busy = (await screen.findByRole("button", { name: "Sending Reset Link..." })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    release?.({ body: { message: "sent" } });
    expect(await screen.findByRole("heading", { name: "Check Your Email" })).toBeTruthy();
    expect(screen.getByText("maya@example.com")).toBeTruthy();
    expect(screen.getByText(/spam/)).toBeTruthy();
    expect(screen.getByText("Password reset email sent!")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/auth/forgot-password")?.body).toEqual({ email: "maya@example.com" });
    expect(screen.getByRole("link", { name: /Back to Login/ }).getAttribute("href")).toBe("/login");
    fireEvent.click(screen.getByRole("button", { name: "Send Another Email" }));
    expect(await screen.findByRole("heading", { name: "Forgot your password?" })).toBeTruthy();
  });

  it("shows the server error, or a network error", async () => {
    mockFetch({ ...sessionRoutes(null), "POST /api/auth/forgot-password": { status: 500, body: {} } });
    renderApp("/forgot-password");
    await screen.findByRole("heading", { name: "Forgot your password?" });
    fireEvent.change(screen.getByLabelText("Email Address"), { target: { value: "maya@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Failed to send reset email")).toBeTruthy();
  });
});
