import { readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestApp, type TestApp } from "../../test/app.ts";
import { emailSubscriptions } from "../../db/schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ outboxDir: path.join(os.tmpdir(), `stepsync-subscribe-test-${process.pid}`) });
});
afterAll(async () => {
  await t?.close();
});

const subscribe = (body: unknown) => t.call("POST", "/api/notifications/subscribe", { body });

describe("POST /api/notifications/subscribe", () => {
  it("stores one subscription per email and feature, with a random unsubscribe token", async () => {
    const body = { email: "Fan@Example.com", feature_name: "payment_processing", source_page: "coming_soon" };
    const res = await subscribe(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: "Successfully subscribed! We'll notify you when payment processing is ready.",
    });
    expect((await subscribe({ ...body, email: "fan@example.com" })).statusCode).toBe(201);
    await subscribe({ ...body, email: "other@example.com" });
    const rows = await t.ctx.db
      .select()
      .from(emailSubscriptions)
      .where(sql`${emailSubscriptions.featureName} = 'payment_processing'`);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      email: "fan@example.com",
      sourcePage: "coming_soon",
      subscriptionStatus: "active",
    });
    expect(rows[0]!.unsubscribeToken).toMatch(/^[\w-]{32}$/);
    expect(rows[0]!.unsubscribeToken).not.toBe(rows[1]!.unsubscribeToken);
  });

  it.each([{}, { email: "" }, { email: "no-at-sign" }, { email: "a@b" }, { email: 42 }])(
    "refuses %j with the spec's text",
    async (body) => {
      const res = await subscribe({ feature_name: "payment_processing", ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "Please enter a valid email address" });
    },
  );

  it("mails one address at most 3 new subscriptions a day, then says so (429); repeats stay quiet", async () => {
    const outbox = path.join(os.tmpdir(), `stepsync-subscribe-flood-${process.pid}`);
    const app = await startTestApp({ outboxDir: outbox });
    try {
      const mailsTo = (who: string) => {
        try {
          return readdirSync(outbox).filter((f) => f.includes(who)).length;
        } catch {
          return 0;
        }
      };
      const statuses: number[] = [];
      for (const feature of ["one", "two", "three", "four", "five"]) {
        const res = await app.call("POST", "/api/notifications/subscribe", {
          body: { email: "Victim@Example.com", feature_name: feature },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429)
          expect(res.json()).toEqual({
            error: "This address has had enough sign-up emails for today. Please try again tomorrow.",
          });
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      // An existing subscription answers as before, without another mail.
      const again = await app.call("POST", "/api/notifications/subscribe", {
        body: { email: "victim@example.com", feature_name: "one" },
      });
      expect(again.statusCode).toBe(201);
      // Mail goes out through the job queue: wait for the three, then long enough for a fourth to show.
      for (let waited = 0; mailsTo("victim@example.com") < 3 && waited < 10_000; waited += 100)
        await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1500));
      expect(mailsTo("victim@example.com")).toBe(3);
    } finally {
      await app.close();
    }
  });

  it("limits one IP to AUTH_RATE_LIMIT sign-ups an hour", async () => {
    const app = await startTestApp(
      { outboxDir: path.join(os.tmpdir(), `stepsync-subscribe-ip-${process.pid}`) },
      {
        AUTH_RATE_LIMIT: "4",
      },
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (
            await app.call("POST", "/api/notifications/subscribe", {
              body: { email: `person${i}@example.com`, feature_name: "payment_processing" },
            })
          ).statusCode,
        );
      expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    } finally {
      await app.close();
    }
  });
});
