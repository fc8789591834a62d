/** A comparison is its user's alone; anyone else is told "not found", like for a missing one. */
export function canSeeComparison(comparison: { userId: number }, user: { id: number }): boolean {
  return comparison.userId === user.id;
}
