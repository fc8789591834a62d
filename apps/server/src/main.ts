import { loadConfig } from "./config.ts";
import { buildApp } from "./app.ts";

/** Starts StepSync: migrations, then the HTTP server (and, in later issues, the job workers). */
const config = loadConfig();
const { app } = await buildApp(config);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  await app.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

if (config.roles.web) {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `StepSync is running at ${config.publicUrl} (database: ${config.databaseUrl ? "PostgreSQL" : "embedded PGlite"})`,
  );
}
