import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { ButtonLink } from "./Button";
import { usePageMeta } from "./PageMeta";

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** The frame of the policy pages: title, last-updated line, numbered sections, Back to Home. */
export function LegalPage({
  title,
  description,
  eyebrow = "Policies",
  updated,
  intro,
  sections,
  numbered = true,
}: {
  title: string;
  description: string;
  eyebrow?: string;
  updated?: string;
  intro?: ReactNode;
  sections: ReadonlyArray<LegalSection>;
  numbered?: boolean;
}) {
  usePageMeta(title, description);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-8 space-y-2">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-accent-300">{eyebrow}</p>
        <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
        {updated ? <p className="text-sm text-slate-400">Last updated: {updated}</p> : null}
      </header>
      <article className="glass space-y-8 p-6 leading-relaxed text-slate-300 sm:p-10">
        {intro ? <div className="space-y-3">{intro}</div> : null}
        {sections.map((section, i) => (
          <section key={section.title} aria-labelledby={`legal-${i}`} className="space-y-3">
            <h2 id={`legal-${i}`} className="text-xl font-semibold text-white">
              {numbered ? `${i + 1}. ` : ""}
              {section.title}
            </h2>
            <div className="space-y-3 text-[15px] [&_a]:text-accent-300 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-accent-200 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1.5">
              {section.body}
            </div>
          </section>
        ))}
      </article>
      <div className="mt-8">
        <ButtonLink to="/" variant="secondary" icon={<ArrowLeft className="size-4" aria-hidden />}>
          Back to Home
        </ButtonLink>
      </div>
    </div>
  );
}
