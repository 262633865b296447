import { useTranslation } from 'react-i18next';
import { formatWithRules, useDisplayRules } from '../../../shared/display/display-rules';
import { productDisplayCode } from '../../../shared/display/product-name';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { SimulatedBadge } from '../../../shared/ui/SimulatedBadge';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useSpotHoldings } from '../api/spot-holdings';
import { HIDDEN_AMOUNT } from '../lib/hide-amounts';
import './spot-holdings.css';

/** The decimals a wire price carries: holdings do not carry their product's price scale. */
const decimalsOf = (text: string | null) => (text?.split('.')[1] ?? '').length;

function toneOf(value: string | null): string {
  if (!value || /^-?0*(\.0*)?$/.test(value)) return '';
  return value.startsWith('-') ? 'fall' : 'rise';
}

/**
 * The wallet tab's spot holdings: per product the quantity, average cost, market value and floating
 * PnL in USDT, valued by the server at the live price. Nothing shows while there are none.
 */
export function SpotHoldings({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation();
  const rules = useDisplayRules();
  const holdings = useSpotHoldings();
  const amount = (value: string | null) => (hidden ? HIDDEN_AMOUNT : formatWithRules(value, rules));
  if (holdings.isPending) {
    return (
      <section className="card wallet-holdings" aria-busy="true">
        <h2 className="card__title">{t('wallet.spot_holdings')}</h2>
        <div className="wallet-holdings__skeleton">
          <Skeleton width="60%" height={15} />
          <Skeleton width="80%" height={11} />
        </div>
      </section>
    );
  }
  if (holdings.isError) {
    return (
      <section className="card wallet-holdings">
        <h2 className="card__title">{t('wallet.spot_holdings')}</h2>
        <LoadFailed variant="plain" title={t('wallet.load_failed')} onRetry={() => void holdings.refetch()} />
      </section>
    );
  }
  const rows = holdings.data.holdings;
  if (rows.length === 0) return null;
  return (
    <section className="card wallet-holdings" data-testid="wallet-spot-holdings">
      <div className="wallet-holdings__head">
        <h2 className="card__title">{t('wallet.spot_holdings')}</h2>
        <span className="wallet-holdings__total numeric" dir="ltr">
          {t('wallet.holdings_value')} {amount(holdings.data.totalMarketValue)} USDT
        </span>
      </div>
      <ul className="wallet-holdings__list">
        {rows.map((row) => (
          <li key={row.productCode} className="wallet-holding" data-testid={`wallet-holding-${row.productCode}`}>
            <div className="wallet-holding__line">
              <span className="wallet-holding__name">
                {row.productName}{' '}
                <span className="wallet-holding__code" dir="ltr">
                  {productDisplayCode(row.productCode)}
                </span>
              </span>
              <span className={`wallet-holding__pnl numeric ${hidden ? '' : toneOf(row.profitAndLose)}`} dir="ltr">
                {hidden
                  ? HIDDEN_AMOUNT
                  : `${toneOf(row.profitAndLose) === 'rise' ? '+' : ''}${formatWithRules(row.profitAndLose, rules)}`}
                {row.profitRate && !hidden ? ` (${row.profitRate}%)` : ''}
              </span>
            </div>
            <dl className="wallet-holding__facts">
              <div>
                <dt>{t('wallet.holding_quantity')}</dt>
                <dd className="numeric" dir="ltr">
                  {hidden ? HIDDEN_AMOUNT : row.quantity}
                </dd>
              </div>
              <div>
                <dt>{t('wallet.average_cost')}</dt>
                <dd className="numeric" dir="ltr">
                  {formatWithRules(row.averageCost, rules, decimalsOf(row.averageCost))}
                </dd>
              </div>
              <div>
                <dt>{t('wallet.market_value')}</dt>
                <dd className="numeric" dir="ltr">
                  {amount(row.marketValue)}
                </dd>
              </div>
            </dl>
            <SimulatedBadge simulated={row.simulated} />
          </li>
        ))}
      </ul>
    </section>
  );
}
