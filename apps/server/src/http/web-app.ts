import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { MESSAGES } from "@stepsync/contracts";

/**
 * Serves the built web app. Hashed assets are cached for a year; any other GET that is not an API
 * call gets index.html, so client-side routes such as /profile work on reload.
 */
export async function serveWebApp(app: FastifyInstance, dist: string | undefined): Promise<void> {
  const index = dist ? path.join(dist, "index.html") : undefined;
  const hasApp = !!index && existsSync(index);
  if (hasApp && dist) {
    await app.register(fastifyStatic, {
      root: dist,
      // Files are looked up per request (not listed once at start), so a rebuild is served at once.
      index: ["index.html"],
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header("cache-control", "public, max-age=31536000, immutable");
        else res.header("cache-control", "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === "GET" && !request.url.startsWith("/api/") && !request.url.startsWith("/uploads/");
    if (wantsPage && hasApp) return reply.header("cache-control", "no-cache").sendFile("index.html");
    if (wantsPage) {
      return reply
        .status(503)
        .type("text/html")
        .send("<!doctype html><title>StepSync</title><p>The web app is not built yet. Run <code>npm start</code>.</p>");
    }
    return reply.status(404).send({ error: MESSAGES.notFound });
  });
}
