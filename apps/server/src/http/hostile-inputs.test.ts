import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { z } from "zod";
import * as contracts from "@stepsync/contracts";
import { startTestApp, type TestApp } from "../test/app.ts";
import { startFakeGoogle } from "../test/google.ts";
import { startFakeRazorpay } from "../test/fake-razorpay.ts";
import { users } from "../db/schema.ts";

/**
 * Throws hostile values at every registered route: ids outside the integer column's range,
 * NUL characters (PostgreSQL text refuses them), wrong-typed and malformed JSON, broken multipart.
 * Whatever the route, the answer must be a 4xx with `{ error }`, never a 5xx.
 */

let t: TestApp;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let razorpay: Awaited<ReturnType<typeof startFakeRazorpay>>;
const who: Record<string, string | undefined> = { visitor: undefined };

beforeAll(async () => {
  // Google sign-in and payments configured (against stand-ins), so their routes get past "not configured".
  google = await startFakeGoogle("hostile-test-client");
  razorpay = await startFakeRazorpay();
  t = await startTestApp({
    outboxDir: path.join(os.tmpdir(), `stepsync-hostile-${process.pid}`),
    googleClientId: "hostile-test-client",
    googleCertsUrl: google.certsUrl,
    razorpay: {
      keyId: razorpay.keyId,
      keySecret: razorpay.keySecret,
      webhookSecret: razorpay.webhookSecret,
      apiUrl: razorpay.url,
    },
  });
  who.user = (await t.signUp({ username: "Fuzz User" })).token;
  const admin = await t.signUp({ username: "Fuzz Admin" });
  await t.ctx.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id));
  who.admin = admin.token;
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await razorpay?.close();
});

/** Every field name a request schema of the API knows, plus the route-local ones. */
const requestSchemas = Object.entries(contracts).filter(
  ([name, value]) => value instanceof z.ZodObject && /Query|Body|Request|Schema$|Form$|Entry$/.test(name),
) as [string, z.ZodObject][];
const fieldsOf = (pattern: RegExp) =>
  new Set(requestSchemas.filter(([name]) => pattern.test(name)).flatMap(([, s]) => Object.keys(s.shape)));
const bodyFields = [...new Set([...fieldsOf(/./), "user_id", "video_id", "reference_video_id", "comparison_id"])];
const queryFields = [...fieldsOf(/Query/)];
const isId = (key: string) => /(^|_)id$|Id$/.test(key);
const isFlag = (key: string) => /^is_|mirrored/.test(key);

/** An id that fits the column but belongs to nothing: no hostile request ever touches a real row. */
const NO_SUCH_ID = 2_147_483_000;
/** The route's address with ids that cannot exist, so that well-formed requests change nothing. */
const addressOf = (route: { url: string }) => route.url.replace(/:\w+/g, String(NO_SUCH_ID));

let n = 0;
/** A body every route could half-accept: each known field with an ordinary value. */
function plausibleBody(): Record<string, unknown> {
  n += 1;
  const body: Record<string, unknown> = {};
  for (const key of bodyFields) {
    if (key === "email") body[key] = `fuzz${n}@example.com`;
    else if (key === "password") body[key] = "secret123";
    else if (key === "username") body[key] = `fuzz${n}`;
    else if (isId(key)) body[key] = NO_SUCH_ID;
    else if (isFlag(key)) body[key] = true;
    else if (/page|limit|price|amount|credits/.test(key)) body[key] = 1;
    else body[key] = "fuzz";
  }
  return body;
}

const NUL = "fu\u0000zz";
const hostileIds = ["99999999999", "2147483648", "-1", "0", "abc", "1.5", "1e400", "9".repeat(40), "%00", "%E2%80%AE"];
const hostileNumbers: unknown[] = [99999999999, -1, 1e308, "abc", NUL, [], {}];
const rawJson = ["null", "[]", '"x"', "12", "true", "{", '{"a":1,}', '{"username":"a\\u0000b"}'];

/** `what` names the hostile part, for the failure list. */
type Attempt = { method: string; url: string; what: string; payload?: string; headers?: Record<string, string> };

function attemptsFor(route: { method: string; url: string }): Attempt[] {
  const params = route.url.match(/:\w+/g) ?? [];
  const withParams = (value: string) => route.url.replace(/:\w+/g, value);
  const url = addressOf(route);
  const json = { "content-type": "application/json" };
  const attempts: Attempt[] = [];
  const hasBody = !["GET", "HEAD", "OPTIONS"].includes(route.method);
  for (const value of params.length > 0 ? hostileIds : []) {
    attempts.push({ method: route.method, url: withParams(value), what: "path" });
    if (hasBody)
      attempts.push({ method: route.method, url: withParams(value), what: "path", payload: "{}", headers: json });
  }
  if (!hasBody) {
    for (const key of queryFields) {
      for (const value of ["%00", "99999999999", "-1", "x%00y", "%FF"]) {
        attempts.push({ method: route.method, url: `${url}?${key}=${value}`, what: "query" });
      }
    }
    return attempts;
  }
  const body = (changes: Record<string, unknown>) => JSON.stringify({ ...plausibleBody(), ...changes });
  const withBody = (what: string, payload: string) => ({ method: route.method, url, what, payload, headers: json });
  for (const payload of rawJson) attempts.push(withBody(payload, payload));
  attempts.push(withBody("plausible body", body({})));
  for (const key of bodyFields) {
    const values = isId(key) ? hostileNumbers : [NUL, 99999999999];
    for (const value of values) attempts.push(withBody(JSON.stringify({ [key]: value }), body({ [key]: value })));
  }
  const part = 'Content-Disposition: form-data; name="title"\r\n\r\nfuzz\r\n';
  const multipart = (boundary: string, payload: string) => ({
    method: route.method,
    url,
    what: `multipart${boundary} ${JSON.stringify(payload.slice(0, 60))}`,
    payload,
    headers: { "content-type": `multipart/form-data${boundary}` },
  });
  attempts.push(multipart("; boundary=right", `--wrong\r\n${part}--wrong--\r\n`));
  attempts.push(multipart("; boundary=right", `--right\r\n${part}`));
  attempts.push(multipart("; boundary=right", `--right\r\nContent-Disposition: form-data\r\n\r\nx\r\n--right--\r\n`));
  attempts.push(multipart("", `--right\r\n${part}--right--\r\n`));
  attempts.push(multipart("; boundary=right", ""));
  attempts.push(
    multipart(
      "; boundary=right",
      `--right\r\nContent-Disposition: form-data; name="title"\r\n\r\n${NUL}\r\n--right\r\n` +
        'Content-Disposition: form-data; name="video"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\nnot a video\r\n--right--\r\n',
    ),
  );
  return attempts;
}

it("answers every hostile input with a 4xx and { error }, never a 5xx", { timeout: 600_000 }, async () => {
  // Logging out would end the sessions the other requests ride on.
  const routes = t.routes.filter(
    (r) => r.url.startsWith("/api/") && r.method !== "HEAD" && r.url !== "/api/auth/logout",
  );
  expect(routes.length).toBeGreaterThan(60);
  const failures: string[] = [];
  let tried = 0;
  const send = (attempt: Attempt, token: string | undefined) =>
    t.app.inject({
      method: attempt.method as "GET",
      url: attempt.url,
      payload: attempt.payload,
      headers: { ...attempt.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  for (const route of routes) {
    const attempts = attemptsFor(route);
    // A role the route's guard refuses (401, 403) stops there: its hostile values would only go through
    // the parsing and validation the admitted roles' requests go through too. The visitor stands in when
    // no role is admitted.
    const wellFormed = attempts.find((a) => a.what === "plausible body") ?? {
      method: route.method,
      url: addressOf(route),
      what: "well-formed",
    };
    const admitted: [string, string | undefined][] = [];
    for (const [role, token] of Object.entries(who))
      if (![401, 403].includes((await send(wellFormed, token)).statusCode)) admitted.push([role, token]);
    for (const attempt of attempts) {
      for (const [role, token] of admitted.length ? admitted : [["visitor", undefined] as const]) {
        const res = await send(attempt, token);
        tried += 1;
        const line = `${role} ${attempt.method} ${attempt.url} ${attempt.what} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (res.statusCode >= 500) failures.push(line);
        else if (res.statusCode >= 400 && typeof res.json().error !== "string") failures.push(`no { error }: ${line}`);
      }
    }
  }
  console.log(
    `hostile inputs: ${tried} requests to ${routes.length} routes, ${failures.length} answered 5xx or without { error }`,
  );
  expect(failures).toEqual([]);
});
