import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/** Content Security Policy: our own code, plus the Google sign-in and Razorpay checkout scripts. */
const csp = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets the recording dialog's pose worker compile its WebAssembly (our own file).
  scriptSrc: [
    "'self'",
    "'wasm-unsafe-eval'",
    "https://accounts.google.com/gsi/client",
    "https://checkout.razorpay.com",
  ],
  styleSrc: ["'self'", "'unsafe-inline'", "https://accounts.google.com/gsi/style"],
  imgSrc: ["'self'", "data:", "blob:", "https:"],
  mediaSrc: ["'self'", "blob:"],
  connectSrc: ["'self'", "https://accounts.google.com/gsi/", "https://lumberjack.razorpay.com"],
  frameSrc: ["https://accounts.google.com/gsi/", "https://api.razorpay.com", "https://checkout.razorpay.com"],
  fontSrc: ["'self'", "data:"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * Helmet's security headers on every answer. The middleware is built once here: @fastify/helmet
 * rebuilt it (parsing the whole policy) on every request, a quarter of a plain API call's time.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const setHeaders = helmet({ contentSecurityPolicy: { directives: csp }, crossOriginEmbedderPolicy: false });
  app.addHook("onRequest", (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
}
