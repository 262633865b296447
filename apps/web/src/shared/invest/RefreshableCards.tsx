import { PagedCards } from '../ui/PagedCards';
import { Refreshable } from '../ui/Refreshable';
import './invest.css';

type CardsProps<Row> = Omit<Parameters<typeof PagedCards<Row>>[0], 'listClassName'>;

/**
 * The record list of a screen (offers, subscriptions, staking products and orders, rewards earned): its
 * cards a page at a time, in the stack of these screens, with pull to refresh. A pull reads the list again
 * unless `onRefresh` says what else it refreshes.
 */
export function RefreshableCards<Row>({
  onRefresh,
  ...cards
}: CardsProps<Row> & { onRefresh?: () => Promise<unknown> }) {
  return (
    <Refreshable onRefresh={onRefresh ?? (() => cards.query.refetch())}>
      <div className="iv-stack">
        <PagedCards {...cards} listClassName="iv-list" />
      </div>
    </Refreshable>
  );
}
