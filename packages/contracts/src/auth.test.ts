import { describe, expect, it } from "vitest";
import {
  MESSAGES,
  passwordStrength,
  registerRequest,
  resetPasswordRequest,
  scoreBand,
  updateProfileRequest,
} from "./index.ts";

describe("passwordStrength (reset screen)", () => {
  it.each([
    ["", 0],
    ["abc", 1],
    ["abcdefgh", 2],
    ["Abcdefgh", 3],
    ["Abcdefg1", 4],
    ["Abcdef1!", 5],
    ["A1!", 3],
  ])("scores %j as %i", (password, score) => {
    expect(passwordStrength(password)).toBe(score);
  });

  it("lets the server refuse a reset password below 3 with the spec's text", () => {
    const result = resetPasswordRequest.safeParse({ token: "t", password: "abcdefgh" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.weakPassword);
    expect(resetPasswordRequest.safeParse({ token: "t", password: "Abcdefgh" }).success).toBe(true);
  });
});

describe("registerRequest", () => {
  it("trims the name and lower-cases the e-mail", () => {
    expect(registerRequest.parse({ username: "  Ana  ", email: " Ana@X.COM ", password: "123456" })).toEqual({
      username: "Ana",
      email: "ana@x.com",
      password: "123456",
    });
  });
});

describe("updateProfileRequest", () => {
  it("accepts http(s) image URLs only", () => {
    const base = { username: "a", email: "a@b.co" };
    expect(updateProfileRequest.safeParse({ ...base, profile_image: "https://x.y/z.png" }).success).toBe(true);
    expect(updateProfileRequest.safeParse({ ...base, profile_image: "ftp://x.y/z.png" }).success).toBe(false);
    expect(updateProfileRequest.parse({ ...base, profile_image: "" }).profile_image).toBeNull();
  });
});

describe("scoreBand", () => {
  it("colours 80+ green, 60+ yellow, the rest red", () => {
    expect([scoreBand(80), scoreBand(79.9), scoreBand(60), scoreBand(59)]).toEqual([
      "green",
      "yellow",
      "yellow",
      "red",
    ]);
  });
});
