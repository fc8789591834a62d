import { useSyncExternalStore } from "react";

/** Tailwind's `md` breakpoint: at and above it a list can be a table; below it, a phone, one card per row. */
export const WIDE_SCREEN = "(min-width: 768px)";

/**
 * Whether `query` matches now, following changes (rotation, a resized window). Where the browser
 * cannot tell (no matchMedia), it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener("change", changed);
      return () => list?.removeEventListener("change", changed);
    },
    () => window.matchMedia?.(query).matches ?? fallback,
    () => fallback,
  );
}
