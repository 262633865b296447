import { SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { QUOTE_MARKETS, WATCHLIST_INDEX, type MarketIndex } from '../../../shared/market/quote-lists';
import { TabStrip } from '../../../shared/ui/TabStrip';
import { MarketList } from '../components/MarketList';
import { WatchlistView } from '../components/WatchlistView';
import '../markets.css';

const TABS = [
  ...QUOTE_MARKETS.map(({ index, labelKey }) => ({ index, labelKey })),
  { index: WATCHLIST_INDEX, labelKey: 'market.watchlist' },
] as const;

function tabOf(value: string | null): number {
  const index = Number(value ?? '0');
  return Number.isInteger(index) && index >= 0 && index <= WATCHLIST_INDEX ? index : 0;
}

/**
 * `/pages/tabs/quotes/quotes`: the four markets and the watchlist as tabs (quote lists 0 to 4), the
 * chosen tab kept in the route (`?tab=`) so back and reload return to it; search in the title bar.
 */
export default function MarketsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [parameters, setParameters] = useSearchParams();
  const active = tabOf(parameters.get('tab'));
  const choose = (index: number) => setParameters(index === 0 ? {} : { tab: String(index) }, { replace: true });

  return (
    <div className="screen markets-screen">
      <header className="markets-top">
        <div className="markets-top__title-row">
          <h1 className="markets-top__title">{t('tab.markets')}</h1>
          <button
            type="button"
            className="markets-top__search"
            onClick={() => navigate('/pages/tabs/quotes/quoteSearch')}
            data-testid="markets-search"
          >
            <SearchOutline />
            <span>{t('market.search_placeholder')}</span>
          </button>
        </div>
        <TabStrip
          className="markets-tabs"
          tabClassName="k-tab markets-tabs__tab"
          tabs={TABS.map((tab) => ({ id: tab.index, label: t(tab.labelKey), testId: `market-tab-${tab.index}` }))}
          value={active}
          onChange={choose}
        />
      </header>
      <div className="markets-body">
        {active === WATCHLIST_INDEX ? (
          <WatchlistView onBrowse={() => choose(0)} />
        ) : (
          <MarketList key={active} index={active as MarketIndex} />
        )}
      </div>
    </div>
  );
}
