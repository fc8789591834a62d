import Fastify from "fastify";
import { MESSAGES } from "@stepsync/contracts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { installErrorHandler } from "./errors.ts";
import { installContractSerializer, responds } from "./responds.ts";

const balance = z.object({ credits: z.number().int() });

async function appAnswering(payload: unknown) {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  installContractSerializer(app);
  app.get("/answer", responds(balance), async () => payload);
  await app.ready();
  return app;
}

describe("answers leave through their contracts schema", () => {
  it("sends what the schema describes and leaves out what it does not know (no internal fields leak)", async () => {
    const app = await appAnswering({ credits: 7, passwordHash: "secret" });
    const res = await app.inject({ method: "GET", url: "/answer" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ credits: 7 });
  });

  it("an answer that breaks the contract is a logged 500 in the spec's words, not a wrong shape for the client", async () => {
    const app = await appAnswering({ credits: "seven" });
    const res = await app.inject({ method: "GET", url: "/answer" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: MESSAGES.internalError });
  });
});
