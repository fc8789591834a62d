import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { activeBundles } from "../../payments/bundles.ts";
import { toPlan } from "../../payments/serialize.ts";

/** Public: the pricing page's plans (part 2 §3), one per active credit bundle. */
export function planRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get("/api/plans", async () => ({ plans: (await activeBundles(db)).map(toPlan) }));
}
