import { MESSAGES } from "@stepsync/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeGoogle } from "../apps/server/src/test/google.ts";
import { startSmtpServer } from "../apps/server/src/test/smtp.ts";
import { screenshot } from "./support/browser.ts";
import { browserSuite } from "./support/suite.ts";

/**
 * An attacker registers the victim's address with a password of their own and keeps a session; the
 * victim opens the welcome link that arrives (signed out), then signs in with Google. The victim's
 * Google sign-in must not land in an account whose password the attacker holds: that password is
 * removed and the attacker's session ended (Firebase's rule), and the victim is told so.
 * Google plays its part with its real protocol: ID tokens signed by keys the server fetches from a
 * certs endpoint on loopback, and a stand-in for its button script in the browser.
 */
const CLIENT_ID = "stepsync-e2e.apps.googleusercontent.com";
const VICTIM = { email: "victim@gmail.com", sub: "google-victim-1", name: "Vera Victim" };
const ATTACKER_PASSWORD = "attacker-pass-1";

let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  google = await startFakeGoogle(CLIENT_ID);
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
  await google?.close();
});
const suite = browserSuite(() => ({
  env: { SMTP_URL: smtp.url, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CERTS_URL: google.certsUrl },
}));

const api = async (method: string, url: string, body?: unknown, token?: string) => {
  const res = await fetch(`${suite.server.baseUrl}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
};

/**
 * Stands in for Google Identity Services on `page`: its button hands the page `credential`, as
 * Google's popup does once the user has picked their account.
 */
async function fakeGoogleButton(page: Page, credential: string) {
  await page.route("https://accounts.google.com/gsi/client", (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `window.google = { accounts: { id: {
        initialize(config) { window.__gis = config; },
        renderButton(parent) {
          const button = document.createElement("button");
          button.type = "button";
          button.textContent = "Sign in with Google";
          button.onclick = () => window.__gis.callback({ credential: ${JSON.stringify(credential)} });
          parent.appendChild(button);
        },
        disableAutoSelect() {}, cancel() {}, prompt() {},
      } } };`,
    }),
  );
}

describe("Google sign-in over an account someone registered with your address", () => {
  it("the attacker's password stops working and their session ends; the victim is told", async () => {
    // The attacker signs up with the victim's address and signs in.
    const base = suite.server.baseUrl;
    expect(
      (
        await api("POST", "/api/auth/register", {
          username: "Not Vera",
          email: VICTIM.email,
          password: ATTACKER_PASSWORD,
        })
      ).status,
    ).toBe(201);
    const attacker = await api("POST", "/api/auth/login", { email: VICTIM.email, password: ATTACKER_PASSWORD });
    expect(attacker.status).toBe(200);
    const attackerToken = attacker.body.token as string;

    // The victim finds the welcome mail and opens its link, signed out.
    const welcome = await smtp.waitFor(VICTIM.email, /verify-email\?token=/);
    const link = welcome.text.match(/http:\/\/127\.0\.0\.1:\d+\/verify-email\?token=[A-Za-z0-9_%-]+/)?.[0] as string;
    const { page: victim, problems } = await suite.page();
    await victim.goto(link);
    await victim.locator("main h1").first().waitFor();
    await victim.waitForLoadState("networkidle");
    const linkPage = (await victim.locator("main h1").first().textContent()) ?? "";
    await screenshot(victim, "takeover-welcome-link");

    // Later the victim signs in with Google.
    await fakeGoogleButton(victim, google.idToken({ sub: VICTIM.sub, email: VICTIM.email, name: VICTIM.name }));
    await victim.goto(`${base}/login`);
    await victim.getByRole("button", { name: "Sign in with Google" }).click();
    await victim.waitForURL(`${base}/dashboard`);

    // The attacker's password no longer works, and their session is over.
    expect((await api("POST", "/api/auth/login", { email: VICTIM.email, password: ATTACKER_PASSWORD })).status).toBe(
      401,
    );
    expect((await api("GET", "/api/auth/session", undefined, attackerToken)).status).toBe(401);

    // Opening the link had confirmed nothing; the victim is told what Google's sign-in did.
    expect(linkPage).toBe("Log in to confirm");
    await expect.poll(() => victim.getByText(MESSAGES.googlePasswordRemoved).isVisible()).toBe(true);
    await screenshot(victim, "takeover-google-notice");
    const me = await victim.evaluate(
      async () => (await (await fetch("/api/auth/session")).json()) as { user: unknown },
    );
    expect(me.user).toMatchObject({
      email: VICTIM.email,
      email_verified: true,
      has_password: false,
      username: VICTIM.name,
    });
    expect(problems).toEqual([]);
  });
});
