import { describe, expect, it, vi } from "vitest";
import { mockFetch, testUser } from "../test/utils";
import { ApiError, apiRequest, errorMessage, onUnauthorized } from "./client";

describe("api client", () => {
  it("sends the session cookie with every call and no token header (the HttpOnly cookie is the one carrier)", async () => {
    const { calls } = mockFetch({ "GET /api/thing": { body: { ok: true } } });
    localStorage.setItem("user", JSON.stringify(testUser));
    await apiRequest("/api/thing", { query: { limit: 5, empty: undefined } });
    expect(calls[0]?.init?.credentials).toBe("include");
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers["X-Session-ID"]).toBeUndefined();
    expect(calls[0]?.url.search).toBe("?limit=5");
  });

  it("reads errors from `error`, then `message`, then the fallback, then the HTTP status", async () => {
    mockFetch({
      "GET /api/a": { status: 400, body: { error: "From error" } },
      "GET /api/b": { status: 400, body: { message: "From message" } },
      "GET /api/c": { status: 500, body: {} },
      "GET /api/d": { status: 502, body: {} },
    });
    await expect(apiRequest("/api/a")).rejects.toThrow("From error");
    await expect(apiRequest("/api/b")).rejects.toThrow("From message");
    await expect(apiRequest("/api/c", { fallback: "Login failed" })).rejects.toThrow("Login failed");
    await expect(apiRequest("/api/d")).rejects.toThrow("HTTP error! status: 502");
  });

  it("turns a failed request into a network error", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const error = await apiRequest("/api/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toBe("Network error. Please try again.");
  });

  it("reports a 401 on a call made while signed in so the app can sign out", async () => {
    localStorage.setItem("user", JSON.stringify(testUser));
    mockFetch({ "GET /api/profile": { status: 401, body: { error: "Authentication required" } } });
    const seen: string[] = [];
    const off = onUnauthorized((path) => seen.push(path));
    await expect(apiRequest("/api/profile")).rejects.toThrow("Authentication required");
    await expect(apiRequest("/api/profile", { notifyUnauthorized: false })).rejects.toThrow();
    off();
    expect(seen).toEqual(["/api/profile"]);
  });
});

describe("errorMessage", () => {
  it("shows the server's words, else the screen's fallback — also when the server could not be reached", async () => {
    expect(errorMessage(new ApiError(409, "Username already taken"), "Registration failed")).toBe(
      "Username already taken",
    );
    expect(errorMessage(new ApiError(500, ""), "Failed to compare videos")).toBe("Failed to compare videos");
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const offline = await apiRequest("/api/friends/request", { method: "POST" }).catch((e: unknown) => e);
    expect(errorMessage(offline, "Failed to send friend request")).toBe("Failed to send friend request");
  });
});
