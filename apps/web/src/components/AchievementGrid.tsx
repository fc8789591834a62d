import { Award, Medal, Sparkles, Trophy } from "lucide-react";
import { TEXTS } from "../constants/texts";
import { ButtonLink } from "./Button";
import { EmptyState } from "./EmptyState";
import { cx } from "./cx";

export interface AchievementItem {
  id: string | number;
  icon: string | null;
  name: string;
  category: string;
  description: string;
}

/**
 * Each card's picture by category, drawn with the app's icons: the stored emoji icons render as empty
 * boxes on machines without an emoji font.
 */
const CATEGORY_ICONS: Record<string, typeof Trophy> = {
  milestone: Medal,
  performance: Trophy,
  variety: Sparkles,
  other: Award,
};

const CATEGORY_STYLES: Record<string, string> = {
  milestone: "bg-violet-500/15 text-violet-200",
  performance: "bg-emerald-500/15 text-emerald-200",
  variety: "bg-sky-500/15 text-sky-200",
  other: "bg-slate-500/15 text-slate-200",
};

/** Unlocked achievements as cards (dashboard and profile), or the way to earn the first one. */
export function AchievementGrid({ list }: { list: ReadonlyArray<AchievementItem> }) {
  if (list.length === 0) {
    return (
      <EmptyState
        icon={<Trophy className="size-7" aria-hidden />}
        title={TEXTS.noAchievementsTitle}
        action={
          <ButtonLink to="/compare" size="sm">
            Start a comparison
          </ButtonLink>
        }
      >
        {TEXTS.noAchievementsBody}
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {list.map((a) => (
        <li key={a.id} className="glass flex gap-4 p-5">
          <AchievementIcon category={a.category} />
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex items-start justify-between gap-2">
              <h3 className="font-semibold text-white">{a.name}</h3>
              <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-300">
                Unlocked
              </span>
            </div>
            <p className="text-sm text-slate-400">{a.description}</p>
            <span
              className={cx(
                "inline-block rounded-full px-2 py-0.5 text-xs font-medium capitalize",
                CATEGORY_STYLES[a.category] ?? CATEGORY_STYLES.other,
              )}
            >
              {a.category}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function AchievementIcon({ category }: { category: string }) {
  const Icon = CATEGORY_ICONS[category] ?? Award;
  return (
    <span
      className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-accent-500/15 text-accent-300"
      data-testid="achievement-icon"
      aria-hidden
    >
      <Icon className="size-6" />
    </span>
  );
}
