import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { cx } from "./cx";

export interface TabItem<T extends string> {
  id: T;
  label: string;
  icon?: ReactNode;
}

export function useTabIds(): (tab: string) => { tab: string; panel: string } {
  const base = useId();
  return (tab) => ({ tab: `${base}-tab-${tab}`, panel: `${base}-panel-${tab}` });
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs. The strip wraps onto more rows on a narrow
 * screen rather than scrolling, so no tab is ever out of sight.
 */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  ids,
  label,
}: {
  tabs: ReadonlyArray<TabItem<T>>;
  value: T;
  onChange: (id: T) => void;
  ids: (tab: string) => { tab: string; panel: string };
  label: string;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    let next = -1;
    if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.id);
    refs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 pb-1">
      {tabs.map((tab, index) => {
        const selected = tab.id === value;
        const { tab: tabId, panel } = ids(tab.id);
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            id={tabId}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={cx(
              "inline-flex shrink-0 items-center gap-2 rounded-full px-4 py-2 text-sm font-medium transition",
              selected ? "bg-white text-night-950 shadow" : "text-slate-300 hover:bg-white/8 hover:text-white",
            )}
          >
            {tab.icon}
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({
  id,
  ids,
  children,
  className,
}: {
  id: string;
  ids: (tab: string) => { tab: string; panel: string };
  children: ReactNode;
  className?: string;
}) {
  const { tab, panel } = ids(id);
  return (
    <div role="tabpanel" id={panel} aria-labelledby={tab} className={cx("animate-fade-up outline-none", className)}>
      {children}
    </div>
  );
}
