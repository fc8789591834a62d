import { describe, expect, it } from "vitest";
import { logIn, signUp } from "./support/accounts.ts";
import { noSideScroll, screenshot, type WatchedPage } from "./support/browser.ts";
import { mailSuite } from "./support/suite.ts";

const mail = mailSuite();
const { suite } = mail;
const page = (width?: number) => suite.page({ width });

const submit = (p: WatchedPage["page"]) => p.locator("main form button[type=submit]");

describe("accounts in the browser", () => {
  it("signs up and lands on the dashboard, signed in ('Registration successful!')", async () => {
    const { page: p, problems } = await page();
    await signUp(p, suite.server.baseUrl, {
      name: "Ritu Das",
      email: "ritu@example.com",
      password: "secret123",
      confirm: false,
    });
    await expect.poll(() => p.getByText("Registration successful!").first().isVisible()).toBe(true);
    await expect.poll(() => p.getByRole("button", { name: "Logout" }).first().isVisible()).toBe(true);
    await p.goto(`${suite.server.baseUrl}/profile`);
    await expect.poll(() => p.getByText("@ritu_das").first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(problems).toEqual([]);
  });

  it("signing up with a taken address and another password: 'Account exists but login failed', a link to log in with the address", async () => {
    const { page: p } = await suite.page({ width: 390, height: 844 });
    await p.goto(`${suite.server.baseUrl}/signup`);
    await p.getByLabel("Full Name", { exact: true }).fill("Someone Else");
    await p.getByLabel("Email Address", { exact: true }).fill("ritu@example.com");
    await p.getByLabel("Password", { exact: true }).fill("another-pass");
    await p.getByLabel("Confirm Password", { exact: true }).fill("another-pass");
    await submit(p).click();
    const alert = p.getByRole("alert");
    await expect
      .poll(() => alert.textContent())
      .toContain("Account exists but login failed. Please try logging in directly.");
    expect(p.url()).toBe(`${suite.server.baseUrl}/signup`);
    expect(await noSideScroll(p)).toBe(true);
    await screenshot(p, "signup-taken-390x844");
    await alert.getByRole("link", { name: "Log in" }).click();
    await p.waitForURL(`${suite.server.baseUrl}/login`);
    expect(await p.getByLabel("Email", { exact: true }).inputValue()).toBe("ritu@example.com");
  });

  it("shows the spec's validation texts and keeps what was typed", async () => {
    const { page: p } = await page();
    await p.goto(`${suite.server.baseUrl}/signup`);
    await p.getByLabel("Full Name", { exact: true }).fill("Typed Name");
    await p.getByLabel("Email Address", { exact: true }).fill("not-an-email");
    await p.getByLabel("Password", { exact: true }).fill("123");
    await p.getByLabel("Confirm Password", { exact: true }).fill("456");
    await submit(p).click();
    for (const text of ["Email is invalid", "Password must be at least 6 characters", "Passwords do not match"]) {
      await expect.poll(() => p.getByText(text).isVisible()).toBe(true);
    }
    expect(await p.getByLabel("Full Name", { exact: true }).inputValue()).toBe("Typed Name");
    expect(p.url()).toBe(`${suite.server.baseUrl}/signup`);
  });

  it("logs out to the home page, then logs back in", async () => {
    const { page: p, problems } = await page();
    await signUp(p, suite.server.baseUrl, {
      name: "Omar Ali",
      email: "omar@example.com",
      password: "secret123",
      confirm: false,
    });
    await p.getByRole("button", { name: "Logout" }).first().click();
    await p.waitForURL(`${suite.server.baseUrl}/`);
    await expect.poll(() => p.getByRole("link", { name: "Log in" }).first().isVisible()).toBe(true);
    // The old session is gone: a protected page sends the visitor to /login.
    await p.goto(`${suite.server.baseUrl}/dashboard`);
    await p.waitForURL(`${suite.server.baseUrl}/login`);
    await logIn(p, suite.server.baseUrl, "omar@example.com", "secret123");
    expect(problems).toEqual([]);
  });

  it("refuses a wrong password with a readable error and keeps the e-mail typed", async () => {
    const { page: p } = await page();
    await p.goto(`${suite.server.baseUrl}/login`);
    await p.getByLabel("Email", { exact: true }).fill("omar@example.com");
    await p.getByLabel("Password", { exact: true }).fill("wrong-password");
    await submit(p).click();
    await expect.poll(() => p.getByText("Invalid email or password").first().isVisible()).toBe(true);
    expect(await p.getByLabel("Email", { exact: true }).inputValue()).toBe("omar@example.com");
  });

  it("resets a forgotten password through the mailed link, then logs in with the new one", async () => {
    const { page: p } = await page();
    await signUp(p, suite.server.baseUrl, {
      name: "Nina K",
      email: "nina@example.com",
      password: "oldpass1",
      confirm: false,
    });
    await p.getByRole("button", { name: "Logout" }).first().click();
    await p.waitForURL(`${suite.server.baseUrl}/`);

    await p.goto(`${suite.server.baseUrl}/forgot-password`);
    await p.getByLabel("Email Address", { exact: true }).fill("nina@example.com");
    await submit(p).click();
    await expect.poll(() => p.getByText("Check Your Email").first().isVisible()).toBe(true);

    const received = await mail.smtp.waitFor("nina@example.com", /reset-password/);
    const link = received.text.match(/http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_%-]+/)?.[0];
    expect(link).toBeDefined();
    await p.goto(link as string);
    await expect.poll(() => p.getByText("Nina K").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await p.getByLabel("New Password", { exact: true }).fill("Brand#New9");
    await p.getByLabel("Confirm New Password", { exact: true }).fill("Brand#New9");
    await expect.poll(() => p.getByText("Passwords match").first().isVisible()).toBe(true);
    await submit(p).click();
    await p.waitForURL(`${suite.server.baseUrl}/login`);

    await logIn(p, suite.server.baseUrl, "nina@example.com", "Brand#New9");

    // The link worked once: opening it again says so.
    await p.goto(link as string);
    await expect.poll(() => p.getByText("Invalid Reset Link").first().isVisible()).toBe(true);
  });

  it("sends a visitor on /profile to /login", async () => {
    const { page: p } = await page();
    await p.goto(`${suite.server.baseUrl}/profile`);
    await p.waitForURL(`${suite.server.baseUrl}/login`);
  });

  it("sends a signed-in non-admin on /admin to /dashboard", async () => {
    const { page: p } = await page();
    await logIn(p, suite.server.baseUrl, "omar@example.com", "secret123");
    await p.goto(`${suite.server.baseUrl}/admin`);
    await p.waitForURL(`${suite.server.baseUrl}/dashboard`);
  });

  it("works on a phone through the menu", async () => {
    const { page: p, problems } = await page(390);
    await logIn(p, suite.server.baseUrl, "omar@example.com", "secret123");
    await p.getByRole("button", { name: "Open menu" }).click();
    await p.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Profile" }).click();
    await p.waitForURL(`${suite.server.baseUrl}/profile`);
    expect(problems).toEqual([]);
  });
});
