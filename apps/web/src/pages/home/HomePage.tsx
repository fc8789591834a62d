import { ArrowRight, PartyPopper, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useAuth } from "../../auth/context";
import { ButtonLink } from "../../components/Button";
import { cx } from "../../components/cx";
import { FeatureGrid, StepList } from "../../components/marketing";
import { DEFAULT_DESCRIPTION, usePageMeta } from "../../components/PageMeta";
import { TEXTS } from "../../constants/texts";

const DISCIPLINES = [
  { id: "ballet", label: "Ballet", tint: "from-pink-400/30 to-rose-500/10" },
  { id: "hip_hop", label: "Hip Hop", tint: "from-amber-400/30 to-orange-500/10" },
  { id: "contemporary", label: "Contemporary", tint: "from-violet-400/30 to-indigo-500/10" },
  { id: "latin", label: "Latin", tint: "from-red-400/30 to-fuchsia-500/10" },
];

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => window.matchMedia?.(REDUCED_MOTION).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(REDUCED_MOTION);
    if (!query) return;
    const change = () => setReduced(query.matches);
    query.addEventListener("change", change);
    return () => query.removeEventListener("change", change);
  }, []);
  return reduced;
}

/**
 * The hero clip: a looping, muted skeleton dance rendered by scripts/render-hero-clip.mjs (no footage).
 * With reduced motion the poster image is shown instead.
 */
function HeroVideo() {
  const reduced = usePrefersReducedMotion();
  return (
    <figure className="glass relative mx-auto w-full max-w-lg overflow-hidden p-2">
      <div className="relative aspect-[8/5] overflow-hidden rounded-2xl bg-night-900">
        {reduced ? (
          <img
            src="/media/hero-dance.jpg"
            alt="A pink dancing skeleton following a teal reference skeleton"
            width={640}
            height={400}
            className="size-full object-cover"
          />
        ) : (
          <video
            className="size-full object-cover"
            autoPlay
            muted
            loop
            playsInline
            preload="auto"
            poster="/media/hero-dance.jpg"
            aria-label="A pink dancing skeleton following a teal reference skeleton"
          >
            <source src="/media/hero-dance.webm" type="video/webm" />
            <source src="/media/hero-dance.mp4" type="video/mp4" />
          </video>
        )}
        <span className="absolute left-3 top-3 flex gap-3 rounded-full bg-night-950/70 px-3 py-1 text-xs font-semibold backdrop-blur">
          <span className="flex items-center gap-1.5 text-teal-300">
            <span className="size-2 rounded-full bg-teal-400" aria-hidden /> Reference
          </span>
          <span className="flex items-center gap-1.5 text-accent-300">
            <span className="size-2 rounded-full bg-accent-500" aria-hidden /> You
          </span>
        </span>
      </div>
      <figcaption className="flex items-center justify-between gap-3 px-3 pb-2 pt-4">
        <span>
          <span className="block text-xs uppercase tracking-widest text-slate-400">Overall score</span>
          <span className="text-3xl font-bold tabular-nums text-emerald-400">92%</span>
        </span>
        <span className="text-right text-sm text-slate-300">
          Left elbow
          <span className="block text-xs text-slate-400">straighten about 25°</span>
        </span>
      </figcaption>
    </figure>
  );
}

export default function HomePage() {
  usePageMeta(null, DEFAULT_DESCRIPTION);
  const { status } = useAuth();
  const signedIn = status === "authenticated";
  const [lead, rest] = [TEXTS.tagline.replace(/ with AI$/, ""), "with AI"];

  return (
    <div className="overflow-hidden">
      <section className="mx-auto grid max-w-7xl items-center gap-14 px-4 pb-16 pt-12 sm:px-6 sm:pt-20 lg:grid-cols-[1.15fr_1fr] lg:px-8 lg:pb-24">
        <div className="animate-fade-up space-y-7">
          <p className="inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-3.5 py-1.5 text-xs font-medium text-slate-300">
            <span className="size-1.5 rounded-full bg-accent-400" /> AI movement coaching for dance & fitness
          </p>
          <h1 className="text-4xl font-bold leading-[1.05] tracking-tight text-white sm:text-6xl">
            {lead} <span className="text-gradient">{rest}</span>
          </h1>
          <p className="max-w-xl text-lg text-slate-300">
            Record yourself, pick a reference routine, and StepSync shows you — joint by joint — how close you are and
            exactly what to practise next.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            {signedIn ? (
              <ButtonLink to="/dashboard" size="lg" icon={<ArrowRight className="size-5" aria-hidden />}>
                Go to your dashboard
              </ButtonLink>
            ) : (
              <>
                <ButtonLink to="/signup" size="lg">
                  Start free — 10 credits <ArrowRight className="size-5" aria-hidden />
                </ButtonLink>
                <ButtonLink to="/login" size="lg" variant="secondary">
                  Log in
                </ButtonLink>
              </>
            )}
          </div>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-400">
            <Play className="size-4 text-accent-300" aria-hidden />
            <Link to="/demo" className="underline-offset-4 hover:text-white hover:underline">
              Watch how it works
            </Link>
            <span aria-hidden>·</span>
            <Link to="/features" className="underline-offset-4 hover:text-white hover:underline">
              All features
            </Link>
            <span aria-hidden>·</span>
            <Link to="/onboarding" className="underline-offset-4 hover:text-white hover:underline">
              Get started
            </Link>
          </p>
        </div>
        <HeroVideo />
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8" aria-labelledby="features-title">
        <div className="mb-10 max-w-2xl space-y-3">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-accent-300">Why StepSync</p>
          <h2 id="features-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            A coach that watches every rep
          </h2>
        </div>
        <FeatureGrid />
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8" aria-labelledby="styles-title">
        <h2 id="styles-title" className="mb-8 text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Find your style
        </h2>
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {DISCIPLINES.map((d) => (
            <Link
              key={d.id}
              to={`/library?category=${d.id}`}
              className={cx(
                "group relative flex h-36 items-end overflow-hidden rounded-3xl border border-white/10 bg-gradient-to-br p-5 transition hover:border-white/25 sm:h-44",
                d.tint,
              )}
            >
              <span className="break-words text-lg font-bold text-white sm:text-xl">{d.label}</span>
              <ArrowRight
                className="absolute right-5 top-5 size-5 text-white/60 transition group-hover:translate-x-1 group-hover:text-white"
                aria-hidden
              />
            </Link>
          ))}
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="glass relative overflow-hidden p-8 sm:p-12">
          <div
            aria-hidden
            className="absolute -right-20 -top-20 size-80 rounded-full bg-[radial-gradient(circle,rgba(255,77,157,0.3),transparent_65%)]"
          />
          <div className="relative grid gap-8 lg:grid-cols-[1.2fr_1fr] lg:items-center">
            <div className="space-y-4">
              <p className="inline-flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.2em] text-accent-300">
                <PartyPopper className="size-4" aria-hidden /> Wedding sangeet
              </p>
              <h2 className="text-3xl font-bold tracking-tight text-white">
                Nail the sangeet — bride, groom and the whole squad
              </h2>
              <p className="text-slate-300">
                Start a group for your sangeet: pick your choreographer's routine, invite the family with one link, and
                everyone practises at home while the board shows who is ready and which moves need work.
              </p>
              <div className="flex flex-wrap items-center gap-3">
                <ButtonLink to="/groups/new">Start your group</ButtonLink>
                <Link to="/contact" className="text-sm font-medium text-accent-300 underline-offset-4 hover:underline">
                  Need help setting it up? Contact us
                </Link>
              </div>
            </div>
            <StepList
              steps={[
                {
                  title: "Start your group",
                  text: "Your choreographer's routine, split into parts, and one invite link.",
                },
                { title: "Practise at home", text: "Bride, groom, family and friends dance along and get scored." },
                { title: "See who is ready", text: "The board shows every part's best score and the moves to fix." },
              ]}
            />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h2 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">Ready for your first score?</h2>
        <p className="mt-3 text-slate-300">New accounts start with 10 free credits — one comparison each.</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to={signedIn ? "/compare" : "/signup"} size="lg">
            {signedIn ? "Start a comparison" : "Create your free account"}
          </ButtonLink>
          <ButtonLink to="/pricing" size="lg" variant="secondary">
            See pricing
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
