import { MESSAGES } from "@stepsync/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes } from "../../test/utils";

async function openSignup() {
  renderApp("/signup");
  await screen.findByRole("heading", { name: "Create your account" });
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  return {
    name: field("Full Name"),
    email: field("Email Address"),
    password: field("Password"),
    confirm: field("Confirm Password"),
    type(input: HTMLInputElement, value: string) {
      fireEvent.change(input, { target: { value } });
    },
    submit: () => fireEvent.click(screen.getByRole("button", { name: "Create account" })),
  };
}

describe("signup page", () => {
  it("shows a required message for every empty field", async () => {
    const { calls } = mockFetch(sessionRoutes(null));
    const form = await openSignup();
    form.submit();
    expect(await screen.findByText("Name is required")).toBeTruthy();
    expect(screen.getByText("Email is required")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    expect(screen.queryByText("Passwords do not match")).toBeNull();
    expect(calls.some((c) => c.path === "/api/auth/register")).toBe(false);
    expect(form.name.getAttribute("aria-invalid")).toBe("true");
  });

  it("rejects a malformed email, a short password and a different confirmation", async () => {
    mockFetch(sessionRoutes(null));
    const form = await openSignup();
    form.type(form.name, "Maya Rao");
    form.type(form.email, "maya@example");
    form.type(form.password, "abc");
    form.type(form.confirm, "abcd");
    form.submit();
    expect(await screen.findByText("Email is invalid")).toBeTruthy();
    expect(screen.getByText("Password must be at least 6 characters")).toBeTruthy();
    expect(screen.getByText("Passwords do not match")).toBeTruthy();
    expect(screen.queryByText("Name is required")).toBeNull();
  });

  it("clears a field's message when that field is edited, and only that one", async () => {
    mockFetch(sessionRoutes(null));
    const form = await openSignup();
    form.submit();
    await screen.findByText("Name is required");
    form.type(form.name, "M");
    expect(screen.queryByText("Name is required")).toBeNull();
    expect(screen.getByText("Email is required")).toBeTruthy();
    form.type(form.email, "m");
    expect(screen.queryByText("Email is required")).toBeNull();
    expect(screen.getByText("Password is required")).toBeTruthy();
  });

  it("sends the full name as username without the confirmation, and keeps the input when refused", async () => {
    const { calls } = mockFetch({
      ...sessionRoutes(null),
      "POST /api/auth/register": {
        status: 429,
        body: { error: "Too many requests. Please wait a moment and try again." },
      },
    });
    const form = await openSignup();
    form.type(form.name, "Maya Rao");
    form.type(form.email, "maya@example.com");
    form.type(form.password, "secret1");
    form.type(form.confirm, "secret1");
    form.submit();
    expect(await screen.findByText("Too many requests. Please wait a moment and try again.")).toBeTruthy();
    const register = calls.find((c) => c.path === "/api/auth/register");
    expect(register?.body).toEqual({ username: "Maya Rao", email: "maya@example.com", password: "secret1" });
    expect(form.name.value).toBe("Maya Rao");
    expect(form.password.value).toBe("secret1");
  });

  it("says 'check your e-mail' (signed out: the new account logs in), and Go to login brings the address", async () => {
    mockFetch({
      ...sessionRoutes(null),
      "POST /api/auth/register": { status: 201, body: { message: MESSAGES.signUpCheckEmail("maya@example.com") } },
    });
    const form = await openSignup();
    form.type(form.name, "Maya Rao");
    form.type(form.email, "Maya@Example.com");
    form.type(form.password, "secret1");
    form.type(form.confirm, "secret1");
    form.submit();
    expect(await screen.findByRole("heading", { name: "Check your e-mail" })).toBeTruthy();
    expect(screen.getByText(MESSAGES.signUpCheckEmail("maya@example.com"))).toBeTruthy();
    expect(localStorage.getItem("user")).toBeNull();
    expect(screen.getByTestId("location").textContent).toBe("/signup");

    fireEvent.click(screen.getByRole("link", { name: "Go to login" }));
    await screen.findByRole("heading", { name: "Welcome back" });
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("maya@example.com");
  });

  it("'Use another address' brings back an empty form", async () => {
    mockFetch({
      ...sessionRoutes(null),
      "POST /api/auth/register": { status: 201, body: { message: MESSAGES.signUpCheckEmail("maya@example.com") } },
    });
    const form = await openSignup();
    form.type(form.name, "Maya Rao");
    form.type(form.email, "maya@example.com");
    form.type(form.password, "secret1");
    form.type(form.confirm, "secret1");
    form.submit();
    fireEvent.click(await screen.findByRole("button", { name: "Use another address" }));
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeTruthy();
    expect((screen.getByLabelText("Email Address") as HTMLInputElement).value).toBe("");
  });
});
