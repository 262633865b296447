import type { Product } from '@kestrel/contract/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { QuoteRow } from '../../../shared/ui/QuoteRow';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { TabStrip } from '../../../shared/ui/TabStrip';
import { rankProducts } from '../rankings';

const TABS = [
  { id: 'recommended', labelKey: 'home.recommended' },
  { id: 'changeRate', labelKey: 'home.top_gainers' },
  { id: 'nowPrice', labelKey: 'home.top_prices' },
] as const;

type TabId = (typeof TABS)[number]['id'];

/**
 * The home quote card: the recommended products and the two SPEC §3 rankings (by change rate and
 * by price, top 10) as tabs over the same live rows, so each product row appears once on screen.
 */
export function HomeQuotes({
  products,
  loading,
  failed,
  onRetry,
  onOpen,
}: {
  products: Product[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onOpen: (product: Product) => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabId>('recommended');
  const rows = tab === 'recommended' ? products : rankProducts(products, tab);

  return (
    <section className="card home-quotes">
      <div className="home-quotes__head">
        <TabStrip
          className="home-quotes__tabs"
          tabClassName="k-tab home-quotes__tab"
          tabs={TABS.map((entry) => ({ id: entry.id, label: t(entry.labelKey), testId: `home-tab-${entry.id}` }))}
          value={tab}
          onChange={setTab}
        />
      </div>
      {loading ? (
        <SkeletonRows rows={6} />
      ) : failed && products.length === 0 ? (
        // shared/ui/LoadFailed draws the same; sharing that module with the lazy screens would make it one
        // more first-screen chunk, which the first screen's budget cannot carry (README "Budget").
        <EmptyState
          title={t('common.load_failed')}
          action={
            <button type="button" className="k-button k-button--soft" onClick={onRetry}>
              {t('common.retry')}
            </button>
          }
        />
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="home-quotes__list" role="tabpanel">
          {rows.map((product, position) => (
            <QuoteRow
              key={product.productCode}
              product={product}
              onOpen={onOpen}
              rank={tab === 'recommended' ? undefined : position + 1}
            />
          ))}
        </div>
      )}
    </section>
  );
}
