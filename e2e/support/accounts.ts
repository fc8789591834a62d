import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Signs up through the form (password "secret123" unless given), waits for the dashboard and answers
 * the bearer token of the sign-up answer, for API calls as that user.
 */
export async function signUp(
  p: Page,
  baseUrl: string,
  { name, email, password = "secret123" }: { name: string; email: string; password?: string },
): Promise<string> {
  await p.goto(`${baseUrl}/signup`);
  await p.getByLabel("Full Name", { exact: true }).fill(name);
  await p.getByLabel("Email Address", { exact: true }).fill(email);
  await p.getByLabel("Password", { exact: true }).fill(password);
  await p.getByLabel("Confirm Password", { exact: true }).fill(password);
  const answer = p.waitForResponse((r) => r.url().endsWith("/api/auth/register") && r.request().method() === "POST");
  await p.locator("main form button[type=submit]").click();
  const res = await answer;
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  await p.waitForURL(`${baseUrl}/dashboard`);
  return token;
}

/** Logs in through the form and waits for the dashboard. */
export async function logIn(p: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await p.goto(`${baseUrl}/login`);
  await p.getByLabel("Email", { exact: true }).fill(email);
  await p.getByLabel("Password", { exact: true }).fill(password);
  await p.locator("main form button[type=submit]").click();
  await p.waitForURL(`${baseUrl}/dashboard`);
}
