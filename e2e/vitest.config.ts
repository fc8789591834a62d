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
  },
});
