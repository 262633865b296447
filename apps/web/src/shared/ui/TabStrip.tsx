import type { ReactNode } from 'react';
import './tab-strip.css';

export interface Tab<Id extends string | number> {
  id: Id;
  label: ReactNode;
  testId: string;
}

/**
 * A row of tabs of which one is chosen (role tablist, the chosen tab aria-selected): a segmented
 * control (`k-segmented` / `k-segmented__option`, parts.css) or a strip of underlined names (`k-tab`,
 * tab-strip.css) with the screen's own classes for size and spacing. The tabs draw their chosen state
 * from aria-selected, so no class says which one is chosen.
 *
 * `onChange` also gets the tab's element (a strip that scrolls brings it into view). With `panelId`
 * (the id of the panel the tabs control) each tab is named `tabIdOf(panelId, id)`, for the panel's
 * aria-labelledby.
 */
export function TabStrip<Id extends string | number>({
  tabs,
  value,
  onChange,
  className,
  tabClassName,
  label,
  panelId,
}: {
  tabs: readonly Tab<Id>[];
  value: Id;
  onChange: (id: Id, tab: HTMLButtonElement) => void;
  className: string;
  tabClassName: string;
  /** The strip's accessible name, where the screen has no heading that says what the tabs choose. */
  label?: string;
  panelId?: string;
}) {
  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          type="button"
          role="tab"
          key={tab.id}
          id={panelId === undefined ? undefined : tabIdOf(panelId, tab.id)}
          aria-selected={tab.id === value}
          aria-controls={panelId}
          className={tabClassName}
          onClick={(event) => onChange(tab.id, event.currentTarget)}
          data-testid={tab.testId}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The element id of the tab `id` of the strip that controls the panel `panelId`. */
export const tabIdOf = (panelId: string, id: string | number): string => `${panelId}-tab-${id}`;
