import { defineConfig } from "vitest/config";

/**
 * The quality benchmark's unit tests (stats, the calibration set's invariants, the reframe geometry).
 * Also a project of the root config (npm test):
 *   npx vitest run --root bench/quality
 */
export default defineConfig({
  test: { name: "bench-quality", include: ["*.test.ts", "tracks/*.test.ts"] },
});
