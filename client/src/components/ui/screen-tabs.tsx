// A staff screen with tabs: its heading and introduction, then the tab strip (WAI-ARIA tablist;
// tab `k` has the id `tab-k` and controls the panel `panel`). The screen renders the panel.
import type { ReactNode } from 'react';
import { StaffHeader } from './staff-header';

export function ScreenTabs<K extends string>({
  title,
  intro,
  tabs,
  active,
  panel,
  onSelect,
}: {
  title: string;
  intro: string;
  tabs: readonly { key: K; label: ReactNode }[];
  active: K;
  /** The id of the tab panel (or a panel per tab). */
  panel: string | ((key: K) => string);
  onSelect: (key: K) => void;
}) {
  return (
    <>
      <StaffHeader title={title} intro={intro} className="mb-4" />
      <div
        role="tablist"
        aria-label={title}
        className="mb-6 flex flex-wrap gap-2 border-b border-stone-200"
      >
        {tabs.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`tab-${key}`}
            aria-selected={key === active}
            aria-controls={typeof panel === 'string' ? panel : panel(key)}
            className={`min-h-11 border-b-2 px-4 py-2 text-sm font-semibold ${key === active ? 'border-orange-800 text-orange-900' : 'border-transparent text-stone-600 hover:text-stone-900'}`}
            onClick={() => onSelect(key)}
          >
            {label}
          </button>
        ))}
      </div>
    </>
  );
}
