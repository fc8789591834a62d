import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { MESSAGES } from "@stepsync/contracts";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { callApi } from "./api.ts";
import { runningOutboxes } from "./server.ts";

/**
 * Signs up through the form (password "secret123" unless given): the page registers, logs in with
 * what was typed and lands on the dashboard. Answers the bearer token of that login, for API calls as
 * that user. Unless `confirm` is false it then opens the confirmation link the server mailed to its
 * outbox and presses Confirm, as the user would (credits are spent once the address is confirmed),
 * and comes back to the dashboard.
 */
export async function signUp(
  p: Page,
  baseUrl: string,
  {
    name,
    email,
    password = "secret123",
    confirm = true,
  }: { name: string; email: string; password?: string; confirm?: boolean },
): Promise<string> {
  await p.goto(`${baseUrl}/signup`);
  await p.getByLabel("Full Name", { exact: true }).fill(name);
  await p.getByLabel("Email Address", { exact: true }).fill(email);
  await p.getByLabel("Password", { exact: true }).fill(password);
  await p.getByLabel("Confirm Password", { exact: true }).fill(password);
  const registered = p.waitForResponse(
    (r) => r.url().endsWith("/api/auth/register") && r.request().method() === "POST",
  );
  const loggedIn = p.waitForResponse((r) => r.url().endsWith("/api/auth/login") && r.request().method() === "POST");
  await p.locator("main form button[type=submit]").click();
  expect((await registered).status()).toBe(201);
  const login = await loggedIn;
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await p.waitForURL(`${baseUrl}/dashboard`);
  if (confirm) {
    await confirmInBrowser(p, await mailedConfirmationLink(email));
    await p.goto(`${baseUrl}/dashboard`);
  }
  return token;
}

/** Opens a confirmation link in a signed-in page and presses Confirm; waits for the answer. */
export async function confirmInBrowser(p: Page, link: string, expected: string = MESSAGES.emailConfirmed) {
  await p.goto(link);
  await p.getByRole("button", { name: "Confirm e-mail address" }).click();
  await expect.poll(() => p.getByText(expected).isVisible()).toBe(true);
}

const CONFIRM_LINK = /http:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9_%-]+/;

/**
 * The newest confirmation link for `email` that a server of this test process wrote to its outbox
 * (no SMTP_URL), once it is there: mails go out through the job queue, from any worker.
 */
export async function mailedConfirmationLink(email: string): Promise<string> {
  const addressed = new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "im");
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const outbox of runningOutboxes()) {
      const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith(".eml")).sort();
      for (const name of names.reverse()) {
        // Quoted-printable: soft line breaks and "=3D" for "=".
        const mail = (await readFile(path.join(outbox, name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
        const link = mail.match(CONFIRM_LINK)?.[0];
        if (link && addressed.test(mail)) return link;
      }
    }
    if (Date.now() > deadline) throw new Error(`no confirmation link for ${email} in any outbox within 15 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Confirms the address of a user signed up through the API, as opening the mailed link would. */
export async function confirmByApi(baseUrl: string, token: string, email: string): Promise<void> {
  const link = new URL(await mailedConfirmationLink(email));
  const res = await fetch(`${baseUrl}/api/auth/verify-email`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ token: link.searchParams.get("token") }),
  });
  if (!res.ok) throw new Error(`confirming ${email} → ${res.status} ${await res.text()}`);
}

/** Logs in through the form and waits for the dashboard. */
export async function logIn(p: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await p.goto(`${baseUrl}/login`);
  await p.getByLabel("Email", { exact: true }).fill(email);
  await p.getByLabel("Password", { exact: true }).fill(password);
  await p.locator("main form button[type=submit]").click();
  await p.waitForURL(`${baseUrl}/dashboard`);
}

/** Signs up through the API (which opens no session) and logs in: the token and user of the login. */
export async function registerAndLogIn(
  baseUrl: string,
  body: { username: string; email: string; password: string },
): Promise<{ token: string; user: { id: number } }> {
  await callApi(baseUrl, "POST", "/api/auth/register", body);
  return callApi<{ token: string; user: { id: number } }>(baseUrl, "POST", "/api/auth/login", {
    email: body.email,
    password: body.password,
  });
}

/** Signs up through the API, logs in and confirms the address from the mailed link: an account that may compare. */
export async function registerConfirmed(
  baseUrl: string,
  body: { username: string; email: string; password: string },
): Promise<{ token: string; user: { id: number } }> {
  const answer = await registerAndLogIn(baseUrl, body);
  await confirmByApi(baseUrl, answer.token, body.email);
  return answer;
}
