import { Clock, Search, Signal } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { ButtonLink } from "../../components/Button";
import { cx } from "../../components/cx";
import { EmptyState } from "../../components/EmptyState";
import { Page, PageHeader } from "../../components/Page";
import { usePageMeta } from "../../components/PageMeta";

export const TUTORIAL_CATEGORIES = ["all", "hiphop", "ballet", "contemporary", "jazz", "salsa"] as const;
type Category = (typeof TUTORIAL_CATEGORIES)[number];

const CATEGORY_LABELS: Record<Category, string> = {
  all: "All",
  hiphop: "Hip Hop",
  ballet: "Ballet",
  contemporary: "Contemporary",
  jazz: "Jazz",
  salsa: "Salsa",
};

/** Library category of each tutorial category (for "Practise with references"). */
const LIBRARY_CATEGORY: Record<Exclude<Category, "all">, string> = {
  hiphop: "hip_hop",
  ballet: "ballet",
  contemporary: "contemporary",
  jazz: "jazz",
  salsa: "latin",
};

const TINTS: Record<Exclude<Category, "all">, string> = {
  hiphop: "from-amber-400/30 to-orange-500/10",
  ballet: "from-pink-400/30 to-rose-500/10",
  contemporary: "from-violet-400/30 to-indigo-500/10",
  jazz: "from-sky-400/30 to-cyan-500/10",
  salsa: "from-red-400/30 to-fuchsia-500/10",
};

/** The five static tutorials. */
export const TUTORIALS: ReadonlyArray<{
  id: number;
  title: string;
  category: Exclude<Category, "all">;
  level: string;
  minutes: number;
  description: string;
}> = [
  {
    id: 1,
    title: "Hip Hop Foundations: Bounce and Rock",
    category: "hiphop",
    level: "Beginner",
    minutes: 12,
    description: "The two grooves every hip hop routine is built on, counted slowly then on the beat.",
  },
  {
    id: 2,
    title: "Ballet Basics: The Five Positions",
    category: "ballet",
    level: "Beginner",
    minutes: 15,
    description: "Feet and arms through first to fifth position, with posture checks at every step.",
  },
  {
    id: 3,
    title: "Contemporary Floor Work",
    category: "contemporary",
    level: "Intermediate",
    minutes: 18,
    description: "Safe ways into and out of the floor, spirals and releases with control.",
  },
  {
    id: 4,
    title: "Jazz Turns and Leaps",
    category: "jazz",
    level: "Intermediate",
    minutes: 14,
    description: "Spotting, pirouette preparation and a simple leap combination.",
  },
  {
    id: 5,
    title: "Salsa Basic Step and Cross-Body Lead",
    category: "salsa",
    level: "Beginner",
    minutes: 10,
    description: "On1 basic, timing with the music and your first partner move.",
  },
];

/** Dance Tutorials: the list of five, a search box and category chips. */
export default function DancePage() {
  usePageMeta("Dance Tutorials", "Step-by-step dance tutorials in hip hop, ballet, contemporary, jazz and salsa.");
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<Category>("all");
  const searchId = useId();
  const list = useMemo(() => {
    const q = query.trim().toLowerCase();
    return TUTORIALS.filter(
      (t) =>
        (category === "all" || t.category === category) &&
        (!q || t.title.toLowerCase().includes(q) || t.description.toLowerCase().includes(q)),
    );
  }, [query, category]);

  return (
    <Page title="Dance Tutorials">
      <PageHeader
        eyebrow="Learn"
        title="Dance Tutorials"
        description="Learn the basics step by step, then practise against a reference and get your score."
      />
      <div className="mb-8 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div className="relative w-full lg:max-w-sm">
          <label htmlFor={searchId} className="sr-only">
            Search tutorials
          </label>
          <Search
            className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search tutorials..."
            className="h-11 w-full rounded-xl border border-white/12 bg-night-900/80 pl-10 pr-3 text-sm text-slate-100 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-accent-400"
          />
        </div>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Category</legend>
          {TUTORIAL_CATEGORIES.map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={category === c}
              onClick={() => setCategory(c)}
              className={cx(
                "h-9 rounded-full px-4 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-accent-400",
                category === c
                  ? "bg-accent-700 text-white"
                  : "border border-white/12 bg-white/5 text-slate-300 hover:text-white",
              )}
            >
              {CATEGORY_LABELS[c]}
            </button>
          ))}
        </fieldset>
      </div>
      {list.length === 0 ? (
        <EmptyState icon={<Search className="size-6" aria-hidden />} title="No tutorials found">
          Try another search or category.
        </EmptyState>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((t) => (
            <li key={t.id} className="glass flex flex-col overflow-hidden">
              <div className={cx("flex h-28 items-end bg-gradient-to-br p-4", TINTS[t.category])}>
                <span className="rounded-full bg-night-950/60 px-3 py-1 text-xs font-semibold text-white">
                  {CATEGORY_LABELS[t.category]}
                </span>
              </div>
              <div className="flex flex-1 flex-col p-5">
                <h2 className="text-lg font-semibold text-white">{t.title}</h2>
                <p className="mt-1 flex-1 text-sm text-slate-400">{t.description}</p>
                <p className="mt-4 flex items-center gap-4 text-xs text-slate-400">
                  <span className="flex items-center gap-1">
                    <Signal className="size-3.5" aria-hidden /> {t.level}
                  </span>
                  <span className="flex items-center gap-1">
                    <Clock className="size-3.5" aria-hidden /> {t.minutes} min
                  </span>
                </p>
                <ButtonLink
                  to={`/library?category=${LIBRARY_CATEGORY[t.category]}`}
                  variant="secondary"
                  size="sm"
                  className="mt-4"
                  aria-label={`Practise ${t.title} with reference videos`}
                >
                  Practise with references
                </ButtonLink>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
