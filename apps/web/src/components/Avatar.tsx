import { useState } from "react";
import { cx } from "./cx";

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? "?";
  const second = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "";
  return `${first}${second}`.toUpperCase();
}

/** Profile image, or a gradient placeholder with initials when absent or broken. */
export function Avatar({ src, name, className }: { src: string | null | undefined; name: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src && failed !== src;
  return (
    <span
      className={cx(
        "relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-accent-500 to-violet-600 font-bold text-white ring-4 ring-night-900",
        className,
      )}
    >
      {showImage ? (
        <img src={src} alt={`${name}'s profile`} className="size-full object-cover" onError={() => setFailed(src)} />
      ) : (
        <span aria-label={`${name} (no profile image)`} role="img">
          {initials(name)}
        </span>
      )}
    </span>
  );
}
