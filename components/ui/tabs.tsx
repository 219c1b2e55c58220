"use client";

import { useId, useRef } from "react";
import { cn, focusRing } from "./cn";

type Tab<K extends string> = { key: K; label: React.ReactNode };

/**
 * Tabs after the ARIA pattern: one tab stop, arrow keys (and Home/End) move between tabs.
 * The caller renders the panel of the selected tab inside <TabPanel>.
 */
export function Tabs<K extends string>({ tabs, selected, onSelect, label, children }: {
  tabs: Tab<K>[];
  selected: K;
  onSelect: (key: K) => void;
  label: string;
  children: React.ReactNode;
}) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = tabs.findIndex((t) => t.key === selected);

  function onKeyDown(event: React.KeyboardEvent) {
    const last = tabs.length - 1;
    const to = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    onSelect(tabs[to]!.key);
    refs.current[to]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-stone-200" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
              tab.key === selected ? "border-teal-700 text-teal-800" : "border-transparent text-stone-600 hover:text-stone-900",
              focusRing,
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected}`} className="pt-4">
        {children}
      </div>
    </div>
  );
}
