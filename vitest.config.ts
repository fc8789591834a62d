import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Every suite but the browser one (e2e/ has its own config, run after the web app is built).
 * The server suite runs on embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
 */
const serverProject = (name: string, db: "pglite" | "postgres") => ({
  extends: "./apps/server/vitest.config.ts",
  test: { name, root: "./apps/server", env: { TEST_DB: db } },
});

export default defineConfig({
  test: {
    // A worker per core (Vitest's own default leaves one idle: on 2 cores the files ran one at a
    // time). Most server and web files wait on a database or a socket, not the CPU.
    maxWorkers: availableParallelism(),
    projects: [
      "packages/contracts",
      serverProject("server (pglite)", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("server (postgres)", "postgres")] : []),
      ...(existsSync("apps/web/vitest.config.ts") ? ["apps/web"] : []),
      ...(existsSync("packages/motion/vitest.config.ts") ? ["packages/motion"] : []),
      // The quality benchmark's own logic (cases, statistics, report), not the benchmark itself.
      "bench/quality",
    ],
  },
});
