import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListState, listStateOf } from './ListState';
import { LoadFailed } from './LoadFailed';
import { SkeletonRows } from './Skeleton';

type PagedQuery<Row> = UseInfiniteQueryResult<InfiniteData<{ rows: Row[]; total: number }>>;

/**
 * A paged list of cards: `skeleton` while the first page loads (skeleton rows in a card unless given), a
 * retry in a card when it failed, `empty` in a card when there is nothing, else the cards (`k-list` and
 * `listClassName`) and the list's foot (load more, loading, no more). The screen wraps it (pull to
 * refresh, a stack).
 */
export function PagedCards<Row>({
  query,
  renderCard,
  skeleton = (
    <div className="card">
      <SkeletonRows rows={4} />
    </div>
  ),
  empty,
  listClassName,
  failedTitle,
  testId,
}: {
  query: PagedQuery<Row>;
  /** One card, a keyed `li`. */
  renderCard: (row: Row) => ReactNode;
  skeleton?: ReactNode;
  empty: ReactNode;
  listClassName: string;
  /** What the retry says, when not the usual "could not load". */
  failedTitle?: string;
  testId?: string;
}) {
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  if (query.isPending) return <>{skeleton}</>;
  if (query.isError && rows.length === 0) {
    return (
      <div className="card">
        <LoadFailed title={failedTitle} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (rows.length === 0) return <div className="card">{empty}</div>;
  return (
    <>
      <ul className={`k-list ${listClassName}`} data-testid={testId}>
        {rows.map(renderCard)}
      </ul>
      <ListState state={listStateOf(query)} onLoadMore={() => void query.fetchNextPage()} />
    </>
  );
}
