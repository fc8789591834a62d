import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@stepsync/contracts";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { startFakeGoogle } from "../../test/google.ts";

const clientId = "stepsync-test.apps.googleusercontent.com";
let t: TestApp;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
beforeAll(async () => {
  google = await startFakeGoogle(clientId);
  t = await startTestApp({ googleClientId: clientId, googleCertsUrl: google.certsUrl });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

describe("Google sign-in", () => {
  it("login answers 404 for an unknown Google user, so the client falls back to registration", async () => {
    const credential = google.idToken({ sub: "g-1", email: "newbie@gmail.com", name: "New Bie" });
    const res = await t.call("POST", "/api/auth/google-login", { body: { credential } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MESSAGES.googleNoAccount });
  });

  it("register creates the account with 10 credits; a second register answers 409, and login then works", async () => {
    const credential = google.idToken({
      sub: "g-2",
      email: "Kavya@gmail.com",
      name: "Kavya N",
      picture: "https://lh3.example/p.jpg",
    });
    const created = await t.call("POST", "/api/auth/google-register", { body: { credential } });
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({
      email: "kavya@gmail.com",
      username: "Kavya N",
      profile_image: "https://lh3.example/p.jpg",
    });
    const balance = await t.call("GET", "/api/credits/balance", { token: created.json().token });
    expect(balance.json().credits).toBe(10);

    const again = await t.call("POST", "/api/auth/google-register", { body: { credential } });
    expect(again.statusCode).toBe(409);
    const login = await t.call("POST", "/api/auth/google-login", { body: { credential } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.email).toBe("kavya@gmail.com");
  });

  it("over a password account whose address was never confirmed: signs in, removes the password, ends its sessions, says so", async () => {
    const { token } = await t.signUp({
      username: "Not The Owner",
      email: "both@gmail.com",
      password: "someones1",
      confirmed: false,
    });
    await t.call("PUT", "/api/profile", {
      token,
      body: { username: "Not The Owner", email: "both@gmail.com", bio: "Mine now" },
    });
    const res = await t.call("POST", "/api/auth/google-login", {
      body: { credential: google.idToken({ sub: "g-3", email: "both@gmail.com", name: "Bo Th" }) },
    });
    expect(res.statusCode).toBe(200);
    // The profile whoever set the password wrote goes too: the account is the Google identity's.
    expect(res.json()).toMatchObject({
      message: MESSAGES.googlePasswordRemoved,
      password_removed: true,
      user: {
        email: "both@gmail.com",
        email_verified: true,
        has_password: false,
        username: "Bo Th",
        full_name: "Bo Th",
        bio: null,
      },
    });
    expect((await t.call("GET", "/api/auth/session", { token })).statusCode).toBe(401);
    const login = await t.call("POST", "/api/auth/login", { body: { email: "both@gmail.com", password: "someones1" } });
    expect(login.statusCode).toBe(401);
  });

  it("over a password account whose owner confirmed the address: links, and the password and sessions stay", async () => {
    const { token } = await t.signUp({ email: "mine@gmail.com", password: "my-own-1" });
    const res = await t.call("POST", "/api/auth/google-login", {
      body: { credential: google.idToken({ sub: "g-3b", email: "mine@gmail.com" }) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.loginSuccessful, user: { has_password: true } });
    expect(res.json()).not.toHaveProperty("password_removed");
    expect((await t.call("GET", "/api/auth/session", { token })).statusCode).toBe(200);
    const login = await t.call("POST", "/api/auth/login", { body: { email: "mine@gmail.com", password: "my-own-1" } });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    ["a token for another app", () => google.idToken({ sub: "g-4", email: "x@gmail.com", aud: "someone-else" })],
    ["an expired token", () => google.idToken({ sub: "g-5", email: "y@gmail.com", expiresIn: -7200 })],
    ["a forged signature", () => `${google.idToken({ sub: "g-6", email: "z@gmail.com" }).slice(0, -8)}AAAAAAAA`],
    ["garbage", () => "not-a-jwt"],
  ])("refuses %s with 401", async (_name, make) => {
    const res = await t.call("POST", "/api/auth/google-login", { body: { credential: make() } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.authFailed });
  });

  it("answers 503 when Google sign-in is not configured, and /api/config says so", async () => {
    const plain = await startTestApp();
    try {
      const res = await plain.call("POST", "/api/auth/google-login", { body: { credential: "x" } });
      expect(res.statusCode).toBe(503);
      expect((await plain.call("GET", "/api/config")).json().google_client_id).toBeNull();
      expect((await t.call("GET", "/api/config")).json().google_client_id).toBe(clientId);
    } finally {
      await plain.close();
    }
  });
});
