/**
 * Money, one rule for server and web: stored and charged as integer paise, carried in answers as
 * rupees (the spec's prices), and always written by formatRupees.
 */

/** Paise → rupees, as answers carry them. */
export const rupeesOf = (paise: number): number => paise / 100;

/** Rupees (at most two decimals) → integer paise. */
export const paiseOf = (rupees: number): number => Math.round(rupees * 100);

/**
 * An amount of paise in rupees, grouped the Indian way: "₹399", "₹1,699", "₹123.40". With
 * `fixedPaise` always two decimals ("₹9.90 per credit", the admin's "₹99.00").
 */
export function formatRupees(paise: number, { fixedPaise = false }: { fixedPaise?: boolean } = {}): string {
  const decimals = !fixedPaise && paise % 100 === 0 ? 0 : 2;
  return `₹${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: decimals, maximumFractionDigits: 2 })}`;
}
