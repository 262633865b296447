import type { MessageKey } from '@kestrel/contract/web';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PageModule } from '../../../shared/page-config/page-config';
import { EntryIcon } from './entry-icons';

/** Headings of the modules the seed uses; a module without one is shown without a heading. */
const MODULE_TITLES: Record<string, MessageKey> = {
  account: 'me.group_account',
  trading: 'me.group_trading',
  community: 'me.group_community',
  settings: 'me.settings',
};

/**
 * The page-config entries of the me page (SPEC §4), one card per module. `extras` puts a value on the
 * right of an entry, by its target route (the current language, the current line).
 */
export function EntryGroups({ modules, extras = {} }: { modules: PageModule[]; extras?: Record<string, ReactNode> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      {modules.map(({ module, entries }) => {
        const titleKey = MODULE_TITLES[module];
        return (
          <section className="card me-group" key={module}>
            {titleKey ? <h3 className="card__title">{t(titleKey)}</h3> : null}
            <ul className="me-group__list">
              {entries.map((entry) => (
                <li key={entry.id}>
                  <button type="button" className="me-entry" onClick={() => navigate(entry.target)}>
                    <EntryIcon name={entry.icon} />
                    <span className="me-entry__title">{t(entry.titleKey, { defaultValue: entry.title })}</span>
                    {extras[entry.target] ? <span className="me-entry__extra">{extras[entry.target]}</span> : null}
                    <RightOutline className="me-entry__arrow" />
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
