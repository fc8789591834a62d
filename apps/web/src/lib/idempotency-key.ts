/**
 * A fresh key for one change the user means (credits given, say), sent again with every retry of it
 * so the server makes it once. crypto.randomUUID exists only on secure pages (HTTPS, localhost).
 */
export function newIdempotencyKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
