import type { staking } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../../shared/display/bidi';
import { Facts } from '../../../shared/invest/Facts';
import { useAmountText, useMoneyText } from '../../../shared/invest/amounts';
import { compareValues, parseScaled } from '../../../shared/invest/decimals';
import { Meter } from '../../../shared/invest/Meter';
import { CardHead, DemoTag } from '../../../shared/invest/parts';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { CLOSED_REASONS } from '../lib/labels';
import { percentOf } from '../lib/rates';
import { productBlock } from '../lib/stake-form';
import { useDaysText } from './texts';

/** Quota left of the quota: a bar and the two figures. */
function QuotaBar({ product }: { product: staking.StakingProduct }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const quota = parseScaled(product.quota);
  const left = parseScaled(product.quotaRemaining);
  // A share for the bar only (not money): the ratio of two amounts, as a Number.
  const share =
    quota && left && quota.units > 0n
      ? Math.min(
          Math.max(
            Number((left.units * 10n ** BigInt(quota.scale) * 1000n) / (quota.units * 10n ** BigInt(left.scale))) /
              1000,
            0,
          ),
          1,
        )
      : 0;
  return (
    <div className="sk-quota">
      <div className="sk-quota__text">
        <span>{t('invest.staking.quota_left')}</span>
        <span className="numeric" dir="ltr" data-testid="quota-left">
          {money(product.quotaRemaining, product.currencyName)}
        </span>
      </div>
      <Meter value={share} max={1} />
      <p className="iv-hint">
        {t('invest.staking.quota_of', { quota: ltr(money(product.quota, product.currencyName)) })}
      </p>
    </div>
  );
}

/**
 * A product: its term, the daily rate as a percentage and the annual figure (simple, for comparison),
 * the amount range and per-customer maximum, the early-redemption penalty, the quota left, and why it
 * takes no orders when it does not; the stake button opens the buy sheet.
 */
export function ProductCard({
  product,
  isDemo,
  loggedIn,
  onStake,
}: {
  product: staking.StakingProduct;
  isDemo: boolean;
  loggedIn: boolean;
  onStake: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const amount = useAmountText();
  const days = useDaysText();
  const block = productBlock(product, isDemo);
  const closed = product.closedReason ? CLOSED_REASONS[product.closedReason] : null;
  const min = parseScaled(product.minAmount);
  const max = parseScaled(product.maxAmount);
  const range =
    min && max && compareValues(min, max) === 0
      ? money(product.minAmount, product.currencyName)
      : `${amount(product.minAmount, product.currencyName)} – ${money(product.maxAmount, product.currencyName)}`;
  return (
    <li className="card iv-section sk-product" data-testid={`product-${product.id}`}>
      <CardHead
        name={product.name}
        line={
          <span className="sk-product__meta">
            {product.currencyName} · {days(product.termDays)}
          </span>
        }
        chip={
          product.acceptingOrders ? (
            <StatusChip tone="success" testId="product-status">
              {t('invest.staking.accepting')}
            </StatusChip>
          ) : (
            <StatusChip tone="neutral" testId="product-status">
              {closed ? t(closed.key) : t('invest.staking.closed_paused')}
            </StatusChip>
          )
        }
      />
      <dl className="sk-rates">
        <div>
          <dt>{t('invest.staking.daily_rate')}</dt>
          <dd className="numeric sk-rates__main" dir="ltr" data-testid="daily-rate">
            {percentOf(product.dailyRate)}
          </dd>
        </div>
        <div>
          <dt>{t('invest.staking.annual_rate')}</dt>
          <dd className="numeric" dir="ltr" data-testid="annual-rate">
            {percentOf(product.annualRate)}
          </dd>
        </div>
        <div>
          <dt>{t('invest.staking.term')}</dt>
          <dd className="numeric">{days(product.termDays)}</dd>
        </div>
      </dl>
      {product.description ? (
        <p className="iv-text sk-product__description" dir="auto">
          {product.description}
        </p>
      ) : null}
      <Facts
        facts={[
          {
            label: t('invest.staking.amount_range'),
            value: <span dir="ltr">{range}</span>,
            testId: 'amount-range',
          },
          {
            label: t('invest.staking.per_customer_max'),
            value: <span dir="ltr">{money(product.perCustomerMax, product.currencyName)}</span>,
          },
          {
            label: t('invest.staking.penalty'),
            value: t('invest.staking.penalty_of_principal', { rate: ltr(percentOf(product.penaltyRate)) }),
            testId: 'penalty-rate',
          },
          isDemo
            ? {
                label: t('invest.common.demo_funds'),
                value: product.demoAllowed === 1 ? t('invest.common.accepted') : t('invest.common.not_accepted'),
                testId: 'demo-funds',
              }
            : null,
        ]}
      />
      <QuotaBar product={product} />
      {closed ? (
        <p className="sk-closed" role="note" data-testid="closed-reason">
          {t(closed.hint)}
        </p>
      ) : null}
      {block && !closed ? (
        <p className="sk-closed" role="note" data-testid="product-blocked">
          {t(block.key, block.params)}
        </p>
      ) : null}
      <button
        type="button"
        className="k-action k-action--brand k-action--block"
        onClick={onStake}
        disabled={loggedIn && block !== null}
        data-testid="stake"
      >
        {loggedIn ? t('invest.staking.stake') : t('invest.staking.login_to_stake')}
        {loggedIn && isDemo && block === null ? <DemoTag /> : null}
      </button>
    </li>
  );
}
