import type { bibi } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useAmountFormat } from '../../../shared/display/display-rules';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { baseCoinDecimals } from '../lib/precision';

export interface CoinBalance {
  currencyId: number;
  currencyName: string;
  available: string | null;
  frozen: string | null;
}

/** The pair's two coins: what is available to trade and what open orders hold. */
export function Balances({
  pair,
  coins,
  loading,
  demo,
}: {
  pair: bibi.BibiPair;
  coins: readonly CoinBalance[];
  loading: boolean;
  /** A demo account's balances are demo money: labelled so, like every demo figure. */
  demo: boolean;
}) {
  const { t } = useTranslation();
  const amount = useAmountFormat();
  return (
    <section className="card bibi-balances" aria-labelledby="bibi-balances-title" data-testid="pair-balances">
      <div className="bibi-card-head">
        <h2 id="bibi-balances-title" className="bibi-card-title">
          {t('bibi.balances')}
        </h2>
        {demo ? (
          <StatusChip tone="demo" size="small" testId="bibi-balances-demo">
            {t('common.demo')}
          </StatusChip>
        ) : null}
      </div>
      <ul className="bibi-balances__list">
        {coins.map((coin) => {
          // The quote currency at the display rules' digits, a coin at its trading step (lib/precision.ts).
          const decimals = coin.currencyId === pair.quoteCurrencyId ? undefined : baseCoinDecimals(pair);
          return (
            <li key={coin.currencyId} className="bibi-balances__coin" data-testid={`balance-${coin.currencyName}`}>
              <span className="bibi-balances__name">{coin.currencyName}</span>
              {loading ? (
                <Skeleton width={96} height={16} />
              ) : (
                <span className="bibi-balances__figures">
                  <span className="numeric" dir="ltr" data-testid={`balance-available-${coin.currencyName}`}>
                    {amount(coin.available ?? '0', decimals)}
                  </span>
                  <span className="bibi-balances__frozen">
                    {t('bibi.frozen')}{' '}
                    <span className="numeric" dir="ltr">
                      {amount(coin.frozen ?? '0', decimals)}
                    </span>
                  </span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
