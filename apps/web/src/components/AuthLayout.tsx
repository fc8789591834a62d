import { BadgeCheck, ChartLine, ScanFace } from "lucide-react";
import type { ReactNode } from "react";
import { TEXTS } from "../constants/texts";
import { useTitle } from "../lib/useTitle";

const POINTS = [
  {
    icon: <ScanFace className="size-5" aria-hidden />,
    title: "Pose-level analysis",
    text: "Every joint of your routine compared with the reference, move for move.",
  },
  {
    icon: <ChartLine className="size-5" aria-hidden />,
    title: "Progress you can see",
    text: "Scores per section and per style, tracked over weeks.",
  },
  {
    icon: <BadgeCheck className="size-5" aria-hidden />,
    title: "10 free credits",
    text: "Start comparing right away — no card needed.",
  },
];

/** Two-column frame for the account screens: brand story on the left (desktop), form card on the right. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  useTitle(title);
  return (
    <div className="mx-auto grid w-full max-w-6xl items-center gap-12 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-[1fr_minmax(0,30rem)] lg:px-8">
      <aside className="hidden space-y-8 lg:block">
        <p className="text-xs font-semibold uppercase tracking-[0.25em] text-accent-300">StepSync</p>
        <h2 className="text-5xl font-bold leading-[1.05] tracking-tight text-white">
          {TEXTS.tagline.split(" with ")[0]} <span className="text-gradient">with AI</span>
        </h2>
        <ul className="space-y-5">
          {POINTS.map((p) => (
            <li key={p.title} className="flex gap-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-white/6 text-accent-300 ring-1 ring-white/10">
                {p.icon}
              </span>
              <div>
                <p className="font-semibold text-white">{p.title}</p>
                <p className="text-sm text-slate-400">{p.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </aside>
      <div className="glass w-full animate-fade-up p-6 sm:p-9">{children}</div>
    </div>
  );
}

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="mb-7 space-y-2">
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{title}</h1>
      {subtitle ? <p className="text-sm text-slate-400">{subtitle}</p> : null}
    </div>
  );
}

export function Divider({ label }: { label: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-widest text-slate-500">
      <span className="h-px flex-1 bg-white/10" />
      {label}
      <span className="h-px flex-1 bg-white/10" />
    </div>
  );
}
