import { newShares } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../../shared/display/bidi';
import { formatDateTime } from '../../../shared/display/date-time';
import { productDisplayCode } from '../../../shared/display/product-name';
import { Facts, type Fact } from '../../../shared/invest/Facts';
import { useMoneyText } from '../../../shared/invest/amounts';
import { Money } from '../../../shared/invest/parts';
import { PATHS } from '../../../shared/paths';
import { NavButton } from '../../../shared/ui/NavButton';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { subscriptionStatusLabel } from '../lib/labels';
import { offerPath } from '../paths';
import { useQuantityText } from './counts';
import { usePriceText } from './price-text';

const { pending, allocated, delivered } = newShares.SUBSCRIPTION_STATUS;

/**
 * One of my subscriptions: status, lots and shares, what was frozen, and after allocation what was
 * allocated and what came back; when the shares unlock, and the way to them once delivered. In the
 * history it names the offer and opens it; on the offer's own page (`withOffer` false) it does not.
 */
export function SubscriptionCard({
  record,
  withOffer = true,
}: {
  record: newShares.SubscriptionRecord;
  withOffer?: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const price = usePriceText();
  const quantity = useQuantityText();
  const status = subscriptionStatusLabel(record.status);
  const demo = record.demo === 1;
  const decided = record.status !== pending;

  const facts: (Fact | null)[] = [
    {
      label: t('invest.new_shares.subscribed'),
      value: t('invest.new_shares.lots_and_shares', {
        lots: quantity.lots(record.lots),
        shares: quantity.shares(record.applyPurchaseQuantity),
      }),
    },
    {
      label: t('invest.new_shares.issue_price'),
      value: <span dir="ltr">{price(record.issuePrice, record.currencyName)}</span>,
    },
    {
      label: t('invest.new_shares.frozen'),
      value: <Money text={money(record.frozenAmount, record.currencyName)} demo={demo} testId="subscription-frozen" />,
    },
    decided
      ? {
          label: t('invest.new_shares.allocated'),
          value: quantity.shares(record.allocatedQuantity ?? 0),
          testId: 'subscription-allocated',
        }
      : null,
    decided
      ? {
          label: t('invest.new_shares.allocated_amount'),
          value: <Money text={money(record.allocatedAmount ?? '0', record.currencyName)} demo={demo} />,
        }
      : null,
    decided
      ? {
          label: t('invest.new_shares.refunded'),
          value: (
            <Money
              text={money(record.refundAmount ?? '0', record.currencyName)}
              demo={demo}
              testId="subscription-refunded"
            />
          ),
        }
      : null,
    record.status === pending
      ? {
          label: t('invest.new_shares.allocation_time'),
          value: <span dir="ltr">{formatDateTime(record.allocationTime)}</span>,
        }
      : null,
    record.status === allocated || record.status === delivered
      ? {
          label: t('invest.new_shares.unlock_time'),
          value: <span dir="ltr">{formatDateTime(record.unlockTime)}</span>,
        }
      : null,
    {
      label: t('invest.new_shares.subscribed_at'),
      value: <span dir="ltr">{formatDateTime(record.createTime)}</span>,
    },
  ];

  return (
    <li className="card iv-section ns-sub" data-testid={`subscription-${record.id}`}>
      <div className="iv-head">
        {withOffer ? (
          <NavButton to={offerPath(record.newProductApplyPurchaseId)} className="ns-sub__offer">
            <span className="iv-name" dir="auto">
              {record.productName}
            </span>
            <span className="ns-offer__code" dir="ltr">
              {productDisplayCode(record.productCode)}
            </span>
          </NavButton>
        ) : (
          <span className="ns-sub__number numeric" dir="ltr">
            #{record.id}
          </span>
        )}
        <StatusChip tone={status.tone} testId="subscription-status">
          {t(status.key)}
        </StatusChip>
      </div>
      <Facts facts={facts} />
      {record.status === allocated ? (
        <p className="iv-hint">
          {t('invest.new_shares.unlock_note', { time: ltr(formatDateTime(record.unlockTime)) })}
        </p>
      ) : null}
      {record.status === delivered ? (
        <NavButton
          to={PATHS.wallet}
          className="k-button k-button--soft ns-sub__holdings"
          testId="subscription-holdings"
        >
          {t('invest.new_shares.view_holdings')}
        </NavButton>
      ) : null}
    </li>
  );
}
