import type { MessageKey } from '@kestrel/contract/web';
import { RightOutline } from 'antd-mobile-icons';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PageEntry, PageModule } from '../../../shared/page-config/page-config';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { TabStrip, tabIdOf } from '../../../shared/ui/TabStrip';
import { EntryIcon } from './entry-icons';

/** Headings of the modules the seed uses; a module without one is shown without a heading. */
const MODULE_TITLES: Record<string, MessageKey> = {
  account: 'me.group_account',
  trading: 'me.group_trading',
  community: 'me.group_community',
  settings: 'me.settings',
};

/** What sits on the right of an entry, by its target route (the current language, a badge). */
export type EntryExtras = Record<string, ReactNode>;

interface EntriesProps {
  modules: PageModule[];
  extras?: EntryExtras;
}

/** A module's heading, or null for a module the seed does not name. */
function useModuleTitle(): (module: string) => string | null {
  const { t } = useTranslation();
  return (module) => {
    const key = MODULE_TITLES[module];
    return key ? t(key) : null;
  };
}

/** One entry as a row: icon, title, its extra, and the arrow. */
function EntryRow({ entry, extra }: { entry: PageEntry; extra: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <li>
      <button type="button" className="me-entry" onClick={() => navigate(entry.target)}>
        <EntryIcon name={entry.icon} />
        <span className="me-entry__title">{t(entry.titleKey, { defaultValue: entry.title })}</span>
        {extra ? <span className="me-entry__extra">{extra}</span> : null}
        <RightOutline className="me-entry__arrow" />
      </button>
    </li>
  );
}

function EntryRows({ entries, extras }: { entries: PageEntry[]; extras: EntryExtras }) {
  return (
    <ul className="me-group__list">
      {entries.map((entry) => (
        <EntryRow key={entry.id} entry={entry} extra={extras[entry.target]} />
      ))}
    </ul>
  );
}

/**
 * The page-config entries of the me page (SPEC §4) as rows, one card per module. `extras` puts a value
 * on the right of an entry, by its target route (the current language, the current line).
 */
export function EntryGroups({ modules, extras = {} }: EntriesProps) {
  const titleOf = useModuleTitle();
  return (
    <>
      {modules.map(({ module, entries }) => {
        const title = titleOf(module);
        return (
          <section className="card me-group" key={module}>
            {title ? <h3 className="card__title">{title}</h3> : null}
            <EntryRows entries={entries} extras={extras} />
          </section>
        );
      })}
    </>
  );
}

/** Every entry in one card, each module's name as a small heading between them (a settings list). */
export function EntryFlatList({ modules, extras = {} }: EntriesProps) {
  const titleOf = useModuleTitle();
  return (
    <section className="card me-group me-group--flat">
      {modules.map(({ module, entries }) => {
        const title = titleOf(module);
        return (
          <div className="me-group__part" key={module}>
            {title ? <h3 className="me-group__subhead">{title}</h3> : null}
            <EntryRows entries={entries} extras={extras} />
          </div>
        );
      })}
    </section>
  );
}

/** The entries as icon tiles, four to a row, one card per module; an entry's extra sits under its title. */
export function EntryTiles({ modules, extras = {} }: EntriesProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleOf = useModuleTitle();
  return (
    <>
      {modules.map(({ module, entries }) => {
        const title = titleOf(module);
        return (
          <section className="card me-group me-tiles" key={module}>
            {title ? <h3 className="card__title">{title}</h3> : null}
            <ul className="me-tiles__grid">
              {entries.map((entry) => (
                <li key={entry.id}>
                  <button type="button" className="me-tile" onClick={() => navigate(entry.target)}>
                    <EntryIcon name={entry.icon} />
                    <span className="me-tile__title">{t(entry.titleKey, { defaultValue: entry.title })}</span>
                    {extras[entry.target] ? <span className="me-tile__extra">{extras[entry.target]}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

/** One tab per module (named by its heading, else by its first entry), the chosen module's entries as rows. */
export function EntryTabs({ modules, extras = {} }: EntriesProps) {
  const { t } = useTranslation();
  const titleOf = useModuleTitle();
  const [chosen, setChosen] = useState(modules[0]?.module);
  const idPrefix = useId();
  const current = modules.find((group) => group.module === chosen) ?? modules[0];
  if (!current) return null;
  const panelId = `${idPrefix}-panel`;
  // A tab half past the strip's edge is brought fully into view when chosen, so its name is never left cut.
  const choose = (module: string, tab: HTMLElement) => {
    setChosen(module);
    // jsdom (the unit tests) has no scrollIntoView.
    if (typeof tab.scrollIntoView === 'function') tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  const labelOf = ({ module, entries }: PageModule) => {
    const first = entries[0];
    return titleOf(module) ?? (first ? t(first.titleKey, { defaultValue: first.title }) : '');
  };
  return (
    <section className="card me-group me-tabs">
      <TabStrip
        className="me-tabs__bar"
        tabClassName="k-tab me-tabs__tab"
        tabs={modules.map((group) => ({ id: group.module, label: labelOf(group), testId: `me-tab-${group.module}` }))}
        value={current.module}
        onChange={choose}
        panelId={panelId}
      />
      <div role="tabpanel" id={panelId} aria-labelledby={tabIdOf(panelId, current.module)}>
        <EntryRows entries={current.entries} extras={extras} />
      </div>
    </section>
  );
}

/** While the page config loads: rows, or tiles, in the shape the layout will show. */
export function EntriesSkeleton({ shape = 'rows' }: { shape?: 'rows' | 'tiles' }) {
  if (shape === 'tiles') {
    return (
      <section className="card me-group me-tiles" aria-busy="true">
        <ul className="me-tiles__grid">
          {Array.from({ length: 8 }, (_, index) => (
            <li className="me-tile" key={index}>
              <Skeleton width={34} height={34} radius={10} />
              <Skeleton width="70%" height={11} />
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section className="card me-group" aria-busy="true">
      {Array.from({ length: 4 }, (_, index) => (
        <div className="me-entry" key={index}>
          <Skeleton width={34} height={34} radius={10} />
          <Skeleton width="40%" height={14} />
        </div>
      ))}
    </section>
  );
}
