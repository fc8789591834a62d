import { ArrowLeft, Construction } from "lucide-react";
import type { ReactNode } from "react";
import { useAuth } from "../auth/context";
import { TEXTS } from "../constants/texts";
import { ButtonLink } from "./Button";
import { Page, PageHeader } from "./Page";

/** A titled placeholder for a screen whose issue has not landed yet. */
export function ComingSoon({
  title,
  description,
  icon,
  eyebrow,
  children,
  showBack = true,
}: {
  title: string;
  description: string;
  icon?: ReactNode;
  eyebrow?: string;
  children?: ReactNode;
  /** The "Back to …" action (off on the dashboard itself). */
  showBack?: boolean;
}) {
  const { status } = useAuth();
  return (
    <Page title={title}>
      <PageHeader eyebrow={eyebrow} title={title} description={description} />
      {children}
      <section aria-labelledby="coming-soon-title" className="glass relative overflow-hidden p-8 sm:p-12">
        <div
          aria-hidden
          className="absolute -right-24 -top-24 size-72 rounded-full bg-[radial-gradient(circle,rgba(255,77,157,0.25),transparent_65%)]"
        />
        <div className="relative flex flex-col items-start gap-5 sm:flex-row sm:items-center">
          <span className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-accent-500/25 to-violet-500/25 text-accent-200 ring-1 ring-white/10">
            {icon ?? <Construction className="size-8" aria-hidden />}
          </span>
          <div className="flex-1 space-y-1.5">
            <h2 id="coming-soon-title" className="text-xl font-semibold text-white">
              {TEXTS.comingSoonTitle}
            </h2>
            <p className="max-w-xl text-sm text-slate-300">
              We are choreographing this screen right now. It will appear here in an upcoming release — everything else
              you do in StepSync keeps working in the meantime.
            </p>
          </div>
          {showBack ? (
            <ButtonLink
              to={status === "authenticated" ? "/dashboard" : "/"}
              variant="secondary"
              icon={<ArrowLeft className="size-4" aria-hidden />}
            >
              {status === "authenticated" ? "Back to Dashboard" : "Back to Home"}
            </ButtonLink>
          ) : null}
        </div>
      </section>
    </Page>
  );
}
