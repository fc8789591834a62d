import type { FastifyInstance } from "fastify";
import {
  ADMIN_MESSAGES,
  type AdminBundle,
  adminBundleDeleted,
  adminBundleSaved,
  adminBundlesResponse,
  bundleForm,
  rupeesOf,
} from "@stepsync/contracts";
import type { AppContext } from "../../context.ts";
import { parse } from "../../http/errors.ts";
import {
  type BundleRow,
  bundlesWithPurchases,
  createBundle,
  editBundle,
  removeBundle,
} from "../../payments/bundles.ts";
import { idParam } from "./params.ts";
import { adminAnswers } from "./route-options.ts";

const toAdminBundle = (b: BundleRow, bought: number): AdminBundle => ({
  id: b.id,
  name: b.name,
  description: b.description,
  credits_amount: b.creditsAmount,
  price: rupeesOf(b.pricePaise),
  is_active: b.isActive,
  is_popular: b.isPopular,
  purchases: bought,
});

/** Credit bundles (the rules, e.g. a bought bundle is only deactivated, are payments/bundles.ts'). */
export function adminBundleRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get("/api/admin/credit-bundles", adminAnswers(adminBundlesResponse), async () => {
    const rows = await bundlesWithPurchases(db);
    return { bundles: rows.map((r) => toAdminBundle(r.bundle, r.purchases)) };
  });

  app.post("/api/admin/credit-bundles", adminAnswers(adminBundleSaved, 201), async (request, reply) => {
    const bundle = await createBundle(db, parse(bundleForm, request.body));
    return reply.status(201).send({ message: ADMIN_MESSAGES.bundleCreated, bundle: toAdminBundle(bundle, 0) });
  });

  app.put("/api/admin/credit-bundles/:id", adminAnswers(adminBundleSaved), async (request) => {
    const { id } = parse(idParam, request.params);
    const input = parse(bundleForm, request.body);
    const { bundle, purchases } = await editBundle(db, id, input);
    return { message: ADMIN_MESSAGES.bundleUpdated, bundle: toAdminBundle(bundle, purchases) };
  });

  /** Answers `deactivated: true` when the bundle had purchases and was only switched off. */
  app.delete("/api/admin/credit-bundles/:id", adminAnswers(adminBundleDeleted), async (request) => {
    const { id } = parse(idParam, request.params);
    const { deactivated } = await removeBundle(db, id);
    return deactivated
      ? { message: ADMIN_MESSAGES.bundleDeactivated, deactivated: true }
      : { message: ADMIN_MESSAGES.bundleDeleted, deactivated: false };
  });
}
