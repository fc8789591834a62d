import { defineConfig } from "vitest/config";

/**
 * The files that decode real footage or run the pose models on all cores (through the pose worker
 * pool) are named `*.footage.test.ts`. The root config (npm test) runs these one at a time after
 * every other project's files, and the rest of this package's files beside the other projects.
 */
export const FOOTAGE_TESTS = ["src/**/*.footage.test.ts"];

// Run on its own (`npx vitest run` here): every file one at a time, with generous time limits.
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
