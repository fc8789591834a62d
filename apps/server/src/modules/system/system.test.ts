import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "stepsync-dist-"));
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>StepSync</title><div id=root></div>");
  await mkdir(path.join(dist, "assets"));
  await writeFile(path.join(dist, "assets", "app-abc123.js"), "console.log('hi')");
  t = await startTestApp({ webDist: dist });
});
afterAll(() => t.close());

describe("health and the web app", () => {
  it("reports health with a database check", async () => {
    const res = await t.call("GET", "/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: expect.stringMatching(/pglite|postgres/) });
  });

  it("serves index.html for client routes and hashed assets with long caching", async () => {
    for (const route of ["/", "/profile", "/reset-password?token=abc", "/profile/12"]) {
      const res = await t.call("GET", route);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain("<div id=root>");
    }
    const asset = await t.call("GET", "/assets/app-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
  });

  it("answers unknown API paths with a JSON 404, not the page", async () => {
    const res = await t.call("GET", "/api/nothing-here");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Not found" });
  });

  it("sends security headers and no CORS permission by default", async () => {
    const res = await t.call("GET", "/api/health", { headers: { origin: "https://evil.example" } });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBeDefined();
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("answers malformed JSON with a readable 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });
});

describe("the payments announcement settings in /api/config", () => {
  it("say payments are off and give PAYMENTS_RELEASE, or no date when it is unset", async () => {
    expect((await t.call("GET", "/api/config")).json()).toMatchObject({
      payments_enabled: false,
      payments_release: null,
    });
    const dated = await startTestApp({}, { PAYMENTS_RELEASE: "March 2027" });
    try {
      expect((await dated.call("GET", "/api/config")).json()).toMatchObject({
        payments_enabled: false,
        payments_release: "March 2027",
      });
    } finally {
      await dated.close();
    }
  });

  it("say payments are on once both Razorpay keys are set", async () => {
    const paying = await startTestApp({}, { RAZORPAY_KEY_ID: "rzp_test_1", RAZORPAY_KEY_SECRET: "s3cret" });
    try {
      expect((await paying.call("GET", "/api/config")).json().payments_enabled).toBe(true);
    } finally {
      await paying.close();
    }
  });
});
