import { asc, eq, sql } from "drizzle-orm";
import type { CreditBundle, Plan } from "@stepsync/contracts";
import type { Db } from "../db/client.ts";
import { creditBundles } from "../db/schema.ts";

type BundleRow = typeof creditBundles.$inferSelect;

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
export async function seedCreditBundles(db: Db): Promise<void> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(creditBundles);
  if ((row?.n ?? 0) > 0) return;
  await db
    .insert(creditBundles)
    .values(SEED_BUNDLES.map((b) => ({ ...b, features: [...b.features] })))
    .onConflictDoNothing();
}

export function toBundle(row: BundleRow): CreditBundle {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    credits_amount: row.creditsAmount,
    price: row.pricePaise / 100,
    is_active: row.isActive,
    is_popular: row.isPopular,
    features: row.features,
  };
}

export function toPlan(row: BundleRow): Plan {
  return {
    id: row.id,
    name: row.name,
    price: row.pricePaise / 100,
    credits: row.creditsAmount,
    description: row.description,
    features: row.features,
    popular: row.isPopular,
  };
}

export async function activeBundles(db: Db): Promise<BundleRow[]> {
  return db
    .select()
    .from(creditBundles)
    .where(eq(creditBundles.isActive, true))
    .orderBy(asc(creditBundles.sortOrder), asc(creditBundles.pricePaise), asc(creditBundles.id));
}
