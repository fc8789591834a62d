import { defineConfig } from "vitest/config";

export default defineConfig({
  oxc: { jsx: { runtime: "automatic" } },
  test: {
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    restoreMocks: true,
    // Stubbed globals (fetch above all) are put back before each test, after the previous test's
    // afterEach unmounted it: a page still polling as its test ends never reaches the network.
    unstubGlobals: true,
  },
});
