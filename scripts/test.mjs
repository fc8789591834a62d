// `npm test`: every check and suite, in the order that fails fastest.
//   1. install what is missing and build the web app and the server (the browser tests drive both built)
//   2. lint and type-check the tree
//   3. the Vitest suites: contracts, server (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), web, motion
//   4. the end-to-end suite in headless Chromium against a real server
// Extra arguments go to the Vitest suites (e.g. `npm test -- --project "server (pglite)"`), and skip the e2e run.
import { ensureInstalled, ensureServerBuilt, ensureWebBuilt, run } from "./ensure.mjs";

const extra = process.argv.slice(2);
ensureInstalled();
ensureWebBuilt();
ensureServerBuilt();
run("node", ["scripts/check-bundle-size.mjs"]);
run("npx", ["biome", "lint", "."]);
run("npm", ["run", "typecheck"]);
run("npx", ["vitest", "run", ...extra]);
if (extra.length === 0) run("npx", ["vitest", "run", "--config", "e2e/vitest.config.ts"]);
