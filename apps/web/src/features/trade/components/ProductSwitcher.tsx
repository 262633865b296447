import type { Product } from '@kestrel/contract/web';
import { CloseOutline, SearchOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuoteSearch } from '../../../shared/market/api/quote-list';
import { useLiveTickers } from '../../../shared/realtime/live-tickers';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { HeadedSheet } from '../../../shared/ui/HeadedSheet';
import { QuoteRow } from '../../../shared/ui/QuoteRow';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { useDebouncedValue } from '../../../shared/use-debounced-value';

/** The bottom sheet that switches the trade tab's product: every market, searchable by keyWords. */
export function ProductSwitcher({
  visible,
  current,
  onClose,
  onSelect,
}: {
  visible: boolean;
  current: string;
  onClose: () => void;
  onSelect: (product: Product) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const keyWords = useDebouncedValue(text.trim());
  const search = useQuoteSearch(keyWords, visible);
  const groups = search.data?.filter((group) => group.rows.length > 0) ?? [];

  return (
    <HeadedSheet
      visible={visible}
      title={t('trade.switch_product')}
      onClose={onClose}
      closeIcon={<CloseOutline />}
      closeClassName="switcher__close"
      className="switcher"
    >
      <label className="k-search switcher__field">
        <SearchOutline />
        <input
          className="k-search__input"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('market.search_placeholder')}
          aria-label={t('common.search')}
          maxLength={40}
          data-testid="switcher-search"
        />
      </label>
      <div className="switcher__list quote-list--two-line-names">
        {search.isPending ? (
          <SkeletonRows rows={6} />
        ) : groups.length === 0 ? (
          <EmptyState title={keyWords ? t('market.search_empty', { keyWords }) : undefined} />
        ) : (
          groups.map((group) => (
            <SwitcherGroup
              key={group.index}
              title={t(group.labelKey)}
              rows={group.rows}
              current={current}
              onSelect={onSelect}
            />
          ))
        )}
      </div>
    </HeadedSheet>
  );
}

function SwitcherGroup({
  title,
  rows,
  current,
  onSelect,
}: {
  title: string;
  rows: Product[];
  current: string;
  onSelect: (product: Product) => void;
}) {
  const products = useLiveTickers(rows);
  return (
    <section className="switcher__group">
      <h3 className="switcher__group-title">{title}</h3>
      {products.map((product) => (
        <div
          key={product.productCode}
          className={product.productCode === current ? 'switcher__row switcher__row--current' : 'switcher__row'}
        >
          <QuoteRow product={product} onOpen={onSelect} />
        </div>
      ))}
    </section>
  );
}
