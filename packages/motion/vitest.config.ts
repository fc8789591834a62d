import { defineConfig } from "vitest/config";

// The fixture tests decode real footage and run pose models on all cores: run test files one at a
// time (each already uses every core through the pose worker pool) with generous time limits, and only
// after the other projects' files (a core each) are done, so that none of those shares the cores with them.
export default defineConfig({
  test: {
    name: "motion",
    include: ["src/**/*.test.ts"],
    pool: "forks",
    fileParallelism: false,
    sequence: { groupOrder: 1 },
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
