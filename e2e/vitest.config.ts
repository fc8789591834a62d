import { defineConfig } from "vitest/config";

/** Browser tests: a real server process, real HTTP, Debian's Chromium. One file at a time (2 cores). */
export default defineConfig({
  test: {
    name: "e2e",
    root: import.meta.dirname,
    include: ["**/*.e2e.test.ts"],
    exclude: ["**/node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A file's tests marked concurrent (independent walks through the screens): this many at once.
    maxConcurrency: 3,
    // A loaded CI machine can take seconds to show what a fast one shows at once: waiting for the
    // page is the default, a shorter wait the exception.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
