import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@stepsync/contracts";
import { startTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const valid = {
  username: "Lee",
  email: "lee@example.com",
  full_name: "Lee Min",
  bio: "Tap and jazz.",
  profile_image: "https://img.example/lee.png",
};

describe("GET /api/profile", () => {
  it("answers the user with credits and empty statistics for a new account", async () => {
    const { token } = await t.signUp({ username: "Fresh Face" });
    const res = await t.call("GET", "/api/profile", { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      username: "Fresh Face",
      role: "user",
      credits: 10,
      stats: { overall: { total_comparisons: 0, best_score: null, overall_average: null } },
    });
  });

  it("answers 401 'Authentication required' when signed out", async () => {
    const res = await t.call("GET", "/api/profile");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.authRequired });
  });
});

describe("PUT /api/profile", () => {
  it("saves every field and answers the new profile", async () => {
    // A new e-mail address waits for its link (auth/email-confirmation.test.ts); here it stays.
    const { token } = await t.signUp({ email: valid.email });
    const res = await t.call("PUT", "/api/profile", { token, body: valid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.profileUpdated, profile: { ...valid, credits: 10 } });
    expect((await t.call("GET", "/api/auth/session", { token })).json().user).toMatchObject(valid);
  });

  it("clears optional fields sent empty", async () => {
    const { token, user } = await t.signUp();
    const res = await t.call("PUT", "/api/profile", {
      token,
      body: { username: user.username, email: user.email, full_name: "", bio: "", profile_image: "" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ full_name: null, bio: null, profile_image: null });
  });

  it.each([
    [{ ...valid, username: "" }, 400, MESSAGES.usernameRequired],
    [{ ...valid, email: "" }, 400, MESSAGES.emailRequired],
    [{ ...valid, email: "lee-at-example" }, 400, MESSAGES.emailInvalid],
    [{ ...valid, profile_image: "not a url" }, 400, MESSAGES.profileImageUrl],
    [{ ...valid, profile_image: "javascript:alert(1)" }, 400, MESSAGES.profileImageUrl],
  ])("refuses %j with %i '%s' and keeps the old values", async (body, status, error) => {
    const { token, user } = await t.signUp();
    const res = await t.call("PUT", "/api/profile", {
      token,
      body: { ...body, email: body.email === valid.email ? user.email : body.email },
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error });
    expect((await t.call("GET", "/api/profile", { token })).json().profile.username).toBe(user.username);
  });

  it("refuses a username that belongs to someone else with 409 (an e-mail address: see email-confirmation.test.ts)", async () => {
    await t.signUp({ username: "Taken Name", email: "taken@example.com" });
    const { token, user } = await t.signUp();
    const name = await t.call("PUT", "/api/profile", { token, body: { username: "taken name", email: user.email } });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toEqual({ error: MESSAGES.usernameTaken });
  });
});

describe("profile tabs answer empty lists for a new account", () => {
  it("has no comparisons, achievements or purchases, and one welcome transaction", async () => {
    const { token } = await t.signUp();
    expect((await t.call("GET", "/api/comparisons?limit=5", { token })).json()).toEqual({
      comparisons: [],
      pagination: { page: 1, limit: 5, total: 0, pages: 1, has_more: false },
    });
    expect((await t.call("GET", "/api/comparisons/stats", { token })).json()).toEqual({
      total_comparisons: 0,
      best_score: null,
      average_score: null,
      recent_trend: "Stable",
    });
    expect((await t.call("GET", "/api/dashboard/achievements", { token })).json()).toEqual({ achievements: [] });
    expect((await t.call("GET", "/api/dashboard/stats?timeframe=month", { token })).json()).toEqual({
      activityStats: {},
      credits: 10,
    });
    expect((await t.call("GET", "/api/credits/purchases", { token })).json()).toEqual({ purchases: [] });
    expect((await t.call("GET", "/api/credits/transactions", { token })).json().transactions).toHaveLength(1);
  });
});
