/** Parses a server timestamp; one without a zone is UTC (as the server writes them). */
export function parseServerTime(value: string): number {
  const trimmed = value.trim();
  const hasZone = /(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(trimmed);
  const iso = hasZone ? trimmed : `${trimmed.replace(" ", "T")}Z`;
  return Date.parse(iso);
}

/** 'Just started' under a minute, then '{m}m ago', then '{h}h {m}m ago'. */
export function elapsedText(createdAt: string, now: number = Date.now()): string {
  const start = parseServerTime(createdAt);
  if (Number.isNaN(start)) return "Just started";
  const minutes = Math.floor(Math.max(0, now - start) / 60_000);
  if (minutes < 1) return "Just started";
  if (minutes < 60) return `${minutes}m ago`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m ago`;
}
