import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavButton } from '../../../shared/ui/NavButton';
import { useDebouncedValue } from '../../../shared/use-debounced-value';
import { useRouteTitleKey } from '../../../shared/route-title';
import { useSettingsStore } from '../../../shared/store/settings';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { ListState, listStateOf } from '../../../shared/ui/ListState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Notice } from '../../../shared/ui/Notice';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useHelpCategories } from '../api/help-categories';
import { useHelpList, type HelpArticleSummary } from '../api/help-list';
import { ArticleRow } from '../components/ArticleRow';
import { CategoryChips } from '../components/CategoryChips';
import { ContactSupport } from '../components/ContactSupport';
import { SearchBox } from '../components/SearchBox';
import { fallbackLanguageName } from '../lib/language-note';
import { PATHS } from '../../../shared/paths';

/**
 * The help centre's list: a search (as the customer stops typing, in the app's language), the
 * categories, and the articles of the chosen category matching the search, page by page; a note when
 * some of them are shown in English because they have no text in the app's language; no results offer
 * the support chat.
 */
export default function HelpListScreen() {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  const locale = useSettingsStore((state) => state.locale);
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim());
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  const categories = useHelpCategories();
  const list = useHelpList(categoryId, keyword);
  const rows = list.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const fallback = rows.map((row) => fallbackLanguageName(row.language, locale)).find((name) => name !== null);

  return (
    <div className="screen hc-screen">
      <PageHeader title={titleKey ? t(titleKey) : t('me.help')} />
      <div className="screen__body hc-body">
        <SearchBox value={typed} onChange={setTyped} />
        {categories.data && categories.data.rows.length > 0 ? (
          <CategoryChips categories={categories.data.rows} selected={categoryId} onSelect={setCategoryId} />
        ) : categories.isPending ? (
          <div className="hc-chips" aria-hidden="true">
            {[64, 96, 80, 104].map((width, index) => (
              <Skeleton key={index} width={width} height={32} radius={16} />
            ))}
          </div>
        ) : null}
        {keyword !== '' && !list.isPending && rows.length > 0 ? (
          <p className="hc-results" role="status" data-testid="help-results">
            {t('help.results', { n: total, keyword: `\u2068${keyword}\u2069` })}
          </p>
        ) : null}
        {fallback ? (
          <Notice testId="help-list-fallback">{t('help.list_fallback_note', { language: fallback })}</Notice>
        ) : null}
        <Articles list={list} rows={rows} keyword={keyword} onClearSearch={() => setTyped('')} />
        <ContactSupport />
      </div>
    </div>
  );
}

function Articles({
  list,
  rows,
  keyword,
  onClearSearch,
}: {
  list: ReturnType<typeof useHelpList>;
  rows: HelpArticleSummary[];
  keyword: string;
  onClearSearch: () => void;
}) {
  const { t } = useTranslation();
  if (list.isPending) {
    return (
      <div className="card hc-list" aria-busy="true" role="status" data-testid="help-loading">
        {[0, 1, 2, 3].map((index) => (
          <div className="hc-row hc-row--skeleton" key={index}>
            <span className="hc-row__text">
              <Skeleton width="70%" height={16} />
              <Skeleton width="95%" height={12} />
              <Skeleton width="30%" height={11} />
            </span>
          </div>
        ))}
      </div>
    );
  }
  if (list.isError && rows.length === 0) {
    return (
      <div className="card">
        <LoadFailed onRetry={() => void list.refetch()} />
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="card" data-testid="help-empty">
        {keyword !== '' ? (
          <EmptyState
            title={t('help.no_results', { keyword: `\u2068${keyword}\u2069` })}
            description={t('help.no_results_hint')}
            action={
              <div className="hc-empty-actions">
                <NavButton to={PATHS.supportChat} className="k-button k-button--primary" testId="help-empty-contact">
                  {t('help.contact_support')}
                </NavButton>
                <button type="button" className="k-button k-button--soft" onClick={onClearSearch}>
                  {t('help.search_clear')}
                </button>
              </div>
            }
          />
        ) : (
          <EmptyState title={t('help.empty')} description={t('help.empty_hint')} />
        )}
      </div>
    );
  }
  return (
    <>
      <ul
        className={`card k-list hc-list${list.isPlaceholderData ? ' hc-list--stale' : ''}`}
        aria-busy={list.isPlaceholderData || undefined}
        data-testid="help-articles"
      >
        {rows.map((article) => (
          <ArticleRow key={article.id} article={article} keyword={keyword} />
        ))}
      </ul>
      {list.hasNextPage || rows.length > 8 ? (
        <ListState state={listStateOf(list)} onLoadMore={() => void list.fetchNextPage()} />
      ) : null}
    </>
  );
}
