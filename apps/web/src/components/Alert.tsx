import { CircleCheck, CircleX, Info } from "lucide-react";
import type { ReactNode } from "react";
import { cx } from "./cx";

type Tone = "error" | "success" | "info";

const tones: Record<Tone, string> = {
  error: "border-rose-400/30 bg-rose-500/10 text-rose-100",
  success: "border-emerald-400/30 bg-emerald-500/10 text-emerald-100",
  info: "border-sky-400/30 bg-sky-500/10 text-sky-100",
};

export function Alert({
  tone = "error",
  children,
  className,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
}) {
  const Icon = tone === "error" ? CircleX : tone === "success" ? CircleCheck : Info;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cx("flex items-start gap-3 rounded-2xl border px-4 py-3 text-sm", tones[tone], className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
