import { cx } from "./cx";

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cx("size-8", className)} aria-hidden>
      <defs>
        <linearGradient id="ss-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff4d9d" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="18" fill="#1b1540" />
      <path
        d="M14 40c6 0 8-16 14-16s6 16 12 16 8-22 12-22"
        fill="none"
        stroke="url(#ss-logo)"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cx("inline-flex items-center gap-2.5", className)}>
      <LogoMark />
      <span className="text-lg font-bold tracking-tight text-white">
        Step<span className="text-gradient">Sync</span>
      </span>
    </span>
  );
}
