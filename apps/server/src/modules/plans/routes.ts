import type { FastifyInstance } from "fastify";
import { plansResponse } from "@stepsync/contracts";
import { responds } from "../../http/responds.ts";
import type { AppContext } from "../../context.ts";
import { activeBundles } from "../../payments/bundles.ts";
import { toPlan } from "../../payments/serialize.ts";

/** Public: the pricing page's plans (plansResponse in @stepsync/contracts), one per active credit bundle. */
export function planRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get("/api/plans", responds(plansResponse), async () => ({ plans: (await activeBundles(db)).map(toPlan) }));
}
