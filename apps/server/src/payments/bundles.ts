import { ADMIN_MESSAGES, type bundleForm, paiseOf } from "@stepsync/contracts";
import type { z } from "zod";
import type { Queryable } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import {
  allBundles,
  type BundleRow,
  bundleCount,
  deleteBundle,
  findBundle,
  insertBundle,
  insertBundlesOnce,
  type NewBundle,
  purchaseCounts,
  updateBundle,
} from "./repository.ts";

export { activeBundles } from "./repository.ts";
export type { BundleRow } from "./repository.ts";

/** The four packs a fresh installation sells (prices in paise). Admins edit or add bundles later. */
export const SEED_BUNDLES = [
  {
    slug: "starter",
    name: "Starter Pack",
    description: "Try a few sessions and see your first scores.",
    creditsAmount: 10,
    pricePaise: 9_900,
    isPopular: false,
    features: ["10 video analysis sessions", "Detailed joint-level feedback", "Credits never expire"],
    sortOrder: 1,
  },
  {
    slug: "popular",
    name: "Popular Pack",
    description: "The favourite for steady weekly practice.",
    creditsAmount: 50,
    pricePaise: 39_900,
    isPopular: true,
    features: ["50 video analysis sessions", "Progress tracking across styles", "Credits never expire", "Save 20%"],
    sortOrder: 2,
  },
  {
    slug: "pro",
    name: "Pro Pack",
    description: "For dancers training several styles.",
    creditsAmount: 120,
    pricePaise: 79_900,
    isPopular: false,
    features: ["120 video analysis sessions", "Progress tracking across styles", "Credits never expire", "Save 33%"],
    sortOrder: 3,
  },
  {
    slug: "master",
    name: "Master Pack",
    description: "For instructors, crews and serious competitors.",
    creditsAmount: 300,
    pricePaise: 169_900,
    isPopular: false,
    features: ["300 video analysis sessions", "Best price per session", "Credits never expire", "Save 43%"],
    sortOrder: 4,
  },
] as const;

/**
 * Puts the seed bundles in once: only into an empty table (so bundles an admin deleted stay deleted),
 * and by slug with ON CONFLICT DO NOTHING (so two processes starting together cannot double them).
 */
export async function seedCreditBundles(db: Queryable): Promise<void> {
  if ((await bundleCount(db)) > 0) return;
  await insertBundlesOnce(
    db,
    SEED_BUNDLES.map((b) => ({ ...b, features: [...b.features] })),
  );
}

/** What an admin sets on a bundle (the parsed form); prices in rupees, the currency the shop charges in. */
export type BundleInput = z.output<typeof bundleForm>;

const bundleColumns = (input: BundleInput): Partial<NewBundle> => ({
  name: input.name,
  description: input.description,
  creditsAmount: input.credits_amount,
  pricePaise: paiseOf(input.price),
  isActive: input.is_active,
  isPopular: input.is_popular,
});

/** Every bundle in the admins' order, each with how many times it was bought. */
export async function bundlesWithPurchases(db: Queryable): Promise<Array<{ bundle: BundleRow; purchases: number }>> {
  const [rows, counts] = await Promise.all([allBundles(db), purchaseCounts(db)]);
  return rows.map((bundle) => ({ bundle, purchases: counts.get(bundle.id) ?? 0 }));
}

/** A new bundle goes last in the admins' order. */
export async function createBundle(db: Queryable, input: BundleInput): Promise<BundleRow> {
  const sortOrder = (await bundleCount(db)) + 1;
  return insertBundle(db, { ...bundleColumns(input), sortOrder } as NewBundle);
}

export async function editBundle(
  db: Queryable,
  id: number,
  input: BundleInput,
): Promise<{ bundle: BundleRow; purchases: number }> {
  const bundle = await updateBundle(db, id, bundleColumns(input));
  if (!bundle) throw new HttpError(404, ADMIN_MESSAGES.bundleNotFound);
  return { bundle, purchases: await timesBought(db, id) };
}

/**
 * A bundle somebody bought is deactivated instead of deleted, so purchase history keeps pointing
 * at it. Answers whether it was only deactivated.
 */
export async function removeBundle(db: Queryable, id: number): Promise<{ deactivated: boolean }> {
  if (!(await findBundle(db, id))) throw new HttpError(404, ADMIN_MESSAGES.bundleNotFound);
  if ((await timesBought(db, id)) > 0) {
    await updateBundle(db, id, { isActive: false });
    return { deactivated: true };
  }
  await deleteBundle(db, id);
  return { deactivated: false };
}

async function timesBought(db: Queryable, bundleId: number): Promise<number> {
  return (await purchaseCounts(db, bundleId)).get(bundleId) ?? 0;
}
