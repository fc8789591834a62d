import { ArrowLeft, Compass } from "lucide-react";
import { useAuth } from "../../auth/context";
import { ButtonLink } from "../../components/Button";
import { TEXTS } from "../../constants/texts";
import { useTitle } from "../../lib/useTitle";

export default function NotFoundPage() {
  useTitle(TEXTS.notFoundTitle);
  const { status } = useAuth();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <span className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-accent-500/15 text-accent-300">
        <Compass className="size-8" aria-hidden />
      </span>
      <p className="text-sm font-semibold uppercase tracking-[0.25em] text-accent-300">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">{TEXTS.notFoundTitle}</h1>
      <p className="mt-3 text-slate-400">
        This step isn't in the routine. The page may have moved, or the link is mistyped.
      </p>
      <ButtonLink
        to={status === "authenticated" ? "/dashboard" : "/"}
        className="mt-8"
        icon={<ArrowLeft className="size-4" aria-hidden />}
      >
        {status === "authenticated" ? "Back to Dashboard" : "Back to Home"}
      </ButtonLink>
    </div>
  );
}
