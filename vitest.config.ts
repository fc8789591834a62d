import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import motion, { FOOTAGE_TESTS } from "./packages/motion/vitest.config.ts";
import server from "./apps/server/vitest.config.ts";

/**
 * What the server suite runs on PGlite too when it also runs on PostgreSQL (TEST_DATABASE_URL): the
 * files whose behaviour depends on the database engine — the database layer (PGlite's own data folder
 * and lock), the job queues (in-process on PGlite, pg-boss on PostgreSQL), a comparison through the
 * queue, the database's faults and the command line that opens it. The other files test routes and
 * rules over SQL that PGlite (PostgreSQL compiled to WebAssembly) runs the same: once is enough, and
 * every end-to-end test runs its servers on PGlite besides. Without TEST_DATABASE_URL, all run on PGlite.
 */
const ENGINE_SPECIFIC = [
  "src/db/**/*.test.ts",
  "src/jobs/**/*.test.ts",
  "src/mail/mail-queue.test.ts",
  "src/cli/**/*.test.ts",
  "src/modules/system/health-faults.test.ts",
  "src/modules/comparisons/compare.test.ts",
];

/** A project of a package's own config (`base`, at `root`), named and with some of its options set here. */
const projectOf =
  (base: typeof server, root: string) =>
  (name: string, test: Record<string, unknown> = {}) => ({ test: { ...base.test, name, root, ...test } });
const motionProject = projectOf(motion, "./packages/motion");
const serverOn = projectOf(server, "./apps/server");
const serverProject = (name: string, db: "pglite" | "postgres", include = server.test?.include) =>
  serverOn(name, { include, env: { TEST_DB: db } });

/** Every suite but the browser one (e2e/ has its own config, run after the web app is built). */
export default defineConfig({
  test: {
    // A worker per core (Vitest's own default leaves one idle: on 2 cores the files ran one at a
    // time). Most server and web files wait on a database or a socket, not the CPU.
    maxWorkers: availableParallelism(),
    projects: [
      "packages/contracts",
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject("server (pglite)", "pglite", ENGINE_SPECIFIC), serverProject("server (postgres)", "postgres")]
        : [serverProject("server (pglite)", "pglite")]),
      ...(existsSync("apps/web/vitest.config.ts") ? ["apps/web"] : []),
      // The engine's files beside the others; those that decode footage on every core (FOOTAGE_TESTS)
      // one at a time after all the rest, so that nothing else shares the cores with them.
      motionProject("motion", {
        exclude: [...configDefaults.exclude, ...FOOTAGE_TESTS],
        fileParallelism: true,
        sequence: { groupOrder: 0 },
      }),
      motionProject("motion (footage)", { include: FOOTAGE_TESTS }),
      // The quality benchmark's own logic (cases, statistics, report), not the benchmark itself.
      "bench/quality",
    ],
  },
});
