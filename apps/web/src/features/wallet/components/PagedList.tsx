import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState, listStateOf } from '../../../shared/ui/ListState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { SkeletonRows } from '../../../shared/ui/Skeleton';

type PagedQuery<Row> = UseInfiniteQueryResult<InfiniteData<{ rows: Row[]; total: number }>>;

/**
 * A paged list: skeleton rows first, pull to refresh, rows, then "load more" / "no more", an empty
 * state when there is nothing, and a retry when the first page fails.
 */
export function PagedList<Row>({
  query,
  renderRow,
  renderRows,
  empty,
  header,
  skeleton = <SkeletonRows rows={6} />,
}: {
  query: PagedQuery<Row>;
  /** One list item per row. */
  renderRow?: (row: Row) => ReactNode;
  /** Or the list items of all loaded rows at once (the statement groups postings into events). */
  renderRows?: (rows: Row[]) => ReactNode;
  empty: ReactNode;
  header?: ReactNode;
  skeleton?: ReactNode;
}) {
  const { t } = useTranslation();
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  let body: ReactNode;
  if (query.isPending) body = <div className="card">{skeleton}</div>;
  else if (query.isError && rows.length === 0) {
    body = <LoadFailed variant="plain" title={t('wallet.load_failed')} onRetry={() => void query.refetch()} />;
  } else if (rows.length === 0) body = <div className="card">{empty}</div>;
  else {
    body = (
      <>
        <ul className="k-list m-list">{renderRows ? renderRows(rows) : renderRow ? rows.map(renderRow) : null}</ul>
        <ListState state={listStateOf(query)} onLoadMore={() => void query.fetchNextPage()} />
      </>
    );
  }
  return (
    <Refreshable onRefresh={() => query.refetch()}>
      <div className="screen__body m-body">
        {header}
        {body}
      </div>
    </Refreshable>
  );
}
