// Module resolution hooks of plain-js-only.mjs. With STEPSYNC_MODULE_LOG set, every module resolved
// is also appended to that file (one URL a line), so a test can see what the server loaded.
import { appendFileSync } from "node:fs";

let log;

export function initialize(data) {
  log = data?.log;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (/\/node_modules\/tsx\//.test(resolved.url) || /\.m?tsx?$/.test(new URL(resolved.url).pathname)) {
    throw new Error(`${resolved.url}: the built server loads TypeScript (tsx is a dev tool only)`);
  }
  if (log) appendFileSync(log, `${resolved.url}\n`);
  return resolved;
}
