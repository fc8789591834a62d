import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes, testUser } from "../../test/utils";

const authBody = {
  token: "tok-1",
  session_id: "tok-1",
  user: testUser,
  session: { expires_at: new Date(Date.now() + 86400_000).toISOString() },
};

async function openLogin() {
  renderApp("/login");
  await screen.findByRole("heading", { name: "Welcome back" });
  return {
    email: screen.getByLabelText("Email") as HTMLInputElement,
    password: screen.getByLabelText("Password") as HTMLInputElement,
    submit: () => fireEvent.click(screen.getByRole("button", { name: "Log in" })),
  };
}

describe("login page", () => {
  it("asks for both email and password, and clears the message on edit", async () => {
    const { calls } = mockFetch(sessionRoutes(null));
    const form = await openLogin();
    form.submit();
    expect(await screen.findByText("Please enter both email and password")).toBeTruthy();
    fireEvent.change(form.email, { target: { value: "maya@example.com" } });
    expect(screen.queryByText("Please enter both email and password")).toBeNull();
    form.submit();
    expect(await screen.findByText("Please enter both email and password")).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/auth/login")).toBe(false);
  });

  it("shows the server's error and keeps what was typed", async () => {
    mockFetch({
      ...sessionRoutes(null),
      "POST /api/auth/login": { status: 401, body: { error: "Invalid email or password" } },
    });
    const form = await openLogin();
    fireEvent.change(form.email, { target: { value: "maya@example.com" } });
    fireEvent.change(form.password, { target: { value: "wrong-pass" } });
    form.submit();
    expect(await screen.findByText("Invalid email or password")).toBeTruthy();
    expect(form.email.value).toBe("maya@example.com");
    expect(form.password.value).toBe("wrong-pass");
    expect((screen.getByRole("button", { name: "Log in" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("disables and relabels the button while signing in, then stores the session and goes to /dashboard", async () => {
    let answer: ((v: { body: unknown }) => void) | undefined;
    const { calls } = mockFetch({
      ...sessionRoutes(testUser),
      "POST /api/auth/login": () => new Promise((resolve) => (answer = resolve)),
    });
    const form = await openLogin();
    fireEvent.change(form.email, { target: { value: "  maya@example.com " } });
    fireEvent.change(form.password, { target: { value: "secret1" } });
    form.submit();
    const busy = (await screen.findByRole("button", { name: "Signing in..." })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    await waitFor(() => expect(answer).toBeDefined());
    answer?.({ body: authBody });

    await screen.findByRole("heading", { name: /Welcome back, Maya Rao/ });
    expect(screen.getByTestId("location").textContent).toBe("/dashboard");
    expect(screen.getByText("Login successful!")).toBeTruthy();
    // The server's HttpOnly cookie carries the session: no token copy readable by scripts.
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("sessionId")).toBeNull();
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").username).toBe("maya");

    const login = calls.find((c) => c.path === "/api/auth/login");
    expect(login?.body).toEqual({ email: "maya@example.com", password: "secret1" });
    expect(login?.init?.credentials).toBe("include");
    // The answer holds what the session check would say: it is not fetched again.
    expect(calls.filter((c) => c.path === "/api/auth/session")).toHaveLength(0);
  });

  it("has links to forgot password and signup", async () => {
    mockFetch(sessionRoutes(null));
    await openLogin();
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("/forgot-password");
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe("/signup");
  });

  it("shows no Google button when the server has no Google client id", async () => {
    mockFetch(sessionRoutes(null));
    await openLogin();
    await waitFor(() => expect(screen.queryByText("or")).toBeNull());
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });
});
