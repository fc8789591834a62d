import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes, testUser } from "../../test/utils";

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

  it("sends the full name as username without the confirmation, and keeps input on a 409", async () => {
    const { calls } = mockFetch({
      ...sessionRoutes(null),
      "POST /api/auth/register": { status: 409, body: { error: "An account with this email already exists" } },
    });
    const form = await openSignup();
    form.type(form.name, "Maya Rao");
    form.type(form.email, "maya@example.com");
    form.type(form.password, "secret1");
    form.type(form.confirm, "secret1");
    form.submit();
    expect(await screen.findByText("An account with this email already exists")).toBeTruthy();
    const register = calls.find((c) => c.path === "/api/auth/register");
    expect(register?.body).toEqual({ username: "Maya Rao", email: "maya@example.com", password: "secret1" });
    expect(form.name.value).toBe("Maya Rao");
    expect(form.password.value).toBe("secret1");
  });

  it("signs the new user in and goes to /dashboard", async () => {
    mockFetch({
      ...sessionRoutes(testUser),
      "POST /api/auth/register": {
        status: 201,
        body: {
          token: "tok-2",
          session_id: "tok-2",
          user: testUser,
          session: { expires_at: new Date(Date.now() + 86400_000).toISOString() },
        },
      },
    });
    const form = await openSignup();
    form.type(form.name, "Maya Rao");
    form.type(form.email, "maya@example.com");
    form.type(form.password, "secret1");
    form.type(form.confirm, "secret1");
    form.submit();
    await screen.findByRole("heading", { name: /Welcome back, Maya Rao/ });
    expect(screen.getByText("Registration successful!")).toBeTruthy();
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").username).toBe("maya");
    expect(localStorage.getItem("token")).toBeNull();
  });
});
