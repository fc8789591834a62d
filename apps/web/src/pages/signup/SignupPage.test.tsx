import { MESSAGES } from "@stepsync/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes, testUser } from "../../test/utils";

const authBody = {
  token: "tok-1",
  session_id: "tok-1",
  user: testUser,
  session: { expires_at: new Date(Date.now() + 86400_000).toISOString() },
};

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

  it("signs in with what was typed once registered: toast 'Registration successful!' and on to /dashboard", async () => {
    const { calls } = mockFetch({
      ...sessionRoutes(null),
      "POST /api/auth/register": { status: 201, body: { message: MESSAGES.signUpCheckEmail("maya@example.com") } },
      "POST /api/auth/login": { body: authBody },
    });
    const form = await openSignup();
    form.type(form.name, "Maya Rao");
    form.type(form.email, " maya@example.com ");
    form.type(form.password, "secret1");
    form.type(form.confirm, "secret1");
    form.submit();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/dashboard"));
    expect(screen.getByText(MESSAGES.registrationSuccessful)).toBeTruthy();
    expect(calls.map((c) => c.path).filter((p) => p.startsWith("/api/auth/") && p !== "/api/auth/session")).toEqual([
      "/api/auth/register",
      "/api/auth/login",
    ]);
    expect(calls.find((c) => c.path === "/api/auth/login")?.body).toEqual({
      email: "maya@example.com",
      password: "secret1",
    });
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").username).toBe("maya");
  });

  it("a taken address (sign-up answers alike, the login fails): says so, with a link to log in that brings the address", async () => {
    mockFetch({
      ...sessionRoutes(null),
      "POST /api/auth/register": { status: 201, body: { message: MESSAGES.signUpCheckEmail("maya@example.com") } },
      "POST /api/auth/login": { status: 401, body: { error: "Invalid email or password" } },
    });
    const form = await openSignup();
    form.type(form.name, "Maya Rao");
    form.type(form.email, "Maya@Example.com");
    form.type(form.password, "secret1");
    form.type(form.confirm, "secret1");
    form.submit();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(MESSAGES.accountExistsLoginFailed);
    expect(screen.getByTestId("location").textContent).toBe("/signup");
    expect(localStorage.getItem("user")).toBeNull();
    // What was typed stays, and the button is usable again.
    expect(form.email.value).toBe("Maya@Example.com");
    expect((screen.getByRole("button", { name: "Create account" }) as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(within(alert).getByRole("link", { name: "Log in" }));
    await screen.findByRole("heading", { name: "Welcome back" });
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("maya@example.com");
  });
});
