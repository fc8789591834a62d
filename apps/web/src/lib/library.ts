import { LIMITS, UPLOAD_MESSAGES } from "@stepsync/contracts";
import { useEffect, useState } from "react";
import { formatClock } from "./format";

/** 999 → "999", 1,500 → "1.5K", 2,000,000 → "2M" (K above 1,000, M above 1,000,000). */
export function shortCount(n: number | null | undefined): string {
  const v = Number(n ?? 0);
  if (!Number.isFinite(v)) return "0";
  const trim = (x: number) => x.toFixed(1).replace(/\.0$/, "");
  if (v > 1_000_000) return `${trim(v / 1_000_000)}M`;
  if (v > 1_000) return `${trim(v / 1_000)}K`;
  return String(Math.round(v));
}

/** Seconds as m:ss (formatClock's rule, as the player shows it); 'Unknown' when absent. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return "Unknown";
  return formatClock(seconds);
}

/** Up to `max` tags shown, plus how many more there are. */
export function visibleTags(tags: readonly string[] | null | undefined, max = 3): { shown: string[]; more: number } {
  const list = tags ?? [];
  return { shown: list.slice(0, max), more: Math.max(0, list.length - max) };
}

export type LibraryFilters = {
  category: string;
  difficulty: string;
  search: string;
  sort_by: string;
  contributor_type: string;
  page: number;
};

export const DEFAULT_FILTERS: LibraryFilters = {
  category: "",
  difficulty: "",
  search: "",
  sort_by: "recent",
  contributor_type: "",
  page: 1,
};

/** Changing any filter starts again at page 1; changing the page keeps the filters. */
export function applyFilter<K extends keyof LibraryFilters>(
  filters: LibraryFilters,
  key: K,
  value: LibraryFilters[K],
): LibraryFilters {
  if (key === "page") return { ...filters, page: value as number };
  if (filters[key] === value) return filters;
  return { ...filters, [key]: value, page: 1 };
}

/** The value, once it has stopped changing for `ms` (the library search waits 300 ms). */
export function useDebounced<T>(value: T, ms: number = LIMITS.searchDebounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const VIDEO_TYPES = ["video/mp4", "video/webm", "video/ogg", "video/quicktime", "video/mov"];
const VIDEO_EXT = /\.(mp4|m4v|webm|ogg|ogv|mov)$/i;
const IMAGE_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/webp"];
const IMAGE_EXT = /\.(jpe?g|png|webp)$/i;

type FileLike = { name: string; type: string; size: number };

/** The upload screen's checks before sending (the server checks the bytes again). */
export function validateVideoFile(
  file: FileLike | null | undefined,
  maxBytes: number = LIMITS.maxVideoBytes,
): string | null {
  if (!file) return UPLOAD_MESSAGES.selectVideo;
  if (!(VIDEO_TYPES.includes(file.type) || (!file.type && VIDEO_EXT.test(file.name))))
    return UPLOAD_MESSAGES.invalidVideoType;
  if (file.size > maxBytes) return UPLOAD_MESSAGES.videoTooLarge(maxBytes);
  return null;
}

export function validateThumbnail(file: FileLike | null | undefined): string | null {
  if (!file) return null;
  if (!(IMAGE_TYPES.includes(file.type) || (!file.type && IMAGE_EXT.test(file.name))))
    return UPLOAD_MESSAGES.invalidThumbnailType;
  if (file.size > LIMITS.maxThumbnailBytes) return UPLOAD_MESSAGES.thumbnailTooLarge;
  return null;
}

export function validateTitle(title: string): string | null {
  return title.trim() ? null : UPLOAD_MESSAGES.enterTitle;
}

/** The reference handed over from the library through navigation state. */
export interface LibraryReference {
  id: number | string;
  title?: string;
  category?: string;
  instructor?: string;
  duration?: number | string;
  description?: string;
  videoUrl?: string | null;
}

export function readLibraryReference(state: unknown): LibraryReference | null {
  if (!state || typeof state !== "object") return null;
  const ref = (state as { referenceVideo?: unknown }).referenceVideo;
  if (!ref || typeof ref !== "object") return null;
  const r = ref as Record<string, unknown>;
  if (typeof r.id !== "number" && typeof r.id !== "string") return null;
  return {
    id: r.id,
    title: typeof r.title === "string" ? r.title : undefined,
    category: typeof r.category === "string" ? r.category : undefined,
    instructor: typeof r.instructor === "string" ? r.instructor : undefined,
    duration: typeof r.duration === "number" || typeof r.duration === "string" ? r.duration : undefined,
    description: typeof r.description === "string" ? r.description : undefined,
    videoUrl: typeof r.videoUrl === "string" ? r.videoUrl : null,
  };
}
