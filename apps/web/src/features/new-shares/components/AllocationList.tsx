import type { newShares } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { ListState, listStateOf } from '../../../shared/ui/ListState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { useNewShareAllocations } from '../api/new-share-allocations';
import { useCountText } from './counts';

/**
 * The public allocation list of an allocated offer: every subscription (its number and lots, nobody
 * named) and the lots it got, in subscription order; the customer's own rows are marked.
 */
export function AllocationList({ offer, mine }: { offer: newShares.NewShareProduct; mine: ReadonlySet<number> }) {
  const { t } = useTranslation();
  const count = useCountText();
  const allocations = useNewShareAllocations(offer.id, true);
  const rows = allocations.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = allocations.data?.pages[0]?.total ?? 0;

  let body;
  if (allocations.isPending) body = <SkeletonRows rows={3} />;
  else if (allocations.isError && rows.length === 0) {
    body = <LoadFailed variant="plain" onRetry={() => void allocations.refetch()} />;
  } else if (rows.length === 0) body = <p className="iv-hint">{t('invest.new_shares.allocations_empty')}</p>;
  else {
    body = (
      <>
        <table className="ns-table" data-testid="allocations">
          <thead>
            <tr>
              <th scope="col">{t('invest.new_shares.subscription_number')}</th>
              <th scope="col">{t('invest.new_shares.lots_subscribed')}</th>
              <th scope="col">{t('invest.new_shares.lots_allocated')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.subscriptionId}
                className={mine.has(row.subscriptionId) ? 'ns-table__mine' : undefined}
                data-testid={`allocation-${row.subscriptionId}`}
              >
                <td className="numeric">
                  <span dir="ltr">#{row.subscriptionId}</span>
                  {mine.has(row.subscriptionId) ? (
                    <span className="ns-table__you">{t('invest.new_shares.yours')}</span>
                  ) : null}
                </td>
                <td className="numeric">{count(row.lots)}</td>
                <td className={`numeric${row.allocatedLots > 0 ? ' ns-table__won' : ''}`}>
                  {count(row.allocatedLots)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {allocations.hasNextPage || rows.length > 10 ? (
          <ListState state={listStateOf(allocations)} onLoadMore={() => void allocations.fetchNextPage()} />
        ) : null}
      </>
    );
  }

  return (
    <section className="card iv-section" data-testid="allocation-list">
      <div className="iv-section__head">
        <h2 className="iv-section__title">{t('invest.new_shares.allocation_list')}</h2>
        {total > 0 ? (
          <span className="iv-hint">{t('invest.new_shares.subscriptions_count', { n: count(total) })}</span>
        ) : null}
      </div>
      <p className="iv-hint">
        {t('invest.new_shares.allocation_list_note', {
          allocated: count(offer.allocatedLots ?? 0),
          supply: count(offer.supplyLots),
        })}
      </p>
      {body}
    </section>
  );
}
