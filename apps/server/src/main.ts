import { ffmpegBinaries } from "@stepsync/motion";
import { loadConfig } from "./config.ts";
import { buildApp } from "./app.ts";
import { DataFolderLocked } from "./db/data-lock.ts";
import { isDatabaseUnreachable } from "./db/errors.ts";

/** Starts StepSync: migrations, then the HTTP server (and, in later issues, the job workers). */
const config = loadConfig();
const { app } = await buildApp(config).catch((error: unknown) => {
  // A second server on the same data folder: say so and leave, having touched nothing.
  if (!(error instanceof DataFolderLocked)) throw error;
  console.error(error.message);
  process.exit(1);
});

// What reads every upload, decided once now: a system ffmpeg/ffprobe >= 5, else FFmpeg in-process
// (node-av); with neither, uploads are refused and this logs a warning (`npm run motion -- doctor`).
const { ffmpeg, ffprobe, reader, library } = ffmpegBinaries((message) => app.log.warn(message));
app.log.info(
  reader === "cli"
    ? { reader, ffmpeg: ffmpeg.path, ffmpegVersion: ffmpeg.version, ffprobe: ffprobe.path }
    : { reader, ffmpegVersion: library?.ffmpeg, nodeAv: library?.package },
  "ffmpeg",
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  await app.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
// pg-boss records a finished job without awaiting it: while PostgreSQL is away (a restart, a
// fail-over) that write fails with nobody to catch it. The process rides the outage out — health
// answers 503 meanwhile, and the recovery sweep sends the job again once its heartbeat is silent.
// Anything else unhandled is a bug: log it and exit, as Node would.
process.on("unhandledRejection", (reason) => {
  if (isDatabaseUnreachable(reason)) {
    app.log.warn({ err: reason }, "database unreachable: a background write was lost; its job will be taken back");
    return;
  }
  app.log.fatal({ err: reason }, "unhandled rejection");
  process.exit(1);
});
process.on("SIGTERM", () => void shutdown("SIGTERM"));

if (config.roles.web) {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `StepSync is running at ${config.publicUrl} (database: ${config.databaseUrl ? "PostgreSQL" : "embedded PGlite"})`,
  );
}
