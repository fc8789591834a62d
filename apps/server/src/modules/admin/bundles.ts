import type { FastifyInstance } from "fastify";
import { asc, count, eq } from "drizzle-orm";
import { ADMIN_MESSAGES, type AdminBundle, bundleForm } from "@stepsync/contracts";
import { guard } from "../../auth/request-auth.ts";
import type { AppContext } from "../../context.ts";
import { creditBundles, purchases } from "../../db/schema.ts";
import { HttpError, parse } from "../../http/errors.ts";
import { idParam } from "./users.ts";

type BundleRow = typeof creditBundles.$inferSelect;
const toAdminBundle = (b: BundleRow, bought: number): AdminBundle => ({
  id: b.id,
  name: b.name,
  description: b.description,
  credits_amount: b.creditsAmount,
  price: b.pricePaise / 100,
  is_active: b.isActive,
  is_popular: b.isPopular,
  purchases: bought,
});

/** Rupees with at most two decimals → integer paise. */
const toPaise = (rupees: number) => Math.round(rupees * 100);

/**
 * Credit bundles. Prices are rupees (stored as paise), the currency the shop charges in. A bundle
 * somebody bought is deactivated instead of deleted, so purchase history keeps pointing at it.
 */
export function adminBundleRoutes(app: FastifyInstance, { db }: AppContext): void {
  const admin = { preHandler: guard("admin") };

  async function purchaseCount(bundleId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(purchases).where(eq(purchases.bundleId, bundleId));
    return Number(row?.n ?? 0);
  }

  app.get("/api/admin/credit-bundles", admin, async () => {
    const rows = await db.select().from(creditBundles).orderBy(asc(creditBundles.sortOrder), asc(creditBundles.id));
    const counts = await db
      .select({ bundleId: purchases.bundleId, n: count() })
      .from(purchases)
      .groupBy(purchases.bundleId);
    const byId = new Map(counts.map((c) => [c.bundleId, Number(c.n)]));
    return { bundles: rows.map((b) => toAdminBundle(b, byId.get(b.id) ?? 0)) };
  });

  app.post("/api/admin/credit-bundles", admin, async (request, reply) => {
    const input = parse(bundleForm, request.body);
    const [last] = await db.select({ n: count() }).from(creditBundles);
    const [row] = await db
      .insert(creditBundles)
      .values({
        name: input.name,
        description: input.description,
        creditsAmount: input.credits_amount,
        pricePaise: toPaise(input.price),
        isActive: input.is_active,
        isPopular: input.is_popular,
        sortOrder: Number(last?.n ?? 0) + 1,
      })
      .returning();
    return reply.status(201).send({ message: ADMIN_MESSAGES.bundleCreated, bundle: toAdminBundle(row!, 0) });
  });

  app.put("/api/admin/credit-bundles/:id", admin, async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(bundleForm, request.body);
    const [row] = await db
      .update(creditBundles)
      .set({
        name: input.name,
        description: input.description,
        creditsAmount: input.credits_amount,
        pricePaise: toPaise(input.price),
        isActive: input.is_active,
        isPopular: input.is_popular,
        updatedAt: new Date(),
      })
      .where(eq(creditBundles.id, id))
      .returning();
    if (!row) throw new HttpError(404, ADMIN_MESSAGES.bundleNotFound);
    return { message: ADMIN_MESSAGES.bundleUpdated, bundle: toAdminBundle(row, await purchaseCount(id)) };
  });

  /** Answers `deactivated: true` when the bundle had purchases and was only switched off. */
  app.delete("/api/admin/credit-bundles/:id", admin, async (request) => {
    const { id } = parse(idParam, request.params);
    const [row] = await db.select().from(creditBundles).where(eq(creditBundles.id, id));
    if (!row) throw new HttpError(404, ADMIN_MESSAGES.bundleNotFound);
    if ((await purchaseCount(id)) > 0) {
      await db.update(creditBundles).set({ isActive: false, updatedAt: new Date() }).where(eq(creditBundles.id, id));
      return { message: ADMIN_MESSAGES.bundleDeactivated, deactivated: true };
    }
    await db.delete(creditBundles).where(eq(creditBundles.id, id));
    return { message: ADMIN_MESSAGES.bundleDeleted, deactivated: false };
  });
}
