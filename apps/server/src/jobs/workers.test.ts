import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/app.ts";
import { jobHandlers } from "../worker-role.ts";
import { ALL_JOBS } from "./queue.ts";
import { type JobHandlers, startWorkers } from "./workers.ts";

let t: TestApp;
beforeAll(async () => {
  // Web role only: the test starts the workers itself.
  t = await startTestApp({ roles: { web: true, worker: false } });
});
afterAll(() => t?.close());

describe("startWorkers", () => {
  it("refuses to start when a job has no handler (a job nobody takes would wait forever)", async () => {
    const { comparison } = jobHandlers(t.ctx);
    await expect(startWorkers(t.ctx, { comparison } as unknown as JobHandlers, [])).rejects.toThrow(
      "No handler for the job(s) reference-poses, rehearsal, email: a worker must take every job.",
    );
  });

  it("has a handler for every job", () => {
    expect(Object.keys(jobHandlers(t.ctx)).sort()).toEqual([...ALL_JOBS].sort());
  });
});
