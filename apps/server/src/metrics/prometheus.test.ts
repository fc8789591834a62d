import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/app.ts";

const outboxDir = path.join(os.tmpdir(), `stepsync-prometheus-test-${process.pid}`);
const TOKEN = "scrape-me-please";

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  // Two apps in one process: each has its own registry, so neither clashes with nor counts the other.
  a = await startTestApp({ outboxDir }, { METRICS_TOKEN: TOKEN });
  b = await startTestApp({ outboxDir }, { METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const scrape = async (app: TestApp) => {
  const res = await app.call("GET", "/metrics", { token: TOKEN });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe("/metrics (prom-client)", () => {
  it("exposes the request duration histogram by method, route pattern and status code", async () => {
    await a.signUp();
    expect((await a.call("GET", "/api/users/424242/profile")).statusCode).toBe(404);
    expect((await a.call("GET", "/api/no/such/thing/9f3a")).statusCode).toBe(404);
    const body = await scrape(a);
    expect(body).toContain("# TYPE stepsync_http_request_duration_seconds histogram");
    expect(body).toMatch(
      /^stepsync_http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/auth\/register",status_code="201"\} 1$/m,
    );
    // The route's pattern, never the URL with its id.
    expect(body).toMatch(
      /^stepsync_http_request_duration_seconds_count\{method="GET",route="\/api\/users\/:id\/profile",status_code="404"\} 1$/m,
    );
    expect(body).not.toContain("424242");
    expect(body).toMatch(/route="unmatched",status_code="404"\} 1$/m);
    expect(body).not.toContain("9f3a");
    expect(body).toMatch(
      /^stepsync_http_request_duration_seconds_sum\{method="POST",route="\/api\/auth\/register",status_code="201"\} [\d.e-]+$/m,
    );
  });

  it("keeps the counters and gauges, and Node's default process metrics", async () => {
    const body = await scrape(a);
    expect(body).toMatch(/^stepsync_http_requests_total\{status_class="2xx"\} 2$/m);
    expect(body).toMatch(/^stepsync_http_requests_total\{status_class="4xx"\} 2$/m);
    expect(body).toMatch(/^stepsync_http_request_errors_total 0$/m);
    expect(body).toMatch(/^stepsync_users 1$/m);
    expect(body).toMatch(/^stepsync_active_users 1$/m);
    expect(body).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(body).toMatch(/^process_cpu_seconds_total [\d.e-]+$/m);
    expect(body).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");
  });

  it("counts each app's own requests", async () => {
    const body = await scrape(b);
    expect(body).not.toContain("stepsync_http_requests_total{");
    expect(body).toMatch(/^stepsync_users 0$/m);
    expect(body).toMatch(/^process_resident_memory_bytes \d+$/m);
  });
});
